/**
 * Runs of a job's pipeline: the live view of each run and its steps (reads only), starting a run (one ProQ command
 * per step, chained by prerequisites, in one batch) and retrying a failed step.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '@sextant/db';
import { PIPELINE_STEPS, PIPELINE_STEP_LABELS, type TJobRun, type TJobStatus, type TRunStatus } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { activeRulesetVersions } from '../rulesets/index.ts';
import { issuerOfferOf } from './issuer-offer.ts';
import {
  addJobLog,
  commandsOfBatches,
  filesOf,
  insertRun,
  nextRunNumber,
  reopenRun,
  runsOf,
  updateJob,
} from './jobs.repo.ts';
import { runKey } from './job-access.ts';
import { assertJobChangeable, isJobEditor, visibleJob, type JobRow } from '../authorization/index.ts';
import { stepFailureText } from './run-failure.ts';

/**
 * The job with its status as of its latest run (as its pipeline commands show it), for the checks of actions
 * that change files or start runs.
 */
export async function editableJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await visibleJob(ctx, auth, jobId);
  const [latest] = await runViews(ctx, jobId);
  return latest ? { ...row, job: { ...row.job, status: jobStatusFromRun(latest.status) } } : row;
}

export function jobStatusFromRun(s: TRunStatus): TJobStatus {
  return s === 'Completed' ? 'Ready' : s === 'Failed' || s === 'Canceled' ? 'Failed' : 'Processing';
}

/**
 * Runs with their steps' live state from ProQ. Reads only: a Queued or Running run with a failed or canceled step
 * shows as Failed (Canceled) with that step's error; recording it is the pipeline's and recovery's job
 * (run-failure.ts).
 */
export async function runViews(ctx: AppContext, jobId: string): Promise<TJobRun[]> {
  const rows = await runsOf(ctx.db, jobId);
  if (!rows.length) return [];
  const commands = await commandsOfBatches(
    ctx.db,
    rows.map((r) => r.run.batchId),
  );
  const out: TJobRun[] = [];
  for (const { run, createdBy } of rows) {
    const mine = commands.filter((c) => c.batchId === run.batchId);
    const steps = PIPELINE_STEPS.map((step) => {
      const c = mine.find((m) => m.commandType === `job.${step}`);
      return {
        step,
        label: PIPELINE_STEP_LABELS[step],
        commandId: c?.id ?? null,
        state: c?.state ?? 'Blocked',
        progressPercent: c?.state === 'Completed' ? 100 : (c?.progressPercent ?? null),
        progressMessage: c?.progressMessage ?? null,
        startedAt: c?.startedDate?.toISOString() ?? null,
        completedAt: c?.completedDate?.toISOString() ?? null,
        error: c && (c.state === 'Error' || c.state === 'Canceled') ? (c.message ?? c.state) : null,
      };
    });
    let status = run.status;
    let error = run.error;
    const failed = steps.find((s) => s.state === 'Error' || s.state === 'Canceled');
    if ((status === 'Queued' || status === 'Running') && failed) {
      status = failed.state === 'Canceled' ? 'Canceled' : 'Failed';
      error = stepFailureText(failed.label, failed.error ?? failed.state).error;
    } else if (status === 'Completed' && steps.some((s) => s.commandId !== null && s.state !== 'Completed')) {
      status = 'Running'; // the last step has recorded the run, and ProQ has not yet recorded the step
    }
    out.push({
      id: run.id,
      runNumber: run.runNumber,
      status,
      createdAt: run.createdAt.toISOString(),
      startedAt: run.startedAt?.toISOString() ?? null,
      completedAt: run.completedAt?.toISOString() ?? null,
      createdBy,
      scoringRulesetVersion: run.scoringRulesetVersion,
      confidenceRulesetVersion: run.confidenceRulesetVersion,
      scoreLevels: scoreLevelsOf(run.summary),
      error,
      steps,
    });
  }
  return out;
}

/** Suppliers per score kind and level, from a completed run's summary (null before completion or unscored). */
function scoreLevelsOf(summary: unknown): Record<string, Record<string, number>> | null {
  const scores = (summary as { scores?: Record<string, Record<string, { suppliers: number }>> | null } | null)?.scores;
  if (!scores) return null;
  return Object.fromEntries(
    Object.entries(scores).map(([kind, levels]) => [
      kind,
      Object.fromEntries(Object.entries(levels).map(([level, v]) => [level, Number(v.suppliers)])),
    ]),
  );
}

