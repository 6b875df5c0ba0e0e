/**
 * Several networks at once (issue #34 point 3; docs/NETWORKS.md) as the bank's analyst (issuer): the demo's two
 * generated networks are listed with version, merchants and loaded at; a supplier whose best capability comes from
 * the second network shows, on its page, one row per network with merchant and confidence, and the merged view naming
 * that network; the suppliers table filters on the merged column.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, demoJobWithResults, signIn } from './helpers.ts';

let api: APIRequestContext;
let jobId = '';

async function json<T>(url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  api = await apiAs('issuer');
  // A fresh server seeds its demo jobs in the background: wait for the Albion job's results.
  jobId = (await demoJobWithResults(api, { name: 'Albion', timeoutMs: 560_000 })).id;
});

test('the loaded networks are listed, and a supplier shows each network and the merged view with its source', async ({
  page,
}) => {
  const { networks } = await json<{
    networks: { name: string; version: string; merchants: number; loadedAt: string; primary: boolean }[];
  }>('/api/v1/networks');
  expect(networks.map((n) => [n.name, n.primary])).toEqual([
    ['Scheme A', true],
    ['Scheme B', false],
  ]);
  for (const n of networks) {
    expect(n.merchants).toBeGreaterThan(0);
    expect(n.version).not.toBe('');
    expect(Number.isNaN(Date.parse(n.loadedAt))).toBe(false);
  }

  // a supplier whose best capability comes from the second network
  const filters = JSON.stringify([
    { propertyName: 'bestCapabilityNetwork', itemComparisonOperator: 'Equal', itemValue: 'Scheme B' },
  ]);
  const fromB = await json<{ collection: { supplierKey: string }[]; totalCount: number }>(
    `/api/v1/jobs/${jobId}/results/suppliers?pageSize=5&orderBy=spend:desc&filters=${encodeURIComponent(filters)}`,
  );
  expect(fromB.totalCount).toBeGreaterThan(0);
  const key = fromB.collection[0]!.supplierKey;
  const detail = await json<{
    networks: { network: string; merchantName: string | null; confidence: string | null; candidateSearch: string }[];
    mergedNetworks: { bestCapability: string; bestCapabilityNetwork: string | null } | null;
  }>(`/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(key)}`);
  expect(detail.mergedNetworks?.bestCapabilityNetwork).toBe('Scheme B');

  await signIn(page, 'issuer');
  await page.goto(`/jobs/${jobId}/suppliers/${encodeURIComponent(key)}`);
  const section = page.getByTestId('supplier-networks');
  await expect(section).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Networks' })).toBeVisible();
  await expect(page.getByTestId('supplier-network-0')).toContainText('Scheme A');
  const b = page.getByTestId('supplier-network-1');
  await expect(b).toContainText('Scheme B');
  await expect(b).toContainText(detail.networks[1]!.merchantName!);
  await expect(b).toContainText(detail.networks[1]!.confidence!);
  // the further network was searched by the confirmatory match (NETWORKS_MATCH's default), and the page says so
  expect(detail.networks.map((n) => n.candidateSearch)).toEqual(['full', 'confirm']);
  await expect(page.getByTestId('supplier-network-1-search')).toHaveText('confirmatory search');
  await expect(page.getByTestId('best-capability-source')).toHaveText('from Scheme B');
  await expect(page.getByTestId('supplier-networks-merged')).toContainText(detail.mergedNetworks!.bestCapability);
});
