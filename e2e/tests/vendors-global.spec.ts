/**
 * Vendor lookup (BETA) and global insights as an issuer user: a typed name with a typo finds the merchant of a demo
 * job and its page lists that job under "in your jobs"; global insights totals on screen equal the sum of the user's
 * jobs; the organisations list sorts and drills into a job. Screenshots of each page in two themes.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiAs, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
/** An exact amount as an English reader reads money (issue #33): the currency's symbol and own digits ("£1,234.56"). */
const amount = (n: number, cur: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: cur }).format(n);
/** A compact headline amount: the currency's symbol, at most three digits and one decimal, an abbreviation ("£127.4m"). */
const compactAmount = (cur: string) => {
  const symbol = new Intl.NumberFormat('en-GB', { style: 'currency', currency: cur })
    .formatToParts(0)
    .find((p) => p.type === 'currency')!.value;
  return new RegExp(`^${symbol.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}\\d{1,3}(\\.\\d)?(k|m|bn|K|M|B)?$`);
};

interface Job {
  id: string;
  name: string;
  type: string;
}
let api: APIRequestContext;
let jobId = '';
let merchant = { id: '', name: '' };

async function json<T>(url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function jobsWithResults(): Promise<{ job: Job; spend: number }[]> {
  const res = await api.post('/api/v1/authorization/auth-mapped-job-artifacts', { data: { pageSize: 200 } });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()) as { collection: Job[] };
  const out: { job: Job; spend: number }[] = [];
  for (const j of list.collection) {
    const s = await api.get(`/api/v1/jobs/${j.id}/results/summary`);
    if (s.ok()) out.push({ job: j, spend: ((await s.json()) as { spend: number }).spend });
  }
  return out;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  api = await apiAs('issuer');
  // A fresh server seeds its demo jobs in the background: wait for one with a matched supplier.
  const deadline = Date.now() + 560_000;
  while (!merchant.id && Date.now() < deadline) {
    for (const { job } of await jobsWithResults()) {
      const page = await json<{ collection: { supplierKey: string }[] }>(
        `/api/v1/jobs/${job.id}/results/suppliers?pageSize=20&orderBy=spend:desc`,
      );
      let matched: string | null = null;
      for (const row of page.collection) {
        const d = await json<{ match: { matchedMerchantId: string | null } }>(
          `/api/v1/jobs/${job.id}/results/suppliers/${encodeURIComponent(row.supplierKey)}`,
        );
        matched = d.match.matchedMerchantId;
        if (matched) break;
      }
      if (!matched) continue;
      // (503 while the server still prepares its vendor index)
      let res = await api.get(`/api/v1/vendors/${matched}`);
      while (res.status() === 503 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 2000));
        res = await api.get(`/api/v1/vendors/${matched}`);
      }
      expect(res.ok(), `vendor ${matched}: ${res.status()}`).toBeTruthy();
      const v = (await res.json()) as { vendor: { vendorId: string; name: string } };
      jobId = job.id;
      merchant = { id: v.vendor.vendorId, name: v.vendor.name };
      break;
    }
    if (!merchant.id) await new Promise((r) => setTimeout(r, 2000));
  }
  expect(merchant.id, 'a demo job with a matched supplier').not.toBe('');
});

test('a search with a typo finds the merchant; its page lists the job', async ({ page }) => {
  await signIn(page, 'issuer');
  await page.goto('/vendors');
  // drop a letter of the longest word (after its third letter) and swap the first two words
  const words = merchant.name.split(/\s+/);
  const longest = words.reduce((a, w, i) => (w.length > words[a]!.length ? i : a), 0);
  const typo = words.map((w, i) => (i === longest && w.length > 4 ? w.slice(0, 3) + w.slice(4) : w));
  if (typo.length > 2) [typo[0], typo[1]] = [typo[1]!, typo[0]!];
  const query = typo.join(' ');
  await page.getByTestId('vendor-q').fill(query);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query).replace(/%20/g, '(\\+|%20)')}`));
  const first = page.getByTestId('vendor-row').first();
  await expect(first, `"${query}" finds ${merchant.name}`).toHaveAttribute('data-vendor-id', merchant.id);
  await expect(page.getByTestId('vendor-caption')).toContainText('ms');
  // the result list exports as CSV
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('vendor-export').click()]);
  expect(download.suggestedFilename()).toBe('vendors.csv');
  // nonsense answers with hints
  await page.getByTestId('vendor-q').fill('Qxzzvy Wqpt');
  await expect(page.getByTestId('not-found-hints')).toBeVisible();
  await page.getByTestId('vendor-q').fill(query);
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/vendors/${merchant.id}$`));
  await expect(page.getByTestId('vendor-name')).toHaveText(merchant.name);
  await expect(page.locator(`[data-testid="vendor-job-row"][data-job-id="${jobId}"]`)).toBeVisible();
});

