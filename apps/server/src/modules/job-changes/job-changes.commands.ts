/**
 * jobChanges.compute: when a run of a job completes (a subscriber of jobs' run-completed event), the changes against
 * the job's previous completed run are computed behind the run's whole pipeline batch (a prerequisite), stored with
 * the run (job-changes.service.ts), written to the job's log and sent to the job's users. Idempotent: a re-delivered
 * command computes the same files again and the notification is sent once (its log line marks it sent).
 */
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { sendEmail } from '../../lib/email.ts';
import { addJobLog, batchIdOfRun, type JobEventSubscriber } from '../jobs/index.ts';
import { changesSentence, computeRunChanges, type StoredChanges } from './job-changes.service.ts';
import { jobUsersWithEmail, runWithJob } from './job-changes.repo.ts';

export const JOB_CHANGES_COMMAND = 'jobChanges.compute';
const ZPayload = z.object({ runId: z.uuid() });

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'jobChanges.compute': typeof ZPayload;
  }
}

/** Queues the computation behind the run's pipeline batch (nothing to do for a job's first run: the command says so). */
export async function queueRunChanges(ctx: AppContext, jobId: string, runId: string): Promise<void> {
  const batchId = await batchIdOfRun(ctx.db, runId);
  if (batchId === undefined) return; // the run is gone
  await ctx.proq.enqueue(ctx.db, {
    commandType: JOB_CHANGES_COMMAND,
    payload: { runId },
    jobId,
    correlationId: runId,
    targetEntityId: jobId,
    ...(batchId ? { prerequisiteBatchId: batchId } : {}),
    category: 'analysis',
    tags: ['job', 'job-changes'],
    uniqueKey: `${JOB_CHANGES_COMMAND}:${runId}`,
  });
}

export const jobChangesJobEvents: JobEventSubscriber = {
  runCompleted: (ctx, { jobId, runId }) => queueRunChanges(ctx, jobId, runId),
};

async function notifyJobUsers(ctx: AppContext, jobId: string, jobName: string, s: StoredChanges): Promise<number> {
  const sentence = changesSentence(s);
  const link = ctx.config.PUBLIC_URL ? `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/jobs/${jobId}/details` : null;
  let sent = 0;
  for (const u of await jobUsersWithEmail(ctx.db, jobId)) {
    const r = await sendEmail(ctx, {
      to: u.email,
      subject: `${jobName}: what changed in run ${s.runNumber}`,
      text: `Hello ${u.displayName},\n\nThe job "${jobName}" was run again.\n${sentence}.\n\nThe changes per supplier, with the reason for each, are on the job's Details tab${link ? `: ${link}` : ''}, and can be downloaded there.\n`,
    });
    if (r.status !== 'failed') sent++;
  }
  return sent;
}

/** Computes, logs and notifies; returns the step message. Exported for tests. */
export async function runChangesCommand(ctx: AppContext, runId: string): Promise<string> {
  const outcome = await computeRunChanges(ctx, runId);
  if (outcome.kind === 'gone') return 'run no longer exists (job deleted)';
  if (outcome.kind === 'firstRun')
    return `Run ${outcome.runNumber} is the job's first completed run: nothing to compare`;
  const s = outcome.stored;
  const rc = await runWithJob(ctx.db, runId);
  if (!rc) return 'run no longer exists (job deleted)';
  const sentence = changesSentence(s);
  await addJobLog(ctx.db, { jobId: rc.job.id, runId, message: sentence });
  const sent = s.totals.suppliersChanged > 0 ? await notifyJobUsers(ctx, rc.job.id, rc.job.name, s) : 0;
  return `${sentence}${sent ? ` (${sent} user${sent === 1 ? '' : 's'} notified)` : ''}`;
}

export function jobChangesCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: JOB_CHANGES_COMMAND,
      description: 'Re-run changes: what changed per supplier since the previous run of the job, and the notice',
      category: 'analysis',
      schema: ZPayload,
      maxAttempts: 3,
      stuckTimeOutInSeconds: 300,
      retry: { baseDelayMs: 2_000, maxDelayMs: 30_000 },
      handler: async (payload) => runChangesCommand(ctx, payload.runId),
    }),
  ];
}
