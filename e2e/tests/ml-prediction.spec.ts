/**
 * Acceptance-model monitoring end to end as sysAdmin: the demo jobs' runs are evaluated by the ml.monitor command
 * after their pipeline; a second run of one job is compared with its first (input drift); the page shows the
 * figures, the AUC over time, the calibration chart and the drift of each input.
 */
import { expect, test } from '@playwright/test';
import type { TMlJobDetail, TMlOverview } from '@sextant/shared/values';
import { apiAs, signIn } from './helpers.ts';

test('sysAdmin monitors the acceptance model per job and over runs', async ({ page }) => {
  test.setTimeout(420_000);
  const api = await apiAs('sysAdmin');
  const overview = async () => (await (await api.get('/api/v1/ml-prediction/jobs')).json()) as TMlOverview;
  // The demo jobs run at first start; each scored run is evaluated once its pipeline has completed.
  // (a job whose model could not be trained — too few matched suppliers — is listed with no hold-out rows)
  await expect
    .poll(async () => (await overview()).jobs.filter((j) => j.latest.testRows > 0).length, {
      timeout: 240_000,
      intervals: [2_000],
    })
    .toBeGreaterThanOrEqual(1);
  const job = (await overview()).jobs.find((j) => j.latest.testRows > 0)!;
  expect(job.latest.testRows).toBeGreaterThan(0);
  const rerun = await api.post(`/api/v1/jobs/${job.jobId}/runs`);
  expect(rerun.ok(), await rerun.text()).toBeTruthy();
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/v1/ml-prediction/jobs/${job.jobId}`)).json()) as TMlJobDetail).runs.length,
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(2);

  await signIn(page, 'sysAdmin');
  await page.goto(`/admin/analysis-admin/ml-prediction?jobId=${job.jobId}`);
  await expect(page.getByTestId('page-header')).toHaveText('OCI ML Model monitoring');
  await expect(page.getByTestId('ml-jobs-table')).toContainText(job.jobName);
  await expect(page.getByTestId('ml-auc-chart')).toHaveAttribute('data-chart-ready', 'true');
  const detail = page.getByTestId('ml-job-detail');
  await expect(detail).toContainText(job.jobName);
  await expect(page.getByTestId('ml-run-history').locator('tbody tr')).toHaveCount(2);
  // The latest run is compared with the first: the same data gives stable inputs.
  await expect(detail).toContainText('Population stability index against run 1');
  await expect(page.getByTestId('ml-drift-table')).toContainText('Country');
  await expect(page.getByTestId('ml-drift-table')).toContainText('stable');
  await expect(page.getByTestId('ml-calibration-chart')).toHaveAttribute('data-chart-ready', 'true');
  const auc = await page.getByTestId('ml-auc').textContent();
  const d = (await (await api.get(`/api/v1/ml-prediction/jobs/${job.jobId}`)).json()) as TMlJobDetail;
  expect(auc).toContain(d.runs[0]!.metrics.auc!.toFixed(3));
  // The first run has nothing to compare with.
  await page.getByTestId('ml-run-history').locator('tbody tr').nth(1).click();
  await expect(detail).toContainText('nothing to compare with yet');
});
