/**
 * Re-runs say what changed: a job manager's job is run, a second supplier file is added and the job re-run; the
 * job's Details tab then shows what changed since run 1 (the new suppliers as a filter chip, rows with the reason)
 * and the CSV download lists every change.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

const HEADER = 'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend';
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = from + i;
    return `E${k};Changes Spec Trading ${k} Ltd;${k} Mill Road;CB${k % 9} 1AA;Cambridge;GB;${k * 1500}`;
  }).join('\n');

test('the Details tab shows what changed since the previous run, and downloads it', async ({ page }) => {
  test.setTimeout(600_000);
  const api = await apiAs('ptcoJobManager');
  const options = (await (await api.get('/api/v1/jobs/creation-options')).json()) as {
    issuerId: string;
    buyers: { id: string }[];
  }[];
  const issuer = options.find((o) => o.buyers.length > 0)!;
  const created = await api.post(
    `/api/v1/job-artifacts?name=${encodeURIComponent(`Changes spec ${Date.now()}`)}&type=base&issuerId=${issuer.issuerId}&buyerId=${issuer.buyers[0]!.id}`,
  );
  expect(created.ok(), await created.text()).toBe(true);
  const jobId = ((await created.json()) as { id: string }).id;
  const upload = async (name: string, content: string) => {
    const r = await api.post(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, {
      multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
    });
    expect(((await r.json()) as { status: string }).status).toBe('validated');
  };
  const runToReady = async () => {
    const r = await api.post(`/api/v1/jobs/${jobId}/runs`);
    expect(r.ok(), await r.text()).toBe(true);
    await expect
      .poll(async () => ((await (await api.get(`/api/v1/jobs/${jobId}`)).json()) as { status: string }).status, {
        timeout: 240_000,
        intervals: [1_000],
      })
      .toBe('Ready');
  };
  await upload('suppliers-1.csv', `${HEADER}\n${rows(1, 8)}`);
  await runToReady();
  await upload('suppliers-2.csv', `${HEADER}\n${rows(101, 3)}`);
  await runToReady();

  await signIn(page, 'ptcoJobManager');
  await page.goto(`/jobs/${jobId}/details`);
  const section = page.getByTestId('run-changes');
  await expect(section).toContainText('What changed: run 2 against run 1');
  await expect(page.getByTestId('changes-kind-supplierAdded')).toHaveText('New supplier: 3');
  await page.getByTestId('changes-kind-supplierAdded').click();
  await expect(page.getByTestId('changes-row')).toHaveCount(3);
  await expect(page.getByTestId('changes-row').first()).toContainText("in the new run's files only");
  await expect(page.getByTestId('changes-row').first()).toContainText('Changes Spec Trading 103 Ltd');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('changes-download-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-changes-run-1-to-2\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(text[0]).toBe('Supplier key,Supplier,Spend before,Spend after,Change,What,Before,After,Reason');
  expect(text.filter((l) => l.includes('New supplier'))).toHaveLength(3);
});

test('before a re-run the section says there is nothing to compare yet', async ({ page }) => {
  test.setTimeout(480_000);
  const api = await apiAs('ptcoJobManager');
  const options = (await (await api.get('/api/v1/jobs/creation-options')).json()) as {
    issuerId: string;
    buyers: { id: string }[];
  }[];
  const issuer = options.find((o) => o.buyers.length > 0)!;
  const created = await api.post(
    `/api/v1/job-artifacts?name=${encodeURIComponent(`Changes first ${Date.now()}`)}&type=base&issuerId=${issuer.issuerId}&buyerId=${issuer.buyers[0]!.id}`,
  );
  const jobId = ((await created.json()) as { id: string }).id;
  await api.post(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, {
    multipart: { file: { name: 's.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\n${rows(1, 4)}`) } },
  });
  expect((await api.post(`/api/v1/jobs/${jobId}/runs`)).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await api.get(`/api/v1/jobs/${jobId}`)).json()) as { status: string }).status, {
      timeout: 240_000,
      intervals: [1_000],
    })
    .toBe('Ready');
  await signIn(page, 'ptcoJobManager');
  await page.goto(`/jobs/${jobId}/details`);
  await expect(page.getByTestId('changes-message')).toContainText('there is no previous run to compare with');
});
