/**
 * Summary, Insights, Insights Report and Insights Presentation as an issuer on a demo job: the figures on screen
 * equal the API, the chart renders and follows the slicer, the table totals equal the summary spend, the
 * presentation answers the keyboard and its PPTX opens with the job name. Screenshots in two themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import JSZip from 'jszip';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { apiAs, demoJobWithResults, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

interface Summary {
  jobName: string;
  suppliers: number;
  spend: number;
  currency: string;
  matched: { suppliers: number };
}
interface View {
  categories: { category: string; spend: number; supplierCount: number }[];
  totals: { spend: number; supplierCount: number };
}

const count = (n: number) => new Intl.NumberFormat('en-GB').format(n);
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
/** A headline card shows the amount compact ("£127.4m") with the full amount on hover. */
async function expectHeadlineAmount(page: Page, testId: string, n: number, cur: string) {
  await expect(page.getByTestId(testId)).toHaveAttribute('title', amount(n, cur));
  await expect(page.getByTestId(testId)).toHaveText(compactAmount(cur));
}

let api: APIRequestContext;
let jobId = '';
let job: { name: string } = { name: '' };

async function json<T>(url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  api = await apiAs('issuer');
  // A fresh server seeds its demo jobs in the background: wait for a scored one with results.
  // The Albion demo job (other specs create small jobs of their own that the issuer may see too).
  const found = await demoJobWithResults(api, { name: 'Albion' });
  job = found;
  jobId = found.id;
});

/** Serious or critical axe violations inside the tab's content (the job frame around it is checked elsewhere). */
async function contentViolations(page: Page) {
  const r = await new AxeBuilder({ page }).include('[data-testid^="job-tab-content"]').analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function chooseSlicer(page: Page, slicer: string, value?: string) {
  await page.getByRole('combobox', { name: 'Slicer' }).click();
  await page.getByTestId(`slicer-option-${slicer}`).click();
  if (value) {
    await page.getByRole('combobox', { name: 'Value' }).click();
    await page.getByTestId(`slicer-value-option-${value}`).click();
  }
}

test('summary figures equal the API, under Overall and another slicer', async ({ page }) => {
  await signIn(page, 'issuer');
  const s = await json<Summary>(`/api/v1/jobs/${jobId}/results/summary`);
  await page.goto(`/jobs/${jobId}/summary`);
  await expect(page.getByTestId('figure-suppliers-value')).toHaveText(count(s.suppliers));
  await expectHeadlineAmount(page, 'figure-spend-value', s.spend, s.currency);
  await expect(page.getByTestId('waterfall-chart')).toHaveAttribute('data-chart-ready', 'true');
  await expect(page.getByTestId('scores-level-chart')).toHaveAttribute('data-chart-ready', 'true');
  const wf = await page
    .locator('[data-testid^="waterfall-spend-"]')
    .evaluateAll((els) => els.reduce((a, e) => a + Number(e.getAttribute('data-value')), 0));
  expect(wf).toBeCloseTo(s.spend, 0);

  const m = await json<Summary>(`/api/v1/jobs/${jobId}/results/summary?slicer=CardAccepting&slicerValue=UNMATCHED`);
  expect(m.suppliers).toBeLessThan(s.suppliers);
  await chooseSlicer(page, 'CardAccepting', 'UNMATCHED');
  await expect(page).toHaveURL(/slicer=CardAccepting&slicerValue=UNMATCHED/);
  await expect(page.getByTestId('figure-suppliers-value')).toHaveText(count(m.suppliers));
  await expectHeadlineAmount(page, 'figure-spend-value', m.spend, m.currency);
});

test('insights chart renders, follows the slicer, and its table totals equal the summary spend', async ({ page }) => {
  await signIn(page, 'issuer');
  const s = await json<Summary>(`/api/v1/jobs/${jobId}/results/summary`);
  const overall = await json<View>(`/api/v1/jobs/${jobId}/results/views/country`);
  const matched = await json<View>(
    `/api/v1/jobs/${jobId}/results/views/country?slicer=CardAccepting&slicerValue=MATCHED`,
  );
  const started = Date.now();
  await page.goto(`/jobs/${jobId}/insights`);
  const chart = page.getByTestId('insights-chart');
  await expect(chart).toHaveAttribute('data-chart-ready', 'true');
  test.info().annotations.push({ type: 'first chart (ms)', description: String(Date.now() - started) });
  const box = page.getByTestId('insights-chart-box');
  await expect(box).toHaveAttribute('data-bars', String(overall.categories.length));
  expect(Number(await box.getAttribute('data-sum'))).toBeCloseTo(overall.totals.spend, 0);
  expect(overall.totals.spend).toBeCloseTo(s.spend, 0);

  await chooseSlicer(page, 'CardAccepting', 'MATCHED');
  await expect(box).toHaveAttribute('data-sum', String(Math.round(matched.totals.spend * 100) / 100));
  await expect(chart).toHaveAttribute('data-chart-ready', 'true');
  expect(matched.totals.spend).toBeLessThan(overall.totals.spend);

  await chooseSlicer(page, 'Overall');
  await page.getByTestId('mode-table').click();
  const total = page.getByTestId('view-total-spend');
  await expect(total).toHaveText(amount(s.spend, s.currency));
  expect(Number(await total.getAttribute('data-value'))).toBeCloseTo(s.spend, 0);
  await expect(page.getByTestId('view-row')).toHaveCount(overall.categories.length);

  // Export data: the chart's CSV.
  const href = await page.getByTestId('export-data').getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    `category,supplierCount,spend (${s.currency}),documentCount,matchedCount`,
  );

  // The industry view starts on SIC industry code and switches classification.
  await page.getByTestId('mode-chart').click();
  await page.getByTestId('view-tab-industry').click();
  await expect(page).toHaveURL(/view=industry\.sicIndustry/);
  await expect(page.getByRole('combobox', { name: 'Industry classification' })).toHaveText('SIC industry code');
  await expect(chart).toHaveAttribute('data-chart-ready', 'true');
});

