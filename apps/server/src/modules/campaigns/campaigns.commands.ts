/**
 * ProQ command types of campaign workflows: the rate-limited outreach of a wave, and the demo workflow that the
 * first start builds on a demo job once that job's first run has completed (queued behind the run's batch).
 */
import { z } from 'zod';
import type { DbOrTx } from '@sextant/db';
import {
  defaultOutreach,
  type TCampaignRoute,
  type TCampaignStageStatus,
  type TEnrolmentStatus,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import type { JobEventSubscriber } from '../jobs/index.ts';
import { forgetLatestRun, openResultsForPipeline } from '../../lib/duckdb/index.ts';
import { selectSuppliers } from '../results/index.ts';
import { useCaseList } from '../results/index.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as wavesRepo from './waves.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import { findUserByUsername } from '../users/index.ts';
import { batchIdOfRun } from '../jobs/index.ts';
import { setDirectAssignment } from '../job-artifacts/index.ts';
import { outreachCommandType } from './campaigns.outreach.ts';
import { reconcileWorkflow, type Actor } from './workflow-access.ts';
import { applyStatuses } from './suppliers.service.ts';

export const DEMO_COMMAND = 'campaigns.demo';
export const RECONCILE_COMMAND = 'campaigns.reconcile';

/**
 * After a run of the job completes: queues the check of its workflows against the run's suppliers (flags the ones
 * that vanished, clears returning ones). Nothing when the job has no workflow.
 */
export async function queueCampaignReconcile(ctx: AppContext, jobId: string, runId: string): Promise<void> {
  if (!(await workflowsRepo.jobHasWorkflow(ctx.db, jobId))) return;
  await ctx.proq.enqueue(ctx.db, {
    commandType: RECONCILE_COMMAND,
    payload: { jobId },
    jobId,
    correlationId: runId,
    uniqueKey: `campaigns-reconcile:${runId}`,
    processingGroup: `campaigns-reconcile:${jobId}`,
    tags: ['campaigns'],
  });
}

/** Campaign enrolments whose supplier a completed run no longer has are flagged now, not when a workflow is opened. */
export const campaignJobEvents: JobEventSubscriber = {
  runCompleted: (ctx, { jobId, runId }) => queueCampaignReconcile(ctx, jobId, runId),
};

/** Reconciles every workflow of the job with its latest completed run. */
export async function reconcileJobWorkflows(ctx: AppContext, jobId: string): Promise<string> {
  const workflows = await workflowsRepo.workflowsOfJob(ctx.db, jobId);
  if (!workflows.length) return 'The job has no campaign workflow';
  forgetLatestRun(jobId); // this process may still hold the run before the one that just completed
  const results = await openResultsForPipeline(ctx, jobId);
  let flagged = 0;
  for (const wf of workflows) flagged += (await reconcileWorkflow(ctx, wf, results))?.vanished ?? 0;
  return `${workflows.length} workflow${workflows.length === 1 ? '' : 's'} checked against run ${results.runNumber}: ${flagged} supplier${flagged === 1 ? '' : 's'} newly missing`;
}
export const DEMO_WORKFLOW_NAME = 'Card enablement — demo';

/** Queues the demo workflow of a demo job behind its run (same transaction as the run). */
export async function queueCampaignDemo(ctx: AppContext, tx: DbOrTx, jobId: string, runId: string): Promise<void> {
  const batchId = await batchIdOfRun(tx, runId);
  if (batchId === undefined) return;
  await ctx.proq.enqueue(tx, {
    commandType: DEMO_COMMAND,
    payload: { jobId },
    jobId,
    // the run's correlation id: DevOps' workflow view shows it with the run it waits for, not as a run of its own
    correlationId: runId,
    prerequisiteBatchId: batchId,
    uniqueKey: `campaigns-demo:${jobId}`,
    tags: ['campaigns', 'demo'],
  });
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'supplier';

/** One workflow with two waves and mixed outcomes on the job (idempotent: nothing when the job has one). */
export async function seedCampaignDemo(ctx: AppContext, jobId: string): Promise<string> {
  if (await workflowsRepo.jobHasWorkflow(ctx.db, jobId)) return 'The job already has a campaign workflow';
  const res = await openResultsForPipeline(ctx, jobId);
  const useCase = (await useCaseList(res)).useCases.find((u) => u.supplierCount >= 12);
  if (!useCase) return 'No use case with enough suppliers for a demo workflow';
  const { suppliers } = await selectSuppliers(ctx, res, {}, { useCaseId: useCase.useCaseId });
  const manager = await findUserByUsername(ctx.db, 'campaignManager');
  const actor: Actor = { id: manager?.id ?? null, name: manager?.displayName ?? 'Demo' };
  // The demo's story runs over the last six weeks: selected, then two waves, then outcomes (history in order).
  const days = (d: number) => new Date(Date.now() - d * 86_400_000);
  await ctx.db.transaction(async (tx) => {
    const wf = await workflowsRepo.insertWorkflow(tx, {
      createdAt: days(40),
      jobId,
      name: DEMO_WORKFLOW_NAME,
      sourceKind: 'useCase',
      useCaseId: useCase.useCaseId,
      useCaseName: useCase.name,
      ownerId: manager?.id ?? null,
      runId: res.runId,
    });
    await enrolmentsRepo.insertEnrolments(
      tx,
      wf.id,
      suppliers.map((s) => ({ ...s, contactEmail: `accounts.receivable@${slug(s.supplierName)}.example` })),
    );
    await enrolmentsRepo.insertCreatedEvents(tx, wf.id, actor.id, actor.name, days(40));
    const template = defaultOutreach(await workflowsRepo.issuerLanguage(tx, wf.id));
    // Two waves of up to 20 of the largest suppliers each: one completed a month ago, one active since last week.
    const n = Math.min(20, Math.ceil(suppliers.length / 3));
    const waves: {
      name: string;
      route: TCampaignRoute;
      stageStatus: TCampaignStageStatus;
      start: number;
      created: number;
    }[] = [
      { name: 'Wave 1 — largest suppliers', route: 'Issuer', stageStatus: 'Completed', start: 30, created: 35 },
      { name: 'Wave 2 — buyer-led', route: 'BuyerOnboard', stageStatus: 'Active', start: 7, created: 10 },
    ];
    const assigned: { id: string }[][] = [];
    for (const w of waves) {
      const wave = await wavesRepo.insertCampaign(tx, {
        workflowId: wf.id,
        name: w.name,
        route: w.route,
        stageStatus: w.stageStatus,
        templateSubject: template.subject,
        templateBody: template.body,
        scheduledStart: days(w.start),
        createdAt: days(w.created),
      });
      const members = await enrolmentsRepo.assignToCampaign(tx, wf.id, wave.id, { count: n });
      assigned.push(members);
      await enrolmentsRepo.insertCampaignEvents(
        tx,
        wave.id,
        members.map((m) => m.id),
        {
          kind: 'assigned',
          note: `Added to campaign "${wave.name}"`,
          userId: actor.id,
          userName: actor.name,
          at: days(w.created),
        },
      );
    }
    const [first = [], second = []] = assigned;
    const rows = await enrolmentsRepo.enrolmentsByKeys(
      tx,
      wf.id,
      suppliers.map((s) => s.supplierKey),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const outcome = (i: number, wave: 1 | 2): TEnrolmentStatus =>
      wave === 1
        ? (['Succeeded', 'Succeeded', 'Failed', 'Active'] as const)[i % 4]!
        : i % 3 === 0
          ? 'Active'
          : 'Pending';
    const changes: Parameters<typeof applyStatuses>[2] = [];
    first.forEach((m) => {
      const en = byId.get(m.id)!;
      changes.push({ enrolment: en, status: 'Active', note: 'Contacted by phone', at: days(25) });
    });
    await applyStatuses(tx, wf.id, changes, actor);
    const final: Parameters<typeof applyStatuses>[2] = [];
    first.forEach((m, i) => {
      const s = outcome(i, 1);
      if (s !== 'Active')
        final.push({
          enrolment: { ...byId.get(m.id)!, status: 'Active' },
          status: s,
          note: s === 'Succeeded' ? 'Enrolled for card acceptance' : 'Declined: card fees',
          at: days(10 - (i % 5)),
        });
    });
    second.forEach((m, i) => {
      const s = outcome(i, 2);
      if (s !== 'Pending')
        final.push({ enrolment: byId.get(m.id)!, status: s, note: 'Buyer introduced the programme', at: days(3) });
    });
    await applyStatuses(tx, wf.id, final, actor);
    // The campaign manager works the demo job's campaigns: give them the job.
    if (manager) await setDirectAssignment(tx, jobId, manager.id, true, null);
  });
  return `Demo workflow created with ${suppliers.length} suppliers`;
}

const ZJobPayload = z.object({ jobId: z.uuid() });

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'campaigns.demo': typeof ZJobPayload;
    'campaigns.reconcile': typeof ZJobPayload;
  }
}

/** A campaigns command over one job (payload: the job id) whose handler reports what it did. */
const jobCommand = <N extends string>(name: N, description: string, run: (jobId: string) => Promise<string>) =>
  defineCommandType({
    name,
    description,
    category: 'campaigns',
    schema: ZJobPayload,
    handler: (p) => run(p.jobId),
  });

export function campaignCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    outreachCommandType(ctx),
    jobCommand(DEMO_COMMAND, 'Creates the demo campaign workflow of a demo job after its run', (jobId) =>
      seedCampaignDemo(ctx, jobId),
    ),
    jobCommand(
      RECONCILE_COMMAND,
      'Flags the campaign enrolments whose supplier the job’s latest run no longer has',
      (jobId) => reconcileJobWorkflows(ctx, jobId),
    ),
  ];
}
