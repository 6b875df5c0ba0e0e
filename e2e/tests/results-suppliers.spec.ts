/**
 * Suppliers, supplier page, Use Cases and the Use Cases Report as an issuer on a demo job: the suppliers table's
 * totals equal the summary API, a column filter and a sort change the rows (and live in the URL), a supplier
 * shows its match evidence and the rules behind its scores, a use case's supplier count equals its list entry.
 * Screenshots of the table and the supplier page in two themes.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiAs, demoJobWithResults, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

const count = (n: number) => new Intl.NumberFormat('en-GB').format(n);
/** An exact amount as an English reader reads money (issue #33): the currency's symbol and own digits ("£1,234.56"). */
const amount = (n: number, cur: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: cur }).format(n);

interface Page_ {
  collection: { supplierKey: string; supplierName: string | null; spend: number; matchStatus: string }[];
  totalCount: number;
  totalSpend: number;
  currency: string;
}

let api: APIRequestContext;
let jobId = '';

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
  jobId = (await demoJobWithResults(api, { name: 'Albion' })).id;
});

const rowNames = async (page: Page) => page.getByTestId('supplier-link').allInnerTexts();

test('the suppliers table agrees with the summary; a filter and a sort change the rows and stay in the URL', async ({
  page,
}) => {
  await signIn(page, 'issuer');
  const summary = await json<{ suppliers: number; spend: number; currency: string }>(
    `/api/v1/jobs/${jobId}/results/summary`,
  );
  await page.goto(`/jobs/${jobId}/suppliers`);
  await expect(page.getByTestId('total-suppliers')).toHaveText(count(summary.suppliers));
  await expect(page.getByTestId('total-spend')).toHaveText(amount(summary.spend, summary.currency));
  await expect(page.getByTestId('supplier-link')).toHaveCount(25);
  const before = await rowNames(page);
  const top = await json<Page_>(`/api/v1/jobs/${jobId}/results/suppliers?pageSize=25`);
  expect(before).toEqual(top.collection.map((r) => r.supplierName ?? r.supplierKey));

  // column filter: Match status = UNMATCHED
  const unmatched = await json<Page_>(
    `/api/v1/jobs/${jobId}/results/suppliers?filters=${encodeURIComponent(
      JSON.stringify([{ propertyName: 'matchStatus', itemComparisonOperator: 'Equal', itemValue: 'UNMATCHED' }]),
    )}`,
  );
  await page.getByRole('button', { name: 'Filter Match status' }).click();
  // the table's state lives in the URL: the checkbox follows once the navigation has applied
  await page.getByRole('checkbox', { name: 'UNMATCHED' }).click();
  await expect(page.getByRole('checkbox', { name: 'UNMATCHED' })).toBeChecked();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('total-suppliers')).toHaveText(count(unmatched.totalCount));
  await expect(page.getByTestId('total-spend')).toHaveText(amount(unmatched.totalSpend, unmatched.currency));
  expect(unmatched.totalCount).toBeLessThan(summary.suppliers);
  await expect(page).toHaveURL(/[?&]f=/);
  const filtered = await rowNames(page);
  expect(filtered).not.toEqual(before);
  expect(filtered[0]).toBe(unmatched.collection[0]!.supplierName ?? unmatched.collection[0]!.supplierKey);

  // sort by spend ascending (the header toggles desc → asc)
  await page.getByRole('button', { name: 'Spend', exact: true }).click();
  await expect(page).toHaveURL(/sort=spend%3Aasc|sort=spend:asc/);
  const asc = await json<Page_>(
    `/api/v1/jobs/${jobId}/results/suppliers?orderBy=spend:asc&filters=${encodeURIComponent(
      JSON.stringify([{ propertyName: 'matchStatus', itemComparisonOperator: 'Equal', itemValue: 'UNMATCHED' }]),
    )}`,
  );
  await expect(page.getByTestId('supplier-link').first()).toHaveText(
    asc.collection[0]!.supplierName ?? asc.collection[0]!.supplierKey,
  );
  expect(await rowNames(page)).not.toEqual(filtered);

  // the state survives a reload (it is in the URL)
  await page.reload();
  await expect(page.getByTestId('total-suppliers')).toHaveText(count(unmatched.totalCount));

  // search by name
  await page.goto(`/jobs/${jobId}/suppliers`);
  await page.getByTestId('supplier-search').fill('ltd');
  await expect(page).toHaveURL(/q=ltd/);
  const ltd = await json<Page_>(`/api/v1/jobs/${jobId}/results/suppliers?search=ltd`);
  await expect(page.getByTestId('total-suppliers')).toHaveText(count(ltd.totalCount));
});

