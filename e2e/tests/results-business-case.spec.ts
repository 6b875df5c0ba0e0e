/**
 * Business case and PDF downloads, as the issuer demo user on a demo job: the calculator recomputes when an input
 * changes (and cannot be saved by a non-editor), the download page's PDF (rendered by server-side Chromium from the
 * printable page) and XLSX open and carry the job, the printable frame reports unknown report types.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { apiAs, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

let api: APIRequestContext;
let job: { id: string; name: string };

async function pdfText(buf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  api = await apiAs('issuer');
  const list = await (await api.post('/api/v1/authorization/auth-mapped-job-artifacts', { data: {} })).json();
  const found = (list.collection as { id: string; name: string }[]).find((j) => j.name.startsWith('Albion'));
  expect(found, 'the issuer sees the Albion demo job').toBeTruthy();
  job = found!;
  // A fresh data directory runs the demo jobs first.
  await expect
    .poll(async () => (await (await api.get(`/api/v1/jobs/${job.id}`)).json()).status, { timeout: 220_000 })
    .toBe('Ready');
});

test.afterAll(async () => api?.dispose());

test('the calculator recomputes the results as an input changes; a non-editor cannot save', async ({ page }) => {
  await signIn(page, 'issuer');
  for (const theme of ['paytech', 'mastercard']) {
    await page.addInitScript((t) => localStorage.setItem('sextant.themeOverride', t), theme);
    await page.goto(`/jobs/${job.id}/business-case-calculator`);
    await expect(page.getByTestId('bc-total-benefit')).toContainText(/\d/);
    await page.screenshot({ path: path.join(shots, `business-case-${theme}.png`), fullPage: true });
  }
  const bc = await (await api.get(`/api/v1/jobs/${job.id}/business-case`)).json();
  const total = page.getByTestId('bc-total-benefit');
  const before = await total.innerText();
  const cardSpendRow = page.getByTestId('bc-row-cardSpend');
  const cardBefore = await cardSpendRow.innerText();
  await page.getByTestId('bc-input-conversion.High').fill('100');
  await expect(total).not.toHaveText(before);
  await expect(cardSpendRow).not.toHaveText(cardBefore);
  // Year 3 at 100 % ramp-up equals the fully ramped target shown in the headline.
  const target = page.getByTestId('bc-target-card-spend');
  await expect(target).not.toHaveText('');
  expect(bc.canEdit).toBe(false);
  await expect(page.getByTestId('bc-save')).toHaveCount(0);
  // An invalid input names the problem and hides stale results.
  await page.getByTestId('bc-input-conversion.Low').fill('150');
  await expect(page.getByText('Conversion rate for Low must be at most 100 %')).toBeVisible();
  await expect(page.getByTestId('bc-years')).toHaveCount(0);
  await page.getByTestId('bc-reset').click();
  await expect(page.getByTestId('bc-input-conversion.High')).toHaveValue(String(bc.defaults.conversion.High));
  await expect(total).toHaveText(before);
});

test('the download page’s PDF and XLSX open and carry the job', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'issuer');
  await page.goto(`/jobs/${job.id}/business-case-download`);
  await expect(page.getByTestId('bc-total-benefit')).toContainText(/\d/);

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bc-download-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/-business-case\.pdf$/);
  const pdfBuf = readFileSync((await pdf.path())!);
  expect(pdfBuf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdfBuf);
  expect(text).toContain(job.name);
  expect(text).toContain('Total benefit');

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bc-download-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/-business-case\.xlsx$/);
  const zip = await JSZip.loadAsync(readFileSync((await xlsx.path())!));
  const workbook = await zip.file('xl/workbook.xml')!.async('string');
  expect(workbook).toContain('name="Inputs"');
  expect(workbook).toContain('name="Results"');
});

test('report PDFs of the other printable types render through the API with the job name', async () => {
  test.setTimeout(120_000);
  // Each type renders when its report is registered; an unregistered type fails visibly (502), never silently.
  let rendered = 0;
  for (const type of ['insights', 'use-cases']) {
    const res = await api.get(`/api/v1/jobs/${job.id}/reports/${type}/pdf`, { timeout: 90_000 });
    if (res.status() === 502) {
      expect((await res.json()).message).toContain('Unknown report type');
      continue;
    }
    expect(res.status(), await res.text()).toBe(200);
    expect(await pdfText(await res.body())).toContain(job.name);
    rendered++;
  }
  test.info().annotations.push({ type: 'rendered', description: `${rendered} of insights/use-cases` });
  const unknown = await api.get(`/api/v1/jobs/${job.id}/reports/nonsense/pdf`);
  expect(unknown.status()).toBe(400);
});

test('the printable frame names an unknown report type', async ({ page }) => {
  await signIn(page, 'issuer');
  await page.goto(`/jobs/${job.id}/printable/nonsense/a/b`);
  await expect(page.getByTestId('print-error')).toContainText('Unknown report type "nonsense"');
  await expect(page.locator('[data-print-ready="true"]')).toHaveCount(0);
});
