/**
 * Best route per supplier and the supplier's own case (issue #34 points 1 and 2; docs/ROUTES.md) as the bank's
 * analyst (issuer): a demo supplier's page ranks the offered routes best first with their expected value (the API's
 * `routes[]`), and shows the supplier's case on the best route — acceptance fee, days paid sooner and net — with the
 * fee table it was priced with (the demo issuer has none of its own: the defaults). An issuer administrator edits an
 * issuer's table on the issuer page (a duplicate row is refused naming it) and resets it to the defaults; changing the
 * table and re-running is covered by apps/server/src/modules/results/acceptance-fees.test.ts.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { TSupplierDetail, TSupplierPage } from '@sextant/shared';
import { apiAs, demoJobWithResults, signIn } from './helpers.ts';

let api: APIRequestContext;
let jobId = '';

async function json<T>(url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The digits of an amount as the page writes it (any locale, 2 decimals): 1,008.29 → "100829". */
const digits = (n: number) => Math.abs(n).toFixed(2).replace('.', '');

test.beforeAll(async () => {
  test.setTimeout(600_000);
  api = await apiAs('issuer');
  // A fresh server seeds its demo jobs in the background: wait for the Severn job's results (its files carry terms).
  jobId = (await demoJobWithResults(api, { name: 'Severn', timeoutMs: 560_000 })).id;
});

test("a supplier's page ranks the routes best first and shows the supplier's own case", async ({ page }) => {
  const filters = JSON.stringify([
    { propertyName: 'daysSooner', itemComparisonOperator: 'GreaterThan', itemValue: 0 },
    { propertyName: 'supplierNetBenefit', itemComparisonOperator: 'NotEqual', itemValue: 0 },
  ]);
  const list = await json<TSupplierPage>(
    `/api/v1/jobs/${jobId}/results/suppliers?pageSize=20&orderBy=spend:desc&filters=${encodeURIComponent(filters)}`,
  );
  const row = list.collection.find((r) => r.bestRoute !== null);
  expect(row, 'a supplier with a best route and a net').toBeTruthy();
  const key = row!.supplierKey;
  const d = await json<TSupplierDetail>(`/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(key)}`);
  const best = d.routes[0]!;
  expect(best.route).toBe(row!.bestRoute);
  expect(best.supplierNet.feeTable).toBe('defaults');

  await signIn(page, 'issuer');
  await page.goto(`/jobs/${jobId}/suppliers/${encodeURIComponent(key)}`);
  const section = page.getByTestId('supplier-routes');
  await expect(section).toBeVisible();
  // every offered route, in the API's order, the best first and marked
  const rows = section.locator('tbody tr');
  await expect(rows).toHaveCount(d.routes.length);
  for (const [i, r] of d.routes.entries()) await expect(rows.nth(i)).toHaveAttribute('data-testid', `route-${r.route}`);
  const first = rows.first();
  await expect(first).toContainText('Best');
  const ev = (await first.getByTestId('route-expected-value').innerText()).replace(/\D/g, '');
  expect(ev).toBe(digits(best.expectedValue));

  // the supplier's own case on the best route: fee, days sooner, net, and the table the fee came from
  const c = page.getByTestId('supplier-case');
  await expect(c).toBeVisible();
  expect((await c.getByTestId('supplier-case-fee').innerText()).replace(/\D/g, '')).toBe(digits(best.supplierNet.fee));
  await expect(c.getByTestId('supplier-case-days')).toHaveText(String(best.supplierNet.daysSooner));
  expect((await c.getByTestId('supplier-case-net').innerText()).replace(/\D/g, '')).toBe(digits(best.supplierNet.net!));
  await expect(c.getByTestId('supplier-case-fee-table')).toHaveText('Fee from the default fee table');
});

test("an issuer administrator edits the issuer's acceptance fee table and resets it to the defaults", async ({
  page,
}) => {
  const admin = await apiAs('sysAdmin');
  // Meridian: its only demo job is matched data only (not scored), so no other spec's figures depend on its table
  const res = await admin.post('/api/v1/issuers/get', { data: { pageSize: 100 } });
  const { collection } = (await res.json()) as { collection: { id: string; issuerKey: string }[] };
  const meridian = collection.find((i) => i.issuerKey === 'meridian')!.id;
  const fees = async () =>
    ((await (await admin.get(`/api/v1/issuers/${meridian}`)).json()) as { acceptanceFees: unknown[] | null })
      .acceptanceFees;
  try {
    await signIn(page, 'sysAdmin');
    await page.goto(`/admin/issuer-manager/${meridian}`);
    const section = page.getByTestId('acceptance-fees-section');
    const table = section.getByTestId('acceptance-fees');
    await expect(page.getByTestId('acceptance-fees-source')).toHaveText('Defaults');
    await expect(table.locator('tbody tr')).toHaveCount(15);
    await section.getByRole('spinbutton', { name: 'Fee (bps) 1', exact: true }).fill('300');
    // two '*' rows: the save is refused, naming the row
    await section.getByRole('button', { name: 'Add row' }).click();
    await section.getByRole('button', { name: 'Add row' }).click();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByText('Row 17 (* / * / *) repeats row 16')).toBeVisible();
    await section.getByRole('button', { name: 'Remove row 17', exact: true }).click();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('acceptance-fees-source')).toHaveText("Issuer's fees");
    expect(await fees()).toEqual(
      expect.arrayContaining([{ network: '*', mccType: '*', sizeBand: 'Small', feeBps: 300 }]),
    );
    await section.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(page.getByTestId('acceptance-fees-source')).toHaveText('Defaults');
    expect(await fees()).toBeNull();
  } finally {
    await admin.post(`/api/v1/issuers/issuer-admin-acceptance-fees?issuerId=${meridian}`, {
      data: { acceptanceFees: null },
    });
    await admin.dispose();
  }
});
