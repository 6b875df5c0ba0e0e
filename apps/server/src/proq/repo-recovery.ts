/** SQL of ProQ's recovery: stuck leases, dead workers' commands, crash recovery at start-up, orphan group rows. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@sextant/db';
import type { TProqCommandState } from '@sextant/shared/values';
import { NOTIFY_CHANNEL, rows, commandState } from './repo-commands.ts';
import { toFinished, type Finished } from './repo-leases.ts';

/**
 * Stuck recovery: an InProgress command whose lease is older than its stuck timeout (its worker died or hung)
 * goes back to Pending, or to Error when it has used all its attempts. Any worker may run this; SKIP LOCKED keeps
 * concurrent recoveries apart. The dead worker's late outcome is then refused by the lease check.
 */
export async function recoverStuck(
  exec: DbOrTx,
  workerDeadAfterSeconds = DEFAULT_WORKER_DEAD_AFTER_SECONDS,
): Promise<(Finished & { state: TProqCommandState })[]> {
  return recoverLeased(exec, 'stuck', workerDeadAfterSeconds);
}

/**
 * A worker whose heartbeat (proq_workers.last_seen_at, renewed every maintenance pass, 5 s by default) is older
 * than this is dead: the commands it leased are taken over without waiting for their stuck timeout (minutes for
 * the analysis steps). Only leases at least this old are taken, so a worker that just claimed before its first
 * heartbeat keeps its commands.
 */
export const DEFAULT_WORKER_DEAD_AFTER_SECONDS = 30;

/**
 * Crash recovery at start-up of a process that knows no other worker can be alive (the embedded database is held
 * by this process alone): every InProgress command was interrupted by the stop of the previous process. It goes
 * back to Pending at once (the attempt it used counts, so a step that kills the process every time ends in Error
 * after its attempts), or to Error when it has used all its attempts.
 */
export async function recoverInterrupted(exec: DbOrTx): Promise<(Finished & { state: TProqCommandState })[]> {
  return recoverLeased(exec, 'interrupted');
}

async function recoverLeased(
  exec: DbOrTx,
  why: 'stuck' | 'interrupted',
  deadAfter = DEFAULT_WORKER_DEAD_AFTER_SECONDS,
): Promise<(Finished & { state: TProqCommandState })[]> {
  const workerDead = sql`(c.locked_at < now() - make_interval(secs => ${deadAfter})
      and not exists (select 1 from proq_workers w where w.id = c.locked_by
        and w.last_seen_at > now() - make_interval(secs => ${deadAfter})))`;
  const which =
    why === 'stuck'
      ? sql`and (c.locked_at < now() - make_interval(secs => c.stuck_timeout_in_seconds) or ${workerDead})`
      : sql``;
  const message =
    why === 'stuck'
      ? sql`case when ${workerDead}
          then 'Taken over: worker ' || coalesce(c.locked_by, '?') || ' stopped sending its heartbeat (attempt ' ||
            c.attempts || ' of ' || c.max_attempts || ')'
          else 'Stuck: no sign of life from worker ' || coalesce(c.locked_by, '?') || ' for ' ||
            c.stuck_timeout_in_seconds || ' s (attempt ' || c.attempts || ' of ' || c.max_attempts || ')' end`
      : sql`'Interrupted: the server stopped while this step ran (attempt ' || c.attempts || ' of ' ||
          c.max_attempts || ')' || case when c.attempts >= c.max_attempts then '; retry the run' else '; it runs again' end`;
  const r = await rows(
    exec,
    sql`with s as (
      select c.id from proq_commands c
      where c.state = 'InProgress' ${which}
      for update skip locked
    ),
    u as (
      update proq_commands c set
        state = case when c.attempts >= c.max_attempts then 'Error' else 'Pending' end,
        message = ${message},
        completed_date = case when c.attempts >= c.max_attempts then now() end,
        run_at = now(), locked_by = null, locked_at = null, updated_at = now()
      from s where c.id = s.id
      returning c.id, c.state, c.processing_group, c.batch_id, c.has_dependents, c.environment
    ),
    g as (
      update proq_groups g set active_command_id = null, locked_at = null
      from u where g.name = u.processing_group and g.active_command_id = u.id
    )
    select u.*, pg_notify(${NOTIFY_CHANNEL}, u.environment) as notified from u`,
  );
  return r.map((row) => ({ ...toFinished(row), state: commandState(row.state) }));
}

/** Frees group rows whose command is no longer InProgress (safety net; normally freed with the outcome). */
export async function freeOrphanGroups(exec: DbOrTx): Promise<number> {
  const r = await rows(
    exec,
    sql`update proq_groups g set active_command_id = null, locked_at = null
      where g.active_command_id is not null and not exists (
        select 1 from proq_commands c where c.id = g.active_command_id and c.state = 'InProgress')
      returning g.name`,
  );
  return r.length;
}
