/**
 * Job maintenance: every job the caller may see with the storage it uses (uploads, Parquet of runs, intermediate
 * work folders, derived caches), its runs and their failures or staleness; and four actions — re-run, clean
 * intermediates, delete results, delete job — each a ProQ command (progress in the list), confirmed in the UI and
 * audited when requested (in the enqueue's transaction) and when done.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  STALE_RUN_HOURS,
  ZJobMaintenanceAction,
  type TJobMaintenanceAction,
  type TJobMaintenanceList,
  type TJobStorage,
  type TMaintenanceCommand,
  type TMaintenanceJob,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { conflict } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import { jobKey } from '../jobs/index.ts';
import { visibleJob } from '../authorization/index.ts';
import { queueRun } from '../jobs/index.ts';
import { forgetLatestRun } from '../../lib/duckdb/index.ts';
import { dropSupplierCaches } from '../results/index.ts';
import { addJobLog, filesOf } from '../jobs/index.ts';
import {
  MAINTENANCE_COMMAND,
  deleteJobRow,
  deleteRunsOf,
  hiddenJobsCount,
  jobById,
  jobsWithOpenPipelineSteps,
  latestMaintenanceCommands,
  latestRuns,
  maintenanceJobs,
  openJobCommands,
  openMaintenanceCommand,
  runsOfJob,
} from './job-maintenance.repo.ts';

const cacheDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'cache', 'results');

export async function jobStorage(ctx: AppContext, jobId: string, cacheFiles: string[]): Promise<TJobStorage> {
  let filesBytes = 0;
  let parquetBytes = 0;
  let intermediateBytes = 0;
  const prefix = jobKey(jobId);
  for (const f of await ctx.blobs.list(prefix)) {
    const rel = f.key.slice(prefix.length + 1);
    if (rel.startsWith('uploads/')) filesBytes += f.size;
    else if (/^runs\/[^/]+\/work\//.test(rel)) {
      intermediateBytes += f.size;
      parquetBytes += f.size;
    } else if (/^runs\/[^/]+\/results\//.test(rel)) parquetBytes += f.size;
  }
  let cacheBytes = 0;
  for (const f of cacheFiles)
    if (f.startsWith(`${jobId}.`))
      cacheBytes += (await stat(path.join(cacheDir(ctx), f)).catch(() => ({ size: 0 }))).size;
  return {
    filesBytes,
    parquetBytes,
    intermediateBytes,
    cacheBytes,
    totalBytes: filesBytes + parquetBytes + cacheBytes,
  };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listMaintenanceJobs(ctx: AppContext, auth: AuthContext): Promise<TJobMaintenanceList> {
  const v = await jobVisibilityOf(ctx, auth);
  const seesHidden = auth.permissions.has('HiddenJobsCount_VIEW');
  const staleBefore = new Date(Date.now() - STALE_RUN_HOURS * 3_600_000);
  const rows = await maintenanceJobs(ctx.db, v, staleBefore, seesHidden);
  const ids = rows.map((r) => r.id);
  const last = new Map((await latestRuns(ctx.db, ids)).map((r) => [r.jobArtifactId, r]));
  const actions = new Map((await latestMaintenanceCommands(ctx.db, ids)).map((c) => [c.targetEntityId, c]));
  const busy = await jobsWithOpenPipelineSteps(ctx.db, ids);
  const cacheFiles = await readdir(cacheDir(ctx)).catch(() => [] as string[]);
  const jobs: TMaintenanceJob[] = [];
  for (const r of rows) {
    const run = last.get(r.id);
    const cmd = actions.get(r.id);
    jobs.push({
      ...r,
      type: r.type,
      status: busy.has(r.id) ? 'Processing' : r.status,
      createdOn: iso(r.createdOn)!,
      storage: await jobStorage(ctx, r.id, cacheFiles),
      lastRun: run
        ? {
            id: run.id,
            runNumber: run.runNumber,
            status: run.status,
            createdAt: iso(run.createdAt)!,
            completedAt: iso(run.completedAt),
            error: run.error,
          }
        : null,
      lastAction: cmd ? commandView(cmd) : null,
    });
  }
  return {
    jobs,
    totals: {
      jobs: jobs.length,
      totalBytes: jobs.reduce((s, j) => s + j.storage.totalBytes, 0),
      failedRuns: jobs.reduce((s, j) => s + j.failedRuns, 0),
      staleRuns: jobs.reduce((s, j) => s + j.staleRuns, 0),
    },
    hiddenJobsCount: seesHidden ? await hiddenJobsCount(ctx.db, v) : null,
  };
}

function commandView(c: {
  id: number;
  payload: unknown;
  state: TMaintenanceCommand['state'];
  progressPercent: number | null;
  progressMessage: string | null;
  message: string | null;
  queuedDate: Date | string;
}): TMaintenanceCommand {
  return {
    commandId: c.id,
    action: (c.payload as { action: TJobMaintenanceAction }).action,
    state: c.state,
    progressPercent: c.progressPercent,
    progressMessage: c.progressMessage,
    message: c.message,
    queuedDate: iso(c.queuedDate)!,
  };
}

/** Queues a maintenance action on a job the caller may see (404 otherwise); 409 while another one is open. */
export async function requestMaintenance(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  action: TJobMaintenanceAction,
  req: FastifyRequest,
): Promise<TMaintenanceCommand> {
  const row = await visibleJob(ctx, auth, jobId);
  if (await openMaintenanceCommand(ctx.db, jobId))
    throw conflict('Another maintenance action on this job has not finished yet');
  if (
    action !== 'deleteJob' &&
    (row.job.status === 'Processing' || (await jobsWithOpenPipelineSteps(ctx.db, [jobId])).size > 0)
  )
    throw conflict('The job is processing; wait until its run finishes (or delete the job)');
  if (action === 'rerun') {
    const files = await filesOf(ctx.db, jobId);
    if (!files.length || files.some((f) => f.status !== 'validated'))
      throw conflict('The job has no files, or a file that is not valid: it cannot be re-run');
  }
  const cmd = await ctx.db.transaction(async (tx) => {
    const c = await ctx.proq.enqueue(tx, {
      commandType: MAINTENANCE_COMMAND,
      payload: { jobId, action, userId: auth.user.id, displayName: auth.user.displayName },
      targetEntityId: jobId,
      category: 'maintenance',
      tags: ['maintenance', action],
      processingGroup: `job:${jobId}`,
    });
    await writeAudit(
      tx,
      {
        action: `job-maintenance.${action}`,
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
        details: { name: row.job.name, commandId: c.id },
      },
      req,
    );
    return c;
  });
  return commandView({ ...cmd, queuedDate: cmd.queuedDate });
}

