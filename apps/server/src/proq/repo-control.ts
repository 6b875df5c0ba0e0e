/** SQL of ProQ's control: cancel and reopen commands, worker heartbeats, and the pause toggle per environment. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@sextant/db';
import type { TProqCommandState } from '@sextant/shared/values';
import { NOTIFY_CHANNEL, rows, commandState, num, strOrNull } from './repo-commands.ts';
import { toFinished, type Finished } from './repo-leases.ts';

export async function cancelCommand(
  exec: DbOrTx,
  id: number,
  reason: string,
): Promise<(Finished & { state: TProqCommandState }) | null> {
  const r = await rows(
    exec,
    sql`with u as (
      update proq_commands c set state = 'Canceled', completed_date = now(), message = ${reason},
        locked_at = null, updated_at = now()
      where c.id = ${id} and c.state in ('Blocked', 'Pending', 'InProgress')
      returning c.id, c.state, c.processing_group, c.batch_id, c.has_dependents
    ),
    g as (
      update proq_groups g set active_command_id = null, locked_at = null
      from u where g.name = u.processing_group and g.active_command_id = u.id
    )
    select * from u`,
  );
  const row = r[0];
  return row ? { ...toFinished(row), state: commandState(row.state) } : null;
}

/** Reopens an Error/Canceled command as `state`, with fresh attempts. */
export async function reopenCommand(exec: DbOrTx, id: number, state: 'Pending' | 'Blocked'): Promise<boolean> {
  const r = await rows(
    exec,
    sql`update proq_commands set state = ${state}, attempts = 0, run_at = greatest(scheduled_time, now()),
        message = null, started_date = null, completed_date = null, failed_root_id = null, locked_by = null,
        locked_at = null, progress_percent = null, progress_message = null, updated_at = now()
      where id = ${id} and state in ('Error', 'Canceled')
      returning id, pg_notify(${NOTIFY_CHANNEL}, environment) as notified`,
  );
  return r.length > 0;
}

/** Commands failed or canceled because `rootId` failed go back to Blocked (they wait on it again). */
export async function reopenCascaded(exec: DbOrTx, rootId: number): Promise<number[]> {
  const r = await rows(
    exec,
    sql`update proq_commands set state = 'Blocked', message = null, completed_date = null, failed_root_id = null,
        updated_at = now()
      where failed_root_id = ${rootId} and state in ('Error', 'Canceled')
      returning id`,
  );
  return r.map((x) => num(x.id));
}

// ─── workers ────────────────────────────────────────────────────────────────────────────────────────────────

export interface WorkerBeat {
  id: string;
  hostname: string;
  pid: number;
  environment: string;
  concurrency: number;
  commandTypes: string[];
  activeCount: number;
  processedCount: number;
  failedCount: number;
  currentDelayMs: number;
  minDelayMs: number;
  maxDelayMs: number;
  coefficient: number;
  idleSince: Date | null;
  stopping: boolean;
}

export async function heartbeatWorker(exec: DbOrTx, w: WorkerBeat): Promise<void> {
  await rows(
    exec,
    sql`insert into proq_workers (id, hostname, pid, environment, concurrency, command_types, last_seen_at, active_count,
        processed_count, failed_count, current_delay_ms, min_delay_ms, max_delay_ms, coefficient, idle_since, stopping)
      values (${w.id}, ${w.hostname}, ${w.pid}, ${w.environment}, ${w.concurrency}, ${sql.param(w.commandTypes)}::text[], now(),
        ${w.activeCount}, ${w.processedCount}, ${w.failedCount}, ${w.currentDelayMs}, ${w.minDelayMs}, ${w.maxDelayMs},
        ${w.coefficient}, ${w.idleSince ? w.idleSince.toISOString() : null}::timestamptz, ${w.stopping})
      on conflict (id) do update set last_seen_at = now(), command_types = excluded.command_types,
        active_count = excluded.active_count, processed_count = excluded.processed_count,
        failed_count = excluded.failed_count, current_delay_ms = excluded.current_delay_ms,
        idle_since = excluded.idle_since, stopping = excluded.stopping`,
  );
}

export async function removeWorker(exec: DbOrTx, id: string): Promise<void> {
  await rows(exec, sql`delete from proq_workers where id = ${id}`);
}

/** Forget workers not seen for `seconds` (crashed without saying goodbye). */
export async function pruneWorkers(exec: DbOrTx, seconds: number): Promise<void> {
  await rows(exec, sql`delete from proq_workers where last_seen_at < now() - make_interval(secs => ${seconds})`);
}

// ─── pause (the background service toggle) ──────────────────────────────────────────────────────────────────

export interface PausedState {
  paused: boolean;
  changedAt: string | null;
  changedBy: string | null;
}

const pauseKey = (environment: string) => `proq.paused:${environment}`;

/** Whether the workers of an environment take new commands (system_settings, so every process sees it). */
export async function pausedState(exec: DbOrTx, environment: string): Promise<PausedState> {
  const [r] = await rows(
    exec,
    sql`select value, to_json(updated_at)#>>'{}' as updated_at, updated_by from system_settings where key = ${pauseKey(environment)}`,
  );
  if (!r) return { paused: false, changedAt: null, changedBy: null };
  const value = (typeof r.value === 'string' ? JSON.parse(r.value) : r.value) as { paused?: boolean } | null;
  return {
    paused: value?.paused === true,
    changedAt: strOrNull(r.updated_at),
    changedBy: strOrNull(r.updated_by),
  };
}

export async function setPausedState(
  exec: DbOrTx,
  environment: string,
  paused: boolean,
  userId: string | null,
): Promise<void> {
  await rows(
    exec,
    sql`insert into system_settings (key, value, updated_at, updated_by)
      values (${pauseKey(environment)}, ${JSON.stringify({ paused })}::jsonb, now(), ${userId}::uuid)
      on conflict (key) do update set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`,
  );
  await rows(exec, sql`select pg_notify(${NOTIFY_CHANNEL}, ${`pause:${environment}`})`);
}