export async function startRun(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  req: FastifyRequest,
): Promise<TJobRun> {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, 'Only the owner or a job editor can run the analysis');
  const files = await filesOf(ctx.db, jobId);
  if (!files.length)
    throw badRequest('Upload at least one file before running the analysis', [{ path: 'files', message: 'no files' }]);
  const invalid = files.find((f) => f.status !== 'validated');
  if (invalid) {
    const why = invalid.validation?.fatal ?? 'it could not be read';
    throw badRequest(`Fix ${invalid.originalName} first: ${why}`, [{ path: `files.${invalid.id}`, message: why }]);
  }
  if (row.job.type === 'advanced' && !files.some((f) => f.mapping.amount)) {
    const why =
      'No file has a column mapped to Amount; a Consultant Upload job needs the spend from at least one file (a Matched Data Only Upload job matches names without spend)';
    throw badRequest(why, [{ path: 'files', message: why }]);
  }
  const runId = await ctx.db.transaction(async (tx) => {
    const id = await queueRun(ctx, tx, row.job, { id: auth.user.id, displayName: auth.user.displayName });
    await writeAudit(tx, { action: 'job.run', targetType: 'job', targetId: jobId, issuerId: row.job.issuerId }, req);
    return id;
  });
  const runs = await runViews(ctx, jobId);
  return runs.find((r) => r.id === runId)!;
}

/**
 * Records a new run and enqueues its pipeline: one command per step, each waiting for the previous one. The run
 * keeps the active ruleset versions and the issuer's offer (capabilities, virtual lockboxes) of this moment: it is
 * computed with them, whatever changes before it runs.
 */
export async function queueRun(
  ctx: AppContext,
  tx: DbOrTx,
  job: { id: string; type: string; issuerId: string },
  by: { id: string; displayName: string },
): Promise<string> {
  const versions = await activeRulesetVersions(tx);
  const issuerSettings = await issuerOfferOf(tx, job.issuerId);
  const scored = job.type !== 'matched-data-only';
  const runNumber = await nextRunNumber(tx, job.id);
  const run = await insertRun(tx, {
    jobArtifactId: job.id,
    runNumber,
    batchId: `job-run:${job.id}:${runNumber}`,
    resultPath: runKey(job.id, runNumber),
    scoringRulesetVersion: scored ? versions.scoring : null,
    confidenceRulesetVersion: scored ? versions.confidence : null,
    issuerSettings,
    createdBy: by.id,
  });
  let prerequisite: number | null = null;
  for (const step of PIPELINE_STEPS) {
    const cmd = await ctx.proq.enqueue(tx, {
      commandType: `job.${step}`,
      payload: { runId: run.id },
      batchId: run.batchId,
      prerequisite,
      jobId: job.id,
      correlationId: run.id,
      targetEntityId: job.id,
      category: 'analysis',
      tags: ['job', step],
    });
    prerequisite = cmd.id;
  }
  // The acceptance model's monitoring, once the whole run has completed (ml-prediction module).
  if (scored)
    await ctx.proq.enqueue(tx, {
      commandType: 'ml.monitor',
      payload: { runId: run.id },
      prerequisiteBatchId: run.batchId,
      jobId: job.id,
      correlationId: run.id,
      targetEntityId: job.id,
      category: 'analysis',
      tags: ['job', 'ml-monitor'],
      uniqueKey: `ml.monitor:${run.id}`,
    });
  await updateJob(tx, job.id, { status: 'Processing' });
  await addJobLog(tx, { jobId: job.id, runId: run.id, message: `Run ${runNumber} queued by ${by.displayName}` });
  return run.id;
}

/** Retries the failed step of a run (its later steps are reopened by ProQ). */
export async function retryRun(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  runId: string,
  req: FastifyRequest,
): Promise<TJobRun> {
  const row = await visibleJob(ctx, auth, jobId);
  if (!isJobEditor(auth, row.job)) throw forbidden('Only the owner or a job editor can retry the analysis');
  const runs = await runViews(ctx, jobId);
  const run = runs.find((r) => r.id === runId);
  if (!run) throw notFound('Run');
  const failed = run.steps.find((s) => s.state === 'Error' || s.state === 'Canceled');
  if (!failed?.commandId) throw badRequest('This run has no failed step to retry');
  // The command, the run, its log line and the audit row reopen in one transaction (ProQ's).
  await ctx.proq.retry(failed.commandId, {
    inTransaction: async (tx) => {
      await reopenRun(tx, runId, jobId);
      await addJobLog(tx, {
        jobId,
        runId,
        message: `Step "${failed.label}" of run ${run.runNumber} retried by ${auth.user.displayName}`,
      });
      await writeAudit(
        tx,
        {
          action: 'job.run.retry',
          targetType: 'job',
          targetId: jobId,
          issuerId: row.job.issuerId,
          details: { runNumber: run.runNumber, step: failed.step },
        },
        req,
      );
    },
  });
  return (await runViews(ctx, jobId)).find((r) => r.id === runId)!;
}