test('global insights totals equal the sum of the user’s jobs; organisations sort and drill in', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'issuer');
  // The jobs the issuer sees may still be completing: wait until the build covers every one with results.
  let expected: { jobs: number; spend: number };
  const deadline = Date.now() + 150_000;
  for (;;) {
    const before = await jobsWithResults();
    const st = await json<{ state: string; jobs: number }>('/api/v1/global-insights/status');
    const after = await jobsWithResults();
    if (st.state === 'Ready' && st.jobs === before.length && after.length === before.length) {
      expected = { jobs: after.length, spend: after.reduce((a, j) => a + j.spend, 0) };
      break;
    }
    expect(Date.now() < deadline, `global insights ready (${st.state}, ${st.jobs} jobs)`).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
  }
  const g = await json<{ spend: number; jobs: number; currency: string }>('/api/v1/global-insights/summary');
  expect(g.jobs).toBe(expected.jobs);
  expect(g.spend).toBeCloseTo(expected.spend, 0);
  await page.goto('/global-insights/loading');
  await expect(page).toHaveURL(/\/global-insights\/insights$/);
  // compact on the card ("£127.4m"), the full amount on hover
  await expect(page.getByTestId('global-spend-value')).toHaveAttribute('title', amount(g.spend, g.currency));
  await expect(page.getByTestId('global-spend-value')).toHaveText(compactAmount(g.currency));
  await expect(page.getByTestId('insights-chart')).toHaveAttribute('data-chart-ready', 'true');
  await page.getByTestId('mode-table').click();
  await expect(page.getByTestId('view-total-spend')).toBeVisible();
  expect(Number(await page.getByTestId('view-total-spend').getAttribute('data-value'))).toBeCloseTo(g.spend, 0);

  await page.getByTestId('global-tab-organizations').click();
  await expect(page.getByTestId('org-row').first()).toBeVisible();
  await page.getByTestId('org-kind-issuer').click();
  const issuerSpend = await page
    .locator('[data-testid="org-row"][data-kind="issuer"]')
    .evaluateAll((els) => els.reduce((a, e) => a + Number(e.getAttribute('data-spend')), 0));
  expect(issuerSpend).toBeCloseTo(g.spend, 0);
  await page.getByTestId('org-kind-buyer').click();
  await page.getByTestId('org-sort-spend').click();
  await expect(page).toHaveURL(/order=asc/);
  // the new order is fetched from the server after the URL changes: wait for the rows to follow it
  await expect
    .poll(async () => {
      const spends = await page
        .locator('[data-testid="org-row"]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-spend'))));
      return spends.length > 0 && spends.every((v, i) => i === 0 || spends[i - 1]! <= v);
    })
    .toBe(true);
  await page.getByTestId('org-job-link').first().click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+\/insights$/);
});

test('a first visit while global insights are computed shows the loading page, not an error', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'issuer');
  // The server answers 409 while the user's scope is built (SPEC: GlobalInsightsView → /global-insights/loading).
  // Held at "building" here, so the first visit is seen whatever state the shared demo data is in.
  const building = { state: 'Building', progress: 40, message: 'Reading job results', jobs: 3, builtAt: null };
  const conflict = {
    status: 409,
    contentType: 'application/json',
    body: JSON.stringify({
      code: 'Conflict',
      message: 'Global insights are being computed; see /global-insights/loading',
    }),
  };
  await page.route('**/api/v1/global-insights/summary*', (r) => r.fulfill(conflict));
  await page.route('**/api/v1/global-insights/views/**', (r) => r.fulfill(conflict));
  await page.route('**/api/v1/global-insights/status', (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(building) }),
  );
  await page.goto('/global-insights/insights');
  await expect(page).toHaveURL(/\/global-insights\/loading\?next=%2Fglobal-insights%2Finsights$/);
  await expect(page.getByTestId('global-progress')).toBeVisible();
  await expect(page.getByTestId('global-progress-message')).toContainText('Reading job results · 40 %');
  await expect(page.getByTestId('global-failed')).toHaveCount(0);
  await expect(page.getByTestId('notification')).toHaveCount(0);
  // the build finishes: the loading page opens the page the user asked for, still without an error
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page).toHaveURL(/\/global-insights\/insights$/, { timeout: 90_000 });
  await expect(page.getByTestId('global-spend-value')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('notification')).toHaveCount(0);
});

for (const theme of ['paytech', 'test'] as const) {
  test(`screenshots of vendor lookup and global insights in ${theme}`, async ({ page }) => {
    await signIn(page, 'issuer');
    await page.addInitScript((t) => localStorage.setItem('sextant.themeOverride', t), theme);
    await page.goto(`/vendors?q=${encodeURIComponent(merchant.name.split(' ').slice(0, 2).join(' '))}`);
    await expect(page.getByTestId('vendor-row').first()).toBeVisible();
    await page.screenshot({ path: path.join(shots, `vendors-search-${theme}.png`), fullPage: true });
    await page.goto(`/vendors/${merchant.id}`);
    await expect(page.getByTestId('vendor-job-row').first()).toBeVisible();
    await page.screenshot({ path: path.join(shots, `vendors-detail-${theme}.png`), fullPage: true });
    await page.goto('/global-insights/insights');
    await expect(page.getByTestId('insights-chart')).toHaveAttribute('data-chart-ready', 'true', { timeout: 60_000 });
    await page.screenshot({ path: path.join(shots, `global-insights-${theme}.png`), fullPage: true });
    await page.goto('/global-insights/organizations');
    await expect(page.getByTestId('org-row').first()).toBeVisible();
    await page.screenshot({ path: path.join(shots, `global-organizations-${theme}.png`), fullPage: true });
  });
}
