/**
 * The home dashboard (Dashboard_VIEW): my jobs and their state, campaigns in progress with their counters, what
 * changed since my last visit and what needs me. Everything is read through the caller's job visibility (the one job
 * record rule, authorization module), so another tenant's jobs, campaigns and changes never appear; the campaign
 * parts need the campaign feature (CampaignManager_Feature_VIEW and Campaign_View).
 */
import { and, inArray, type SQL } from 'drizzle-orm';
import { jobArtifacts } from '@sextant/db';
import { JOB_STATUSES, type TDashboard, type TDashboardJob } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { jobVisibilityOf, jobVisibleCondition } from '../authorization/index.ts';
import {
  campaignRepliesSince,
  campaignsInProgress,
  jobChangesSince,
  jobRows,
  mineCondition,
  recordVisit,
  statusCounts,
} from './dashboard.repo.ts';

/** A new visit starts when the previous one is older than this (a reload keeps the same "since"). */
export const VISIT_GAP_MS = 30 * 60_000;
const RECENT = 8;
const NEEDS = 10;
const CAMPAIGNS = 8;

type JobRow = Awaited<ReturnType<typeof jobRows>>[number];
const toJob = (r: JobRow): TDashboardJob => ({
  id: r.id,
  name: r.name,
  type: r.type,
  status: r.status,
  issuerName: r.issuerName,
  buyerName: r.buyerName,
  updatedAt: r.updatedAt.toISOString(),
  error: r.status === 'Failed' ? r.error : null,
});

export async function dashboardOf(ctx: AppContext, auth: AuthContext, now = new Date()): Promise<TDashboard> {
  const visible: SQL = jobVisibleCondition(await jobVisibilityOf(ctx, auth));
  const mine = and(visible, mineCondition(auth.user.id))!;
  const campaignsOn = auth.permissions.has('CampaignManager_Feature_VIEW') && auth.permissions.has('Campaign_View');
  const since = await recordVisit(ctx.db, auth.user.id, now, VISIT_GAP_MS);
  const [counts, recent, needs, campaigns, changes, replies] = await Promise.all([
    statusCounts(ctx.db, mine),
    jobRows(ctx.db, mine, RECENT),
    jobRows(ctx.db, and(mine, inArray(jobArtifacts.status, ['Failed', 'Draft']))!, NEEDS),
    campaignsOn ? campaignsInProgress(ctx.db, visible, CAMPAIGNS) : Promise.resolve(null),
    since ? jobChangesSince(ctx.db, visible, since) : Promise.resolve(null),
    since && campaignsOn ? campaignRepliesSince(ctx.db, visible, since) : Promise.resolve(null),
  ]);
  const byStatus = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as TDashboard['myJobs']['counts'];
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return {
    since: since ? since.toISOString() : null,
    myJobs: { counts: byStatus, recent: recent.map(toJob) },
    campaigns: campaigns
      ? campaigns.map((c) => ({
          workflowId: c.workflowId,
          name: c.name,
          jobId: c.jobId,
          jobName: c.jobName,
          pending: Number(c.pending),
          active: Number(c.active),
          succeeded: Number(c.succeeded),
          failed: Number(c.failed),
        }))
      : null,
    changes: changes
      ? {
          jobsCreated: changes.created,
          jobsReady: changes.ready,
          jobsFailed: changes.failed,
          campaignReplies: campaignsOn ? (replies ?? 0) : null,
        }
      : null,
    // Failed jobs first (they need a look or a retry), then drafts waiting for their files.
    needsMe: needs
      .map(toJob)
      .sort((a, b) => Number(b.status === 'Failed') - Number(a.status === 'Failed'))
      .map((job) => ({ kind: job.status === 'Failed' ? ('jobFailed' as const) : ('jobDraft' as const), job })),
  };
}
