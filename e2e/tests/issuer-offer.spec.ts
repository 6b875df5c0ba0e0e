/**
 * Issuer settings act on results (DESIGN §8): Pacific Commerce Bank does not offer SCF or Boost (its demo
 * capabilities), so its Cascade Health demo job's summary, use cases and business case say so, naming the issuer
 * setting, and list no SCF or virtual lockbox use case — for the role that edits issuer settings (sysAdmin) and for the
 * job's user (its owner, ptcoJobManager). Read-only: no setting is changed, so other specs see the demo as seeded.
 */
import { expect, test } from '@playwright/test';
import { apiAs, demoJobWithResults, signIn } from './helpers.ts';

let jobId = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const api = await apiAs('sysAdmin');
  jobId = (await demoJobWithResults(api, { name: 'Cascade', anyType: true })).id;
  // the issuer's settings as the issuer admin sees them: no SCF, no Boost
  const issuers = await api.post('/api/v1/issuers/get', { data: { pageNumber: 1, pageSize: 25 } });
  const pacific = (
    (await issuers.json()) as { collection: { name: string; issuerCapabilities: string[] }[] }
  ).collection.find((i) => i.name === 'Pacific Commerce Bank');
  expect(pacific?.issuerCapabilities).not.toContain('Scf');
  expect(pacific?.issuerCapabilities).not.toContain('Boost');
});

for (const username of ['sysAdmin', 'ptcoJobManager']) {
  test(`${username}: the absent capabilities are explained and gone from the use cases`, async ({ page }) => {
    await signIn(page, username);
    await page.goto(`/jobs/${jobId}/summary`);
    const note = page.getByTestId('not-offered-issuerCapabilities');
    await expect(note).toContainText('Not offered by Pacific Commerce Bank: SCF, Boost');
    await expect(note).toContainText('Capabilities');
    await expect(page.getByTestId('waterfall-chart')).toHaveAttribute('data-chart-ready', 'true');

    await page.goto(`/jobs/${jobId}/use-cases`);
    await expect(page.getByTestId('use-cases-page')).toBeVisible();
    await expect(page.getByTestId('use-case-vc-accepting')).toBeVisible();
    await expect(page.getByTestId('not-offered-issuerCapabilities')).toContainText('SCF, Boost');
    await expect(page.getByTestId('use-case-scf-strategic')).toHaveCount(0);
    await expect(page.getByTestId('use-case-boost-lockbox')).toHaveCount(0);
    await expect(page.getByTestId('use-cases-page')).not.toContainText('Supply chain finance');
    await expect(page.getByTestId('use-cases-page')).not.toContainText('Virtual lockbox');
  });
}