test('insights report shows every view and marks its charts ready', async ({ page }) => {
  await signIn(page, 'issuer');
  await page.goto(`/jobs/${jobId}/report/insights`);
  await expect(page.getByTestId('report-job-name')).toHaveText(job.name);
  await expect(page.getByTestId('insights-report')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 });
  await expect(page.locator('[data-testid^="report-view-"]')).toHaveCount(7);
  await expect(page.getByTestId('download-pdf')).toHaveAttribute('href', `/api/v1/jobs/${jobId}/reports/insights/pdf`);
  // this server has Chromium: the download is offered, and the browser's print beside it
  await expect(page.getByTestId('print-report')).toBeVisible();
  await expect(page.getByTestId('print-hint')).toHaveCount(0);
});

test('without a browser on the server, the report is printed by the user’s own browser', async ({ page, context }) => {
  await signIn(page, 'issuer');
  // This server has Chromium: answer as a server without it (the current user says whether the server prints PDFs).
  await page.route('**/api/v1/auth/me', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...((await res.json()) as object), pdfRendering: false } });
  });
  await page.goto(`/jobs/${jobId}/report/insights`);
  await expect(page.getByTestId('print-hint')).toBeVisible();
  await expect(page.getByTestId('download-pdf')).toHaveCount(0);
  const print = page.getByTestId('print-report');
  await expect(print).toHaveAttribute('href', `/jobs/${jobId}/printable/insights?print=1`);
  // the new tab opens the browser's print dialog once, when the report is ready
  await context.addInitScript(() => {
    const w = window as unknown as { printCalls: number; print: () => void };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls += 1;
    };
  });
  const [tab] = await Promise.all([context.waitForEvent('page'), print.click()]);
  await expect(tab.locator('[data-print-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => tab.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  await expect(tab.getByTestId('report-job-name')).toHaveText(job.name);
});

