/** SQL of the ProQ runtime, reading commands: the row helper, a command's select list and mapping, by id and by unique key. Every ProQ statement works unchanged on PGlite and PostgreSQL; the concurrency argument for each is in its comment. */
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@sextant/db';
import { PROQ_COMMAND_STATES, type TProqCommandState } from '@sextant/shared/values';
import type { ProqCommand } from './types.ts';

export const NOTIFY_CHANNEL = 'proq_commands';

export type Row = Record<string, unknown>;

export const dialect = new PgDialect();

/**
 * Runs `q` and returns its rows. With `name` (the hot statements: enqueue, claim, complete), as a named prepared
 * statement on PostgreSQL: each connection parses and plans its text once, later runs only bind and execute (the
 * planning took as long as the execution of a one-row insert). The text under one name must never change, so a
 * named statement takes values only as parameters. PGlite has no named statements; it runs the query as usual.
 */
export async function rows(exec: DbOrTx, q: SQL, name?: string): Promise<Row[]> {
  if (name === undefined) return (await exec.execute(q)).rows;
  const res = (await exec._.session.prepareQuery(dialect.sqlToQuery(q), undefined, name, false).execute()) as {
    rows: Row[];
  };
  return res.rows;
}

/** A named prepared statement built once (`query`, its parameters drizzle placeholders) run with `values`. */
export async function preparedRows(
  exec: DbOrTx,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const res = (await exec._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
  return res.rows;
}

const STATES: ReadonlySet<unknown> = new Set(PROQ_COMMAND_STATES);
/** A state column read by raw SQL: one of the known states, or the row is not a command this build understands. */
export function commandState(v: unknown): TProqCommandState {
  if (!isCommandState(v)) throw new Error(`ProQ: unknown command state ${String(v)}`);
  return v;
}
const isCommandState = (v: unknown): v is TProqCommandState => STATES.has(v);

const iso = (a: string, col: string) => `to_json(${a}.${col})#>>'{}' as ${col}`;

/** Select list of a full command, timestamps as ISO strings (same on both drivers). */
export function commandColumns(a = 'c'): SQL {
  return sql.raw(
    [
      `${a}.id`,
      `${a}.command_type`,
      `${a}.category`,
      `${a}.priority`,
      `${a}.prerequisite`,
      `${a}.prerequisite_batch_id`,
      `${a}.batch_id`,
      `${a}.target_entity_id`,
      `${a}.job_id`,
      `${a}.correlation_id`,
      `${a}.payload`,
      iso(a, 'queued_date'),
      iso(a, 'started_date'),
      iso(a, 'completed_date'),
      `${a}.state`,
      `extract(epoch from (now() - ${a}.queued_date))::float8 as age`,
      `${a}.tags`,
      `${a}.environment`,
      `${a}.processing_group`,
      iso(a, 'scheduled_time'),
      `${a}.stuck_timeout_in_seconds`,
      `${a}.message`,
      iso(a, 'run_at'),
      `${a}.attempts`,
      `${a}.max_attempts`,
      `${a}.locked_by`,
      iso(a, 'locked_at'),
      `${a}.progress_percent`,
      `${a}.progress_message`,
      `${a}.failed_root_id`,
      `${a}.unique_key`,
      iso(a, 'updated_at'),
    ].join(', '),
  );
}

export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function toCommand(r: Row): ProqCommand {
  return {
    id: num(r.id),
    commandType: String(r.command_type),
    category: strOrNull(r.category),
    priority: num(r.priority),
    prerequisite: numOrNull(r.prerequisite),
    prerequisiteBatchId: strOrNull(r.prerequisite_batch_id),
    batchId: strOrNull(r.batch_id),
    targetEntityId: strOrNull(r.target_entity_id),
    jobId: strOrNull(r.job_id),
    correlationId: strOrNull(r.correlation_id),
    payload: r.payload,
    queuedDate: String(r.queued_date),
    startedDate: strOrNull(r.started_date),
    completedDate: strOrNull(r.completed_date),
    state: commandState(r.state),
    age: Math.max(0, Math.round(num(r.age))),
    tags: Array.isArray(r.tags) ? r.tags.map(String) : [],
    environment: String(r.environment),
    processingGroup: strOrNull(r.processing_group),
    scheduledTime: strOrNull(r.scheduled_time),
    stuckTimeOutInSeconds: num(r.stuck_timeout_in_seconds),
    message: strOrNull(r.message),
    runAt: String(r.run_at),
    attempts: num(r.attempts),
    maxAttempts: num(r.max_attempts),
    lockedBy: strOrNull(r.locked_by),
    lockedAt: strOrNull(r.locked_at),
    progressPercent: numOrNull(r.progress_percent),
    progressMessage: strOrNull(r.progress_message),
    failedRootId: numOrNull(r.failed_root_id),
    uniqueKey: strOrNull(r.unique_key),
    updatedAt: String(r.updated_at),
  };
}

export async function getCommand(exec: DbOrTx, id: number): Promise<ProqCommand | null> {
  const r = await rows(exec, sql`select ${commandColumns('c')} from proq_commands c where c.id = ${id}`);
  return r[0] ? toCommand(r[0]) : null;
}

export async function getCommandsByUniqueKeys(exec: DbOrTx, keys: string[]): Promise<ProqCommand[]> {
  if (keys.length === 0) return [];
  const r = await rows(
    exec,
    sql`select ${commandColumns('c')} from proq_commands c where c.unique_key = any(${sql.param(keys)}::text[])`,
  );
  return r.map(toCommand);
}
