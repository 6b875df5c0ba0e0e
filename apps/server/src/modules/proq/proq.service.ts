/**
 * ProQ monitoring and DevOps actions: shapes rows into SPEC §3 contracts, maps queue errors to API errors.
 *
 * Tenant scope (DESIGN §6): internal staff see every command; anyone else only the commands of jobs they may see
 * (jobVisibilityOf) — in counts, quick views, the DevOps lists, details and retry/cancel (others answer 404).
 * Pausing or resuming the background service affects every tenant, so only internal staff may do it.
 */
import type { FastifyRequest } from 'fastify';
import type {
  TNamedCount,
  TPagedResult,
  TPagingRequestParsed,
  TProqBackoffStrategy,
  TProqCommand,
  TProqMonitoringData,
  TProqQuickViewRow,
  TProqStatus,
  TProqWorker,
  TProqBackgroundService,
} from '@sextant/shared';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { isInternalStaff, jobVisibilityOf } from '../authorization/index.ts';
import { jobVisibleCondition } from '../authorization/index.ts';
import { writeAudit } from '../../lib/audit.ts';
import { proqFor } from '../../proq/instance.ts';
import { proqOptions } from '../../config.ts';
import { ProqError, type Proq, type ProqChangeOptions } from '../../proq/index.ts';
import * as repo from './proq.repo.ts';
import { usernameOf } from '../users/index.ts';

/** The app's queue (ctx.proq, shared with the in-process worker). */
export const proqOf = (ctx: AppContext): Proq =>
  ctx.proq ?? proqFor(ctx.dbh, { ...proqOptions(ctx.config), logger: ctx.log });

/** The commands the caller may see: undefined = every command (internal staff). */
async function commandScope(ctx: AppContext, auth: AuthContext): Promise<SQL | undefined> {
  if (isInternalStaff(auth)) return undefined;
  return repo.commandsOfJobs(jobVisibleCondition(await jobVisibilityOf(ctx, auth)));
}

const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

function ageSeconds(row: repo.CommandRow): number {
  const now = new Date(row.now as Date | string).getTime();
  return Math.max(0, Math.round((now - new Date(row.queuedDate as Date | string).getTime()) / 1000));
}

export function toCommand(r: repo.CommandRow): TProqCommand {
  return {
    id: Number(r.id),
    priority: r.priority,
    prerequisite: r.prerequisite === null ? null : Number(r.prerequisite),
    commandType: r.commandType,
    category: r.category,
    targetEntityId: r.targetEntityId,
    jobId: r.jobId,
    jobName: r.jobName,
    correlationId: r.correlationId,
    payload: r.payload,
    queuedDate: iso(r.queuedDate)!,
    startedDate: iso(r.startedDate),
    completedDate: iso(r.completedDate),
    state: r.state,
    age: ageSeconds(r),
    tags: r.tags,
    environment: r.environment,
    processingGroup: r.processingGroup,
    scheduledTime: iso(r.scheduledTime),
    stuckTimeOutInSeconds: r.stuckTimeOutInSeconds,
    batchId: r.batchId,
    prerequisiteBatchId: r.prerequisiteBatchId,
    message: r.message,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    runAt: iso(r.runAt)!,
    lockedBy: r.lockedBy,
    progressPercent: r.progressPercent,
    progressMessage: r.progressMessage,
    failedRootId: r.failedRootId === null ? null : Number(r.failedRootId),
  };
}

function toQuickView(r: repo.CommandRow): TProqQuickViewRow {
  return {
    id: Number(r.id),
    commandType: r.commandType,
    state: r.state,
    age: ageSeconds(r),
    tags: r.tags,
    jobName: r.jobName,
    jobId: r.jobId,
    progressPercent: r.progressPercent,
    progressMessage: r.progressMessage,
  };
}

async function isRunning(ctx: AppContext): Promise<boolean> {
  const proq = proqOf(ctx);
  if ((await proq.pausedState()).paused) return false;
  if (proq.isRunning) return true;
  return (await repo.workers(ctx.db, proq.environment)).some((w) => w.alive);
}

export async function monitoringData(
  ctx: AppContext,
  auth: AuthContext,
  filter: repo.CountFilter,
): Promise<TProqMonitoringData> {
  const counts = await repo.queueCounts(ctx.db, proqOf(ctx).environment, filter, await commandScope(ctx, auth));
  return {
    queueCounts: {
      queuedCommandsCount: counts.queued,
      queuedCompletedCommandsCount: counts.completed,
      queuedErrorCommandsCount: counts.error,
    },
    isRunning: await isRunning(ctx),
  };
}

export async function queuedCounts(
  ctx: AppContext,
  auth: AuthContext,
  groupBy: 'commandType' | 'state' | 'category',
): Promise<TNamedCount[]> {
  return repo.queuedCountsBy(ctx.db, proqOf(ctx).environment, groupBy, await commandScope(ctx, auth));
}

export async function statusDetails(ctx: AppContext, auth: AuthContext): Promise<TProqStatus> {
  const counts = await repo.queueCounts(ctx.db, proqOf(ctx).environment, {}, await commandScope(ctx, auth));
  return { queuedCommandCount: counts.queued, isRunning: await isRunning(ctx) };
}

export async function quickView(ctx: AppContext, auth: AuthContext, jobId?: string): Promise<TProqQuickViewRow[]> {
  const rows = await repo.queuedCommands(ctx.db, proqOf(ctx).environment, jobId, await commandScope(ctx, auth));
  return rows.map(toQuickView);
}

/**
 * The poller's backoff: this process's worker when it runs one, else the live workers' (the most eager delay, and
 * the shortest idle time, since any of them picks new work up), else the configured strategy at rest.
 */