test('presentation: keyboard navigation and a PPTX with the job name', async ({ page }) => {
  await signIn(page, 'issuer');
  await page.goto(`/jobs/${jobId}/presentation`);
  const counter = page.getByTestId('slide-counter');
  await expect(counter).toHaveText('1 / 8');
  await expect(page.getByTestId('slide-job-name')).toHaveText(job.name);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('2 / 8');
  await expect(page.getByTestId('slide-headline')).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(counter).toHaveText('3 / 8');
  await expect(page.getByTestId('waterfall-chart')).toHaveAttribute('data-chart-ready', 'true');
  await page.keyboard.press('End');
  await expect(counter).toHaveText('8 / 8');
  await expect(page.getByTestId('slide-use-cases')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('8 / 8');
  await page.keyboard.press('PageUp');
  await expect(counter).toHaveText('7 / 8');
  await page.keyboard.press('Home');
  await expect(counter).toHaveText('1 / 8');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('1 / 8');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pptx').click()]);
  expect(download.suggestedFilename()).toMatch(/-insights\.pptx$/);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const slide1 = await zip.file('ppt/slides/slide1.xml')!.async('string');
  const unescape = (x: string) => x.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  expect(unescape(slide1)).toContain(job.name);
  expect(Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))).toHaveLength(8);
});

for (const theme of ['paytech', 'test'] as const) {
  test(`screenshots of summary and insights in ${theme}`, async ({ page }) => {
    await signIn(page, 'issuer');
    await page.addInitScript((t) => localStorage.setItem('sextant.themeOverride', t), theme);
    await page.goto(`/jobs/${jobId}/summary`);
    await expect(page.getByTestId('waterfall-chart')).toHaveAttribute('data-chart-ready', 'true');
    await expect(page.getByTestId('scores-confidence-chart')).toHaveAttribute('data-chart-ready', 'true');
    await page.screenshot({ path: path.join(shots, `results-summary-${theme}.png`), fullPage: true });
    expect(await contentViolations(page)).toEqual([]);
    await page.goto(`/jobs/${jobId}/insights`);
    await expect(page.getByTestId('insights-chart')).toHaveAttribute('data-chart-ready', 'true');
    await page.screenshot({ path: path.join(shots, `results-insights-${theme}.png`), fullPage: true });
    expect(await contentViolations(page)).toEqual([]);
    await page.getByTestId('mode-table').click();
    await expect(page.getByTestId('view-total-spend')).toBeVisible();
    expect(await contentViolations(page)).toEqual([]);
  });
}

test('a consultant upload shows its document counts, and banded views read in scale order', async ({ page }) => {
  // The Severn Logistics demo job: a supplier master, a year of invoices and their payments.
  const severn = await demoJobWithResults(api, { name: 'Severn', timeoutMs: 120_000 });
  const s = await json<Summary & { counts: { invoices: number; payments: number } }>(
    `/api/v1/jobs/${severn.id}/results/summary`,
  );
  expect(s.counts.invoices).toBeGreaterThan(0);
  const terms = await json<View>(`/api/v1/jobs/${severn.id}/results/views/invoicePaymentTerms`);
  const bands = ['Immediate (0 days)', '1-15 days', '16-30 days', '31-45 days', '46-60 days', '61-90 days'];
  expect(terms.categories.map((c) => c.category)).toEqual(
    bands.filter((b) => terms.categories.some((c) => c.category === b)),
  );

  await signIn(page, 'issuer');
  await page.goto(`/jobs/${severn.id}/summary`);
  await expect(page.getByTestId('figure-count-invoices-value')).toHaveText(count(s.counts.invoices));
  await expect(page.getByTestId('figure-count-payments-value')).toHaveText(count(s.counts.payments));
  await page.goto(`/jobs/${severn.id}/insights?view=invoicePaymentTerms`);
  await expect(page.getByTestId('insights-chart')).toHaveAttribute('data-chart-ready', 'true');
  await expect(page.getByTestId('insights-chart-box')).toHaveAttribute('data-bars', String(terms.categories.length));
  await page.getByTestId('mode-table').click();
  // The table reads in band order even when ranked by suppliers.
  await page.getByTestId('measure-suppliers').click();
  await expect(page.getByTestId('view-row').locator('td:first-child')).toHaveText(
    terms.categories.map((c) => c.category),
  );
});
