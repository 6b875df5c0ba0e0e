/**
 * Campaign workflows as the campaign manager on the Albion demo job: the demo workflow is listed with its funnel;
 * a workflow is created from a use case, a wave is added and its outreach previewed and sent, an outcome file with
 * errors is refused with a row-level report and a valid one applied; the page's counters, the API's counters, the
 * per-supplier page and the supplier page's Campaigns section agree. Screenshots in two themes.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiAs, BASE, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

interface Counters {
  total: number;
  pending: number;
  active: number;
  succeeded: number;
  failed: number;
}
interface Workflow {
  id: string;
  name: string;
  counters: Counters;
  campaigns: { id: string; name: string; counters: Counters; emails: { sent: number } }[];
}

let api: APIRequestContext;
let jobId = '';

async function json<T>(url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  api = await apiAs('campaignManager');
  // The demo job runs in the background; its demo workflow (which gives the campaign manager the job) follows.
  const deadline = Date.now() + 280_000;
  for (;;) {
    const res = await api.get('/api/v1/campaign-workflows');
    expect(res.ok(), `workflow list: ${res.status()}`).toBeTruthy();
    const page = (await res.json()) as { collection: { jobId: string; name: string }[] };
    const demo = page.collection.find((w) => w.name.startsWith('Card enablement'));
    if (demo) {
      jobId = demo.jobId;
      break;
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  expect(jobId, 'the demo campaign workflow').not.toBe('');
});

test('create from a use case → rename → send a wave → upload outcomes → counters and supplier page agree → the supplier enrols through the link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'campaignManager');
  await page.goto(`/jobs/${jobId}/campaign-workflows`);
  await expect(page.getByTestId('job-campaigns-page')).toContainText('Card enablement — demo');
  await expect(page.getByTestId('campaign-funnel')).toHaveAttribute('data-chart-ready', 'true');
  const listed = await json<{ counters: Counters }>(`/api/v1/jobs/${jobId}/campaign-workflows`);
  await expect(page.getByTestId('job-campaign-counters-total')).toHaveText(
    new Intl.NumberFormat('en-GB').format(listed.counters.total),
  );

  // Create from a use case
  const sources = await json<{ useCases: { useCaseId: string; name: string; supplierCount: number }[] }>(
    `/api/v1/jobs/${jobId}/campaign-workflows/sources`,
  );
  const uc = sources.useCases.find((u) => u.supplierCount >= 6)!;
  await page.getByRole('link', { name: 'New workflow' }).click();
  await page.getByLabel('Name').fill('E2E enablement');
  await page.getByRole('combobox', { name: 'Use case' }).click();
  await page.getByRole('option', { name: new RegExp(`^${uc.name} —`) }).click();
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByTestId('campaign-workflow-page')).toContainText('E2E enablement');
  const workflowId = page.url().split('/').pop()!;
  const base = `/api/v1/jobs/${jobId}/campaign-workflows/${workflowId}`;

  // Rename: an empty name is refused under the field; a new one is saved
  await page.getByTestId('workflow-rename').click();
  await page.getByTestId('workflow-name-input').fill('   ');
  await page.getByTestId('workflow-rename-save').click();
  await expect(page.getByRole('dialog')).toContainText('Name is required');
  await page.getByTestId('workflow-name-input').fill('E2E enablement — renamed');
  await page.getByTestId('workflow-rename-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('workflow-name')).toHaveText('E2E enablement — renamed');
  expect((await json<Workflow>(base)).name).toBe('E2E enablement — renamed');

  // A wave of the 3 largest suppliers
  await page.getByRole('button', { name: 'New wave' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Wave/ }).fill('E2E wave');
  await dialog.getByLabel('Suppliers in the wave').fill('3');
  await page.getByRole('button', { name: 'Create wave' }).click();
  await expect(page.getByTestId('wave-E2E wave')).toBeVisible();
  let wf = await json<Workflow>(base);
  const wave = wf.campaigns.find((c) => c.name === 'E2E wave')!;
  expect(wave.counters.total).toBe(3);
  const members = await json<{ collection: { supplierKey: string; supplierName: string }[] }>(
    `${base}/suppliers?campaignId=${wave.id}`,
  );
  const keys = members.collection.map((m) => m.supplierKey);

  // Contacts, then the outreach: preview, send
  const contacts = ['supplierKey,contactEmail', ...keys.map((k, i) => `${k},ap${i}@supplier${i}.example`)].join('\n');
  await page
    .getByTestId('contacts-input')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(contacts) });
  await expect(page.getByText('3 contacts set')).toBeVisible();
  await page.getByTestId('wave-E2E wave').getByRole('button', { name: 'Outreach' }).click();
  await expect(page.getByTestId('outreach-recipients')).toContainText('3 suppliers will receive it');
  await page.getByRole('button', { name: 'Send to 3 suppliers' }).click();
  await expect(page.getByTestId('wave-emails-E2E wave')).toContainText('3 sent', { timeout: 30_000 });

  // An outcome file with errors is refused with its report; nothing changes
  const before = (await json<Workflow>(base)).counters;
  const bad = ['supplierKey,status,date,note', `${keys[0]},Won,2026-01-05,`, `nobody,Failed,,`].join('\n');
  await page
    .getByTestId('outcomes-input')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const report = page.getByTestId('upload-report');
  await expect(report).toContainText('row 2: status');
  await expect(report).toContainText('row 3: supplierKey');
  expect((await json<Workflow>(base)).counters).toEqual(before);

  // A valid one is applied
  const good = [
    'supplierKey,status,date,note',
    `${keys[0]},Succeeded,2026-01-05,Signed up`,
    `${keys[1]},Failed,,Declined`,
  ].join('\n');
  await page
    .getByTestId('outcomes-input')
    .setInputFiles({ name: 'outcomes.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(page.getByText('"outcomes.csv": 2 outcomes applied')).toBeVisible();

  // Counters on the page agree with the API
  wf = await json<Workflow>(base);
  expect(wf.counters).toMatchObject({ succeeded: 1, failed: 1, active: 1 });
  const row = page.getByTestId('route-All');
  await expect(row).toContainText(String(wf.counters.succeeded));
  await expect(page.getByTestId('wave-counters-E2E wave-succeeded')).toHaveText('1');
  await expect(page.getByTestId('wave-counters-E2E wave-failed')).toHaveText('1');
  await expect(page.getByTestId('wave-counters-E2E wave-active')).toHaveText('1');

  // The per-supplier page in the workflow and the supplier page agree
  const winner = members.collection[0]!;
  await page.getByTestId('workflow-suppliers').getByRole('link', { name: winner.supplierName }).click();
  await expect(page.getByTestId('campaign-supplier-status')).toHaveText('Succeeded');
  await expect(page.getByTestId('campaign-supplier-history')).toContainText('Signed up');
  await expect(page.getByTestId('campaign-supplier-emails')).toContainText('ap0@supplier0.example');
  await page.goto(`/jobs/${jobId}/suppliers/${encodeURIComponent(winner.supplierKey)}`);
  await expect(page.getByTestId(`supplier-campaign-${workflowId}`)).toContainText('E2E enablement');
  await expect(page.getByTestId(`supplier-campaign-${workflowId}`)).toContainText('Succeeded');

  // The cross-job list has it with the same counters
  await page.goto('/campaign-workflows');
  await expect(page.getByTestId('global-workflows')).toContainText('E2E enablement');

  // The third supplier opens the enrolment link of its email, signed out, and confirms
  const dev = await apiAs('developer');
  const mails = (await (await dev.get('/api/v1/dev/outbox?to=ap2%40supplier2.example&limit=5')).json()) as {
    text: string;
  }[];
  const link = /\/enrol#workflow=[\w-]+&token=[\w.-]+/.exec(mails[0]?.text ?? '')?.[0];
  expect(link, mails[0]?.text).toBeTruthy();
  const supplier = await browser.newContext({ baseURL: BASE });
  const enrol = await supplier.newPage();
  await enrol.goto(
    link!.replace(/token=([\w-]+)\.([\w-])/, (_, p: string, c: string) => `token=${p}.${c === 'A' ? 'B' : 'A'}`),
  );
  await expect(enrol.getByTestId('enrol-error')).toContainText('not valid');
  await enrol.goto('/404');
  await enrol.goto(link!);
  await expect(enrol.getByTestId('enrol-intro')).toContainText(members.collection[2]!.supplierName);
  await enrol.getByTestId('enrol-contactName').fill('Pat Supplier');
  await enrol.getByTestId('enrol-contactEmail').fill('pat@supplier2');
  await enrol.getByTestId('enrol-confirm').click();
  await expect(enrol.getByText('Enter a valid email address')).toBeVisible();
  await enrol.getByTestId('enrol-contactEmail').fill('pat@supplier2.example');
  await enrol.getByTestId('enrol-confirm').click();
  await expect(enrol.getByTestId('enrol-done')).toContainText('confirmed');
  await enrol.screenshot({ path: path.join(shots, 'campaigns-enrol.png'), fullPage: true });
  await enrol.reload();
  await expect(enrol.getByTestId('enrol-error')).toContainText('already used');
  await supplier.close();
  const third = await json<{ history: { kind: string; userName: string | null }[] }>(
    `${base}/suppliers/${encodeURIComponent(keys[2]!)}`,
  );
  // the link event and the contact change are one transaction (same time): find the link event by its kind
  expect(third.history.find((h) => h.kind === 'link')).toMatchObject({
    userName: 'Pat Supplier <pat@supplier2.example> (enrolment link)',
  });
});

for (const theme of ['paytech', 'test'] as const) {
  test(`screenshots of the campaign pages in ${theme}`, async ({ page }) => {
    await signIn(page, 'campaignManager');
    await page.addInitScript((t) => localStorage.setItem('sextant.themeOverride', t), theme);
    const list = await json<{ collection: { id: string; name: string }[] }>(`/api/v1/jobs/${jobId}/campaign-workflows`);
    const demo = list.collection.find((w) => w.name.startsWith('Card enablement'))!;
    await page.goto(`/jobs/${jobId}/campaign-workflows`);
    // the chart module loads lazily: allow for a busy machine
    await expect(page.getByTestId('campaign-funnel')).toHaveAttribute('data-chart-ready', 'true', { timeout: 30_000 });
    await page.screenshot({ path: path.join(shots, `campaigns-list-${theme}.png`), fullPage: true });
    await page.goto(`/jobs/${jobId}/campaign-workflows/${demo.id}`);
    await expect(page.getByTestId('waves')).toBeVisible();
    await expect(page.getByTestId('workflow-suppliers')).toContainText('Succeeded');
    await page.screenshot({ path: path.join(shots, `campaigns-workflow-${theme}.png`), fullPage: true });
  });
}