test('a supplier shows its data, match evidence and the rules behind its scores', async ({ page }) => {
  await signIn(page, 'issuer');
  const matched = await json<Page_>(
    `/api/v1/jobs/${jobId}/results/suppliers?slicer=CardAccepting&slicerValue=MATCHED&pageSize=1`,
  );
  const s = matched.collection[0]!;
  const detail = await json<{
    merchant: { name: string } | null;
    match: { fieldsAgreeing: string[]; rule: { id: string } | null; fields: { field: string; result: string }[] };
    scores: { kind: string; rule: { id: string; description: string } }[];
    acceptance: { probability: number | null; drivers: { label: string; effect: number }[] };
  }>(`/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(s.supplierKey)}`);
  await page.goto(`/jobs/${jobId}/suppliers?slicer=CardAccepting&slicerValue=MATCHED`);
  await page.getByTestId('supplier-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/suppliers/${s.supplierKey}$`));
  await expect(page.getByTestId('supplier-name')).toHaveText(s.supplierName ?? s.supplierKey);
  await expect(page.getByTestId('supplier-spend')).toHaveText(amount(s.spend, matched.currency));
  await expect(page.getByTestId('merchant-name')).toHaveText(detail.merchant!.name);
  await expect(page.getByTestId('evidence-name')).toHaveAttribute('data-agrees', 'true');
  for (const f of detail.match.fieldsAgreeing.filter((f) => f !== 'address'))
    await expect(page.getByTestId(`evidence-${f}`)).toHaveAttribute('data-agrees', 'true');
  // The match rule that decided and the evidence per field (values compared, result).
  await expect(page.getByTestId('match-rule-id')).toHaveText(detail.match.rule!.id);
  for (const f of detail.match.fields)
    await expect(page.getByTestId(`evidence-row-${f.field}`).getByTestId('evidence-result')).toHaveAttribute(
      'data-result',
      f.result,
    );
  const vcard = detail.scores.find((x) => x.kind === 'Vcard')!;
  const row = page.getByTestId('score-Vcard');
  await expect(row.getByTestId('score-rule-id')).toHaveText(vcard.rule.id);
  await expect(row.getByTestId('score-rule-description')).toHaveText(vcard.rule.description);
  // The acceptance prediction shows the features that moved it (a demo job has enough matched suppliers to learn).
  expect(detail.acceptance.probability).not.toBeNull();
  expect(detail.acceptance.drivers.length).toBeGreaterThan(0);
  await expect(page.getByTestId('supplier-prediction-drivers')).toContainText(detail.acceptance.drivers[0]!.label);
  // The Campaigns section lists the supplier's campaign workflows (none for a supplier no workflow enrolled).
  const { campaigns } = await json<{ campaigns: { id: string; name: string }[] }>(
    `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(s.supplierKey)}`,
  );
  if (campaigns.length) await expect(page.getByTestId('supplier-campaigns')).toContainText(campaigns[0]!.name);
  else await expect(page.getByTestId('supplier-campaigns')).toContainText('No campaign includes this supplier yet.');
  // Back returns to the list with its slicer
  await page.goBack();
  await expect(page).toHaveURL(/slicer=CardAccepting/);
});

test('use cases: the cards, a use case and its suppliers agree; the report lists them', async ({ page }) => {
  await signIn(page, 'issuer');
  const list = await json<{
    currency: string;
    useCases: { useCaseId: string; supplierCount: number; spend: number }[];
  }>(`/api/v1/jobs/${jobId}/results/use-cases`);
  const uc = list.useCases.find((u) => u.supplierCount > 0)!;
  await page.goto(`/jobs/${jobId}/use-cases`);
  const card = page.getByTestId(`use-case-${uc.useCaseId}`);
  await expect(card.getByTestId('use-case-suppliers')).toHaveText(count(uc.supplierCount));
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/use-cases/${uc.useCaseId}$`));
  await expect(page.getByTestId('use-case-page').getByTestId('use-case-suppliers')).toHaveText(count(uc.supplierCount));
  // its suppliers table counts the same suppliers and spend
  await expect(page.getByTestId('total-suppliers')).toHaveText(count(uc.supplierCount));
  await expect(page.getByTestId('total-spend')).toHaveText(amount(uc.spend, list.currency));
  await page.getByTestId('supplier-link').first().click();
  await expect(page.getByTestId('use-case-contribution')).toBeVisible();
  await expect(page.getByTestId('supplier-breadcrumbs')).toContainText('Use cases');

  await page.goto(`/jobs/${jobId}/report/use-cases`);
  await expect(page.locator('[data-print-ready="true"]')).toBeVisible();
  await expect(page.getByTestId(`report-row-${uc.useCaseId}`)).toContainText(count(uc.supplierCount));
  await expect(page.getByTestId('download-pdf')).toHaveAttribute('href', `/api/v1/jobs/${jobId}/reports/use-cases/pdf`);
  // the server prints the same report (printable frame) to a PDF
  const pdf = await api.get(`/api/v1/jobs/${jobId}/reports/use-cases/pdf`, { timeout: 60_000 });
  expect(pdf.status(), await pdf.text().catch(() => '')).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
});

for (const theme of ['paytech', 'test'] as const) {
  test(`screenshots of the suppliers table and a supplier in ${theme}`, async ({ page }) => {
    await signIn(page, 'issuer');
    await page.addInitScript((t) => localStorage.setItem('sextant.themeOverride', t), theme);
    await page.goto(`/jobs/${jobId}/suppliers`);
    await expect(page.getByTestId('supplier-link')).toHaveCount(25);
    await page.screenshot({ path: path.join(shots, `results-suppliers-${theme}.png`), fullPage: true });
    await page.getByTestId('supplier-link').first().click();
    await expect(page.getByTestId('supplier-scores')).toBeVisible();
    await page.screenshot({ path: path.join(shots, `results-supplier-${theme}.png`), fullPage: true });
  });
}
