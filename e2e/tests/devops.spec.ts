/**
 * DevOps / ProQ: the demo start queues three jobs whose pipeline commands run through ProQ.
 * A sysAdmin sees them completed in /proq-monitoring and opens one with its payload, follows a demo job's six
 * steps in order in /workflow-management, and uses the navbar quick views; an issuer has no DevOps area.
 */
import { expect, test } from '@playwright/test';
import type { TPagedResult, TProqCommand } from '@sextant/shared';
import { apiAs, navLabels, signIn } from './helpers.ts';

const PIPELINE = ['job.ingest', 'job.normalise', 'job.match', 'job.enrich', 'job.score', 'job.aggregate'];

/** A demo job whose pipeline has completed (the demo jobs finish within ~30 s of the start). */
async function completedDemoJob(): Promise<{ jobId: string; jobName: string }> {
  const api = await apiAs('sysAdmin');
  let found: TProqCommand | undefined;
  await expect
    .poll(
      async () => {
        const res = await api.post('/api/v1/proq/completed-commands', {
          data: {
            pageSize: 5,
            orderBy: { propertyName: 'id', direction: 'asc' },
            filters: {
              filterItems: [
                { propertyName: 'commandType', itemComparisonOperator: 'Equal', itemValue: 'job.aggregate' },
              ],
            },
          },
        });
        expect(res.ok(), `completed-commands: ${res.status()}`).toBeTruthy();
        found = ((await res.json()) as TPagedResult<TProqCommand>).collection.find((c) => c.jobId);
        return Boolean(found);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  await api.dispose();
  return { jobId: found!.jobId!, jobName: found!.jobName ?? '' };
}

test('sysAdmin monitors ProQ, opens a command, follows a demo job and uses the quick views', async ({ page }) => {
  test.setTimeout(100_000);
  const { jobId, jobName } = await completedDemoJob();
  await signIn(page, 'sysAdmin');

  // Monitoring: running worker, counts, the completed list with job.* commands, and a command's detail.
  await page.goto('/proq-monitoring');
  await expect(page.getByTestId('proq-running')).toHaveText('Running');
  await expect(page.getByTestId('proq-count-completed')).not.toHaveText('0');
  await expect(page.getByTestId('proq-command-types')).toContainText('job.aggregate');
  await page.getByTestId('proq-tab-completed').click();
  // (other commands complete after a run too — model monitoring, the demo campaign — so look for a pipeline step)
  const rows = page
    .getByTestId('proq-list-completed')
    .locator('tbody tr')
    .filter({ hasText: /job\.(ingest|normalise|match|enrich|score|aggregate)/ });
  await expect(rows.first().getByTestId('proq-state')).toHaveText('Completed');
  await rows.first().click();
  const drawer = page.getByTestId('proq-command-drawer');
  await expect(drawer.getByTestId('proq-drawer-type')).toHaveText(/^job\./);
  await expect(drawer.getByTestId('proq-payload')).toContainText('"runId"');
  await expect(drawer.getByTestId('proq-copy-payload')).toBeVisible();
  await expect(drawer.getByTestId('proq-retry')).toHaveCount(0); // Completed: nothing to retry or cancel
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Workflow: the demo job's six steps, completed, in pipeline order.
  await page.goto(`/workflow-management?jobId=${jobId}`);
  await expect(page.getByTestId('workflow-job-input')).toHaveValue(jobName);
  // The six pipeline steps in order; after them only the run-completed subscribers that wait for the run's batch (model
  // monitoring, what changed since the last run, the demo campaign) may follow.
  const RUN_COMPLETED_SUBSCRIBERS = ['ml.monitor', 'jobChanges.compute', 'campaigns.demo'];
  const steps = page.getByTestId('workflow-step-type');
  await expect(steps.first()).toBeVisible();
  // Later commands of the job with their own correlation id (a campaign's outreach) are runs of their own, shown
  // first: pick the job's first run, its pipeline.
  const runs = page.getByRole('group', { name: 'Run' }).getByRole('button');
  if ((await runs.count()) > 1) await runs.first().click();
  await expect(steps.nth(5)).toHaveText('job.aggregate');
  const types = await steps.allInnerTexts();
  expect(types.filter((x) => x.startsWith('job.'))).toEqual(PIPELINE);
  for (const x of types.filter((y) => !y.startsWith('job.'))) expect(RUN_COMPLETED_SUBSCRIBERS).toContain(x);
  const nodes = page.locator('[data-testid="workflow-node"][data-type^="job."]');
  await expect(nodes).toHaveCount(6);
  for (const [i, type] of PIPELINE.entries()) {
    await expect(nodes.nth(i)).toHaveAttribute('data-type', type);
    await expect(nodes.nth(i)).toHaveAttribute('data-state', 'Completed');
  }
  await nodes.nth(2).click();
  await expect(page.getByTestId('proq-drawer-type')).toHaveText('job.match');
  await page.keyboard.press('Escape');

  // Quick views: the all-commands popover (no badge when nothing is queued), capped at 512 px; the current-job
  // icon only on a job's pages.
  await expect(page.getByTestId('quick-view-proq-job')).toHaveCount(0);
  const status = (await (await page.request.get('/api/v1/proq/proq-status-details')).json()) as {
    queuedCommandCount: number;
  };
  if (status.queuedCommandCount === 0) await expect(page.getByTestId('quick-view-proq-badge')).toBeHidden();
  await page.getByTestId('quick-view-proq').click();
  const popover = page.getByTestId('quick-view-proq-popover');
  await expect(popover).toBeVisible();
  await expect(popover).toHaveCSS('max-height', '512px');
  await expect(
    popover.getByTestId('quick-view-proq-table').or(popover.getByTestId('quick-view-proq-table-empty')),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/jobs/${jobId}/details`);
  await page.getByTestId('quick-view-proq-job').click();
  await expect(page.getByTestId('quick-view-proq-job-popover')).toContainText('No queued commands.');
});

test('an issuer has no DevOps area', async ({ page }) => {
  await signIn(page, 'issuer');
  await page.goto('/profile');
  expect(await navLabels(page)).not.toContain('DevOps');
  await expect(page.getByTestId('quick-view-proq')).toHaveCount(0);
  await page.goto('/proq-monitoring');
  await expect(page).toHaveURL(/\/401$/);
});

test('a developer pauses and resumes the background service; sysAdmin has no switch', async ({ page, browser }) => {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'sysAdmin');
  await adminPage.goto('/proq-monitoring');
  await expect(adminPage.getByTestId('proq-running')).toBeVisible();
  await expect(adminPage.getByTestId('proq-background-service')).toHaveCount(0);
  await admin.close();

  await signIn(page, 'developer');
  await page.goto('/proq-monitoring');
  const toggle = page.getByRole('switch', { name: 'Background service' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByTestId('proq-background-service')).toContainText('Background service paused');
  await expect(page.getByTestId('proq-running')).toHaveText('Stopped');
  await toggle.click();
  await expect(page.getByTestId('proq-background-service')).toContainText('Background service on');
  await expect(page.getByTestId('proq-running')).toHaveText('Running');
});
