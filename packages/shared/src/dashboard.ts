/**
 * GET /api/v1/dashboard (Dashboard_VIEW): the home page each role starts its day on — my jobs and their state,
 * campaigns in progress with their counters, what changed since my last visit and what needs me. Every part is
 * tenant-scoped (the caller's job visibility) and present only with the permissions it needs.
 */
import { z } from 'zod';
import { JOB_STATUSES } from './jobs.ts';
import { ZJobType } from './enums.ts';

const ZStatusCounts = z.object(
  Object.fromEntries(JOB_STATUSES.map((s) => [s, z.number().int()])) as {
    [K in (typeof JOB_STATUSES)[number]]: z.ZodNumber;
  },
);

export const ZDashboardJob = z.object({
  id: z.uuid(),
  name: z.string(),
  type: ZJobType,
  status: z.enum(JOB_STATUSES),
  issuerName: z.string(),
  buyerName: z.string().nullable(),
  updatedAt: z.string(),
  /** The latest run's error of a failed job, as the processing page shows it. */
  error: z.string().nullable(),
});
export type TDashboardJob = z.infer<typeof ZDashboardJob>;

export const ZDashboardCampaign = z.object({
  workflowId: z.uuid(),
  name: z.string(),
  jobId: z.uuid(),
  jobName: z.string(),
  pending: z.number().int(),
  active: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type TDashboardCampaign = z.infer<typeof ZDashboardCampaign>;

export const DASHBOARD_NEEDS = ['jobFailed', 'jobDraft'] as const;
export const ZDashboardNeed = z.object({
  kind: z.enum(DASHBOARD_NEEDS),
  job: ZDashboardJob,
});
export type TDashboardNeed = z.infer<typeof ZDashboardNeed>;

export const ZDashboard = z.object({
  /** The previous visit the changes are counted from; null on the first visit. */
  since: z.string().nullable(),
  myJobs: z.object({ counts: ZStatusCounts, recent: z.array(ZDashboardJob) }),
  /** null without the campaign feature (CampaignManager_Feature_VIEW and Campaign_View). */
  campaigns: z.array(ZDashboardCampaign).nullable(),
  changes: z
    .object({
      jobsCreated: z.number().int(),
      jobsReady: z.number().int(),
      jobsFailed: z.number().int(),
      /** Supplier outcomes of campaigns (succeeded or failed enrolments); null without the campaign feature. */
      campaignReplies: z.number().int().nullable(),
    })
    .nullable(),
  needsMe: z.array(ZDashboardNeed),
});
export type TDashboard = z.infer<typeof ZDashboard>;