export async function backoffStrategy(ctx: AppContext): Promise<TProqBackoffStrategy> {
  const proq = proqOf(ctx);
  if (proq.isRunning) return proq.backoffStrategy();
  const live = (await repo.workers(ctx.db, proq.environment)).filter((w) => w.alive);
  if (live.length === 0) return proq.backoffStrategy();
  const eager = live.reduce((a, b) => (b.w.currentDelayMs < a.w.currentDelayMs ? b : a));
  const idle = live.map((w) => (w.idleSeconds === null ? 0 : Number(w.idleSeconds)));
  return {
    currentDelay: eager.w.currentDelayMs,
    minDelay: eager.w.minDelayMs,
    maxDelay: eager.w.maxDelayMs,
    coefficient: eager.w.coefficient,
    totalSecondsDiff: Math.round(Math.min(...idle)),
  };
}

export function commandTypes(ctx: AppContext): string[] {
  return proqOf(ctx).commandTypeNames();
}

export async function pagedCommands(
  ctx: AppContext,
  auth: AuthContext,
  kind: repo.ProqListKind,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TProqCommand>> {
  const scope = await commandScope(ctx, auth);
  return repo.pageCommands(ctx.db, proqOf(ctx).environment, kind, request, toCommand, scope);
}

export async function checkQueued(ctx: AppContext, auth: AuthContext, entityId: string): Promise<boolean> {
  return repo.hasQueuedFor(ctx.db, proqOf(ctx).environment, entityId, await commandScope(ctx, auth));
}

export async function commandDetail(ctx: AppContext, auth: AuthContext, id: number): Promise<TProqCommand> {
  const row = await repo.findCommand(ctx.db, proqOf(ctx).environment, id, await commandScope(ctx, auth));
  if (!row) throw notFound(`Command #${id}`);
  return toCommand(row);
}

export async function jobWorkflow(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TProqCommand[]> {
  const rows = await repo.jobCommands(ctx.db, proqOf(ctx).environment, jobId, await commandScope(ctx, auth));
  return rows.map(toCommand);
}

export async function listWorkers(ctx: AppContext): Promise<TProqWorker[]> {
  return (await repo.workers(ctx.db, proqOf(ctx).environment)).map(({ w, alive, idleSeconds }) => ({
    id: w.id,
    hostname: w.hostname,
    pid: w.pid,
    environment: w.environment,
    concurrency: w.concurrency,
    commandTypes: w.commandTypes,
    startedAt: iso(w.startedAt)!,
    lastSeenAt: iso(w.lastSeenAt)!,
    activeCount: w.activeCount,
    processedCount: w.processedCount,
    failedCount: w.failedCount,
    currentDelayMs: w.currentDelayMs,
    idleSince: idleSeconds === null ? null : iso(w.idleSince),
    stopping: w.stopping,
    alive: Boolean(alive),
  }));
}

function apiError(err: unknown, id: number): unknown {
  if (!(err instanceof ProqError)) return err;
  return err.code === 'COMMAND_NOT_FOUND' ? notFound(`Command #${id}`) : conflict(err.message);
}

async function act(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: number,
  action: 'retry' | 'cancel',
  run: (proq: Proq, opts: ProqChangeOptions) => Promise<unknown>,
): Promise<TProqCommand> {
  const proq = proqOf(ctx);
  // Commands of another environment, or outside the caller's tenant scope, are invisible here.
  if (!(await repo.findCommand(ctx.db, proq.environment, id, await commandScope(ctx, auth))))
    throw notFound(`Command #${id}`);
  // The change and its audit row commit together: the row is written inside ProQ's own transaction.
  const audited: ProqChangeOptions = {
    inTransaction: (tx) =>
      writeAudit(tx, { action: `proq.${action}`, targetType: 'ProqCommand', targetId: String(id) }, req),
  };
  try {
    await run(proq, audited);
  } catch (err) {
    await writeAudit(
      ctx.db,
      {
        action: `proq.${action}`,
        targetType: 'ProqCommand',
        targetId: String(id),
        outcome: 'failure',
        details: { message: (err as Error).message },
      },
      req,
    );
    throw apiError(err, id);
  }
  return commandDetail(ctx, auth, id);
}

export const retryCommand = (ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: number) =>
  act(ctx, req, auth, id, 'retry', (proq, opts) => proq.retry(id, opts));

export const cancelCommand = (ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: number, reason?: string) =>
  act(ctx, req, auth, id, 'cancel', (proq, opts) => proq.cancel(id, reason, opts));

/** The background service toggle's state: paused by whom and when, and whether a worker takes commands. */
export async function backgroundService(ctx: AppContext): Promise<TProqBackgroundService> {
  const state = await proqOf(ctx).pausedState();
  const changedBy = state.changedBy ? await usernameOf(ctx.db, state.changedBy) : null;
  return { paused: state.paused, isRunning: await isRunning(ctx), changedAt: state.changedAt, changedBy };
}

/** Pauses or resumes every worker of this environment (running commands finish either way); audited. */
export async function setBackgroundService(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  running: boolean,
): Promise<TProqBackgroundService> {
  if (!isInternalStaff(auth))
    throw forbidden('The background service runs every issuer’s work; only internal staff may pause or resume it');
  const userId = auth.user.id;
  const proq = proqOf(ctx);
  const audited: ProqChangeOptions = {
    inTransaction: (tx) =>
      writeAudit(
        tx,
        { action: running ? 'proq.resume' : 'proq.pause', targetType: 'ProqEnvironment', targetId: proq.environment },
        req,
      ),
  };
  if (running) await proq.resume(userId, audited);
  else await proq.pause(userId, audited);
  return backgroundService(ctx);
}