const ZPayload = z.object({
  jobId: z.uuid(),
  action: ZJobMaintenanceAction,
  userId: z.uuid(),
  displayName: z.string(),
});

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'maintenance.job': typeof ZPayload;
  }
}

export function jobMaintenanceCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: MAINTENANCE_COMMAND,
      description: 'Job maintenance: re-run, clean intermediates, delete results or delete a job',
      category: 'maintenance',
      schema: ZPayload,
      maxAttempts: 3,
      async handler(p, hc) {
        const job = await jobById(ctx.db, p.jobId);
        if (!job) return p.action === 'deleteJob' ? 'The job was already deleted' : 'The job no longer exists';
        const done = async (message: string) => {
          await hc.progress(100, message);
          await writeAudit(ctx.db, {
            action: `job-maintenance.${p.action}.done`,
            targetType: 'job',
            targetId: p.jobId,
            issuerId: job.issuerId,
            userId: p.userId,
            username: p.displayName,
            details: { message },
          });
          return message;
        };
        switch (p.action) {
          case 'rerun': {
            const runs = await runsOfJob(ctx.db, p.jobId);
            const queued = runs.find((r) => r.createdAt >= new Date(hc.command.queuedDate));
            if (queued) return done(`Run ${queued.runNumber} was already queued`); // a repeated delivery
            const runId = await ctx.db.transaction((tx) =>
              queueRun(ctx, tx, job, { id: p.userId, displayName: p.displayName }),
            );
            const run = (await runsOfJob(ctx.db, p.jobId)).find((r) => r.id === runId)!;
            return done(`Run ${run.runNumber} queued`);
          }
          case 'cleanIntermediates': {
            const runs = await runsOfJob(ctx.db, p.jobId);
            let freed = 0;
            for (const [i, r] of runs.entries()) {
              if (r.status === 'Queued' || r.status === 'Running') continue; // its work folder is in use
              const work = `${r.resultPath}/work`;
              freed += (await ctx.blobs.list(work)).reduce((n, f) => n + f.size, 0);
              await ctx.blobs.deletePrefix(work);
              await hc.progress(((i + 1) / runs.length) * 95, `Run ${r.runNumber} cleaned`);
            }
            await addJobLog(ctx.db, { jobId: p.jobId, message: `Intermediate files removed by ${p.displayName}` });
            return done(`${runs.length} run(s) cleaned, ${freed} bytes freed`);
          }
          case 'deleteResults': {
            // Files and caches first, the rows last in one transaction: an attempt that fails part-way leaves the
            // runs in place, so the retry removes (and counts) them again.
            const runs = await runsOfJob(ctx.db, p.jobId);
            await ctx.blobs.deletePrefix(`${jobKey(p.jobId)}/runs`);
            await hc.progress(40, 'Result files removed');
            await dropCaches(ctx, p.jobId);
            await hc.progress(70, 'Caches removed');
            await ctx.db.transaction(async (tx) => {
              await deleteRunsOf(tx, p.jobId);
              await addJobLog(tx, {
                jobId: p.jobId,
                message: `Results of ${runs.length} run(s) deleted by ${p.displayName}`,
              });
            });
            forgetLatestRun(p.jobId);
            return done(`Results of ${runs.length} run(s) deleted`);
          }
          case 'deleteJob': {
            for (const c of await openJobCommands(ctx.db, p.jobId))
              await ctx.proq.cancel(c.id, 'Job deleted').catch(() => undefined);
            await hc.progress(20, 'Queued work canceled');
            await deleteJobRow(ctx.db, p.jobId);
            await hc.progress(50, 'Job removed');
            await ctx.blobs.deletePrefix(jobKey(p.jobId));
            await dropCaches(ctx, p.jobId);
            return done(`Job "${job.name}" deleted`);
          }
        }
      },
    }),
  ];
}

async function dropCaches(ctx: AppContext, jobId: string): Promise<void> {
  forgetLatestRun(jobId);
  await dropSupplierCaches(ctx, jobId);
}
