/**
 * Where analytics queries run (ADR 0006, DESIGN §6): never on the application's own connection.
 * - PostgreSQL: a separate login, the reader role, through its own small pool (analytics.pg-sandbox.ts).
 * - PGlite: a worker thread with its own PGlite holding a copy of the analytics views only
 *   (analytics.pglite-sandbox.ts), terminated when a query runs too long.
 * One sandbox per database handle, created on first use and closed with the app. Each user may run only
 * ANALYTICS_MAX_PER_USER queries at a time, so nobody can hold every reader connection or worker.
 */
import type { DbHandle } from '@sextant/db';
import { ERROR_CODES } from '@sextant/shared';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, rateLimited } from '../../lib/errors.ts';

export const READER_ROLE = 'sextant_analytics_reader';

/**
 * pg_catalog (and dblink) functions an analytics query must not execute: settings (set_config resets the role or
 * the timeout), dynamic SQL (query_to_xml and the other *_to_xml*, ts_stat, ts_rewrite), files (pg_read_*, pg_ls_*,
 * large objects), waiting and locking (pg_sleep*, advisory locks), other sessions (cancel, terminate, notify) and
 * remote connections (dblink*). A PostgreSQL regular expression over pg_proc.proname.
 */
export const DANGEROUS_FUNCTIONS =
  '^(set_config|pg_sleep|pg_sleep_for|pg_sleep_until|pg_read_file|pg_read_binary_file|pg_ls_[a-z_]+|pg_stat_file|' +
  'lo_[a-z0-9_]+|loread|lowrite|[a-z_]*_to_xml[a-z_]*|[a-z_]*_to_xmlschema|ts_stat|ts_rewrite|' +
  'pg_advisory_[a-z_]+|pg_try_advisory_[a-z_]+|pg_cancel_backend|pg_terminate_backend|pg_notify|pg_reload_conf|' +
  'pg_rotate_logfile|pg_file_[a-z_]+|pg_logical_emit_message|dblink[a-z_]*)$';

export interface AnalyticsLimits {
  rowLimit: number;
  exportRowLimit: number;
  /** The longest a query may run; then it is stopped (statement timeout, cancel, or the worker is terminated). */
  timeoutMs: number;
  /** Queries one user may run at the same time. */
  maxPerUser: number;
  /** PostgreSQL: connections of the reader pool. PGlite: worker threads. */
  sandboxes: number;
  /** PGlite: a snapshot is reused while younger than this, else refreshed when the database changed since. */
  snapshotMaxAgeMs: number;
}

/** Limits from the configuration (ANALYTICS_*), read on each call. */
export function analyticsLimits(config: Config): AnalyticsLimits {
  return {
    rowLimit: config.ANALYTICS_ROW_LIMIT,
    exportRowLimit: config.ANALYTICS_EXPORT_ROW_LIMIT,
    timeoutMs: config.ANALYTICS_TIMEOUT_MS,
    maxPerUser: config.ANALYTICS_MAX_PER_USER,
    sandboxes: config.ANALYTICS_SANDBOXES,
    snapshotMaxAgeMs: config.ANALYTICS_SNAPSHOT_MAX_AGE_MS,
  };
}

export interface RawResult {
  fields: { name: string; dataTypeID: number }[];
  rows: unknown[][];
}

export interface PreparedStatement {
  text: string;
  params: (string | null)[];
}

export interface Sandbox {
  /** Runs one statement with the reader's rights; rejects with the database error or a timeout AppError. */
  run(prepared: PreparedStatement, limits: AnalyticsLimits): Promise<RawResult>;
  /** Prepares the sandbox (role, pool, worker) so the first query does not wait; errors are reported on use. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export const timeoutError = (limits: AnalyticsLimits) =>
  badRequest(
    `The query took longer than ${limits.timeoutMs / 1000} s and was stopped (statement timeout). ` +
      'Narrow it with filters or aggregate less data.',
    [{ path: 'sql', message: `The query took longer than ${limits.timeoutMs / 1000} s and was stopped` }],
  );

export const unavailable = (message: string) =>
  new AppError(503, ERROR_CODES.internal, `Analytics queries are unavailable: ${message}`);

export const busyError = () =>
  new AppError(503, ERROR_CODES.internal, 'Every analytics sandbox is busy with other queries; try again in a moment');

interface Entry {
  sandbox: Promise<Sandbox>;
  running: Map<string, number>;
}
const sandboxes = new WeakMap<DbHandle, Entry>();

function entryFor(ctx: AppContext): Entry {
  let e = sandboxes.get(ctx.dbh);
  if (!e) {
    const sandbox =
      ctx.dbh.kind === 'pglite'
        ? import('./analytics.pglite-sandbox.ts').then((m) => m.createPgliteSandbox(ctx))
        : import('./analytics.pg-sandbox.ts').then((m) => m.createPgSandbox(ctx));
    e = { sandbox, running: new Map() };
    sandboxes.set(ctx.dbh, e);
  }
  return e;
}

/** Runs a statement in the sandbox of this database, within the caller's share of concurrent queries. */
export async function runInSandbox(
  ctx: AppContext,
  userId: string,
  prepared: PreparedStatement,
  limits: AnalyticsLimits,
): Promise<RawResult> {
  const e = entryFor(ctx);
  const mine = e.running.get(userId) ?? 0;
  if (mine >= limits.maxPerUser)
    throw rateLimited(
      `You already have ${mine === 1 ? 'an analytics query' : `${mine} analytics queries`} running; ` +
        'wait for it to finish (or to be stopped by the time limit) before starting another',
    );
  e.running.set(userId, mine + 1);
  try {
    return await (await e.sandbox).run(prepared, limits);
  } finally {
    const n = (e.running.get(userId) ?? 1) - 1;
    if (n > 0) e.running.set(userId, n);
    else e.running.delete(userId);
  }
}

/** Starts preparing the sandbox in the background (called when the app is ready). */
export function warmSandbox(ctx: AppContext): void {
  void entryFor(ctx)
    .sandbox.then((s) => s.warm())
    .catch((err: unknown) => ctx.log.warn({ err }, 'analytics sandbox could not be prepared'));
}

export async function closeSandbox(dbh: DbHandle): Promise<void> {
  const e = sandboxes.get(dbh);
  if (!e) return;
  sandboxes.delete(dbh);
  await (await e.sandbox.catch(() => undefined))?.close();
}
