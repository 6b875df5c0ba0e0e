/**
 * The home dashboard as the place a role starts its day (issue #33 item 5; Dashboard_VIEW is a staff permission, the
 * other roles start on the job list): the developer, who also runs campaigns, sees their jobs with their state, the
 * demo campaign in progress with its counters, what changed since their last visit and what needs them — each as the
 * API reports it, and each linking to where the work continues.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, demoCampaignWorkflow, signIn } from './helpers.ts';

interface Dashboard {
  since: string | null;
  changes: { jobsCreated: number; jobsReady: number; jobsFailed: number; campaignReplies: number | null } | null;
  needsMe: { kind: string; job: { id: string; name: string } }[];
  myJobs: {
    counts: Record<'Draft' | 'Processing' | 'Ready' | 'Failed', number>;
    recent: { id: string; name: string; status: string }[];
  };
  campaigns:
    | {
        workflowId: string;
        jobId: string;
        name: string;
        jobName: string;
        pending: number;
        active: number;
        succeeded: number;
        failed: number;
      }[]
    | null;
}

let api: APIRequestContext;
let workflowName = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  api = await apiAs('developer');
  // The demo campaign workflow follows the demo job's run (it also assigns the job to the campaign manager).
  workflowName = (await demoCampaignWorkflow(api)).name;
});

test('the developer starts the day on the dashboard: my jobs, campaigns in progress, changes, what needs me', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'developer');
  const n = (x: number) => new Intl.NumberFormat('en-GB').format(x);
  let d!: Dashboard;
  // The page and the API read at once; other specs may move a counter in between, so a mismatch is read again.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-day')).toBeVisible();
    d = (await (await page.request.get('/api/v1/dashboard')).json()) as Dashboard;

    // My jobs: a line per recent job with its state, linking to the job (results) or its progress page.
    const myJobs = page.getByTestId('dashboard-my-jobs');
    if (d.myJobs.recent.length === 0) await expect(myJobs).toContainText('You have no jobs yet');
    for (const j of d.myJobs.recent) {
      const line = myJobs.getByTestId(`dashboard-job-${j.id}`);
      await expect(line).toContainText(j.name);
      await expect(line).toContainText(j.status);
    }
    for (const s of ['Draft', 'Processing', 'Ready', 'Failed'] as const)
      await expect(page.getByTestId(`dashboard-count-${s}`)).toHaveText(`${s}: ${n(d.myJobs.counts[s])}`);

    // Campaigns in progress with their counters, as the API counts them.
    const campaigns = page.getByTestId('dashboard-campaigns');
    const demo = d.campaigns?.find((c) => c.name === workflowName);
    expect(demo, 'the demo campaign is in progress').toBeTruthy();
    await expect(campaigns.getByRole('link', { name: workflowName })).toHaveAttribute(
      'href',
      `/jobs/${demo!.jobId}/campaign-workflows/${demo!.workflowId}`,
    );
    await expect(campaigns).toContainText(
      `${n(demo!.pending)} pending · ${n(demo!.active)} active · ${n(demo!.succeeded)} enrolled · ${n(demo!.failed)} declined`,
    );

    // What changed since the last visit (or, on the very first, what will show there).
    const changes = page.getByTestId('dashboard-changes');
    if (d.since && d.changes) {
      await expect(changes).toContainText('Since ');
      await expect(changes).toContainText(`${d.changes.jobsCreated} job`);
    } else await expect(changes).toContainText('From your next visit');

    // What needs me: each failed or waiting job named, or a plain "nothing".
    const needs = page.getByTestId('dashboard-needs-me');
    if (d.needsMe.length === 0) await expect(needs).toContainText('Nothing needs you right now');
    else for (const item of d.needsMe) await expect(needs).toContainText(item.job.name);
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 5_000] });

  // A ready job's line opens the job.
  const ready = d.myJobs.recent.find((j) => j.status === 'Ready');
  if (ready) {
    await page.getByTestId('dashboard-my-jobs').getByTestId(`dashboard-job-${ready.id}`).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${ready.id}`));
  }
});
