/** SQL of ProQ's leases: claiming commands, their outcomes (complete, fail, unblock or cascade to dependents), progress, lost and released leases. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@sextant/db';
import type { TProqCommandState } from '@sextant/shared/values';
import type { ProqCommand } from './types.ts';
import {
  NOTIFY_CHANNEL,
  type Row,
  rows,
  commandState,
  commandColumns,
  num,
  strOrNull,
  toCommand,
} from './repo-commands.ts';

/**
 * Claims up to `limit` Pending commands that are due, of the given types and environment, highest priority
 * first. Rows are locked FOR UPDATE SKIP LOCKED, so concurrent workers never claim the same command. A grouped
 * command also needs its group's row to be free; that row is locked (SKIP LOCKED) by the same statement and
 * rechecked on its latest version, then taken — so at most one command per group is InProgress, across any
 * number of workers. Within one claim, only the first candidate of a group is taken.
 */
export async function claimCommands(
  exec: DbOrTx,
  opts: { workerId: string; environment: string; types: string[]; limit: number },
): Promise<ProqCommand[]> {
  const r = await rows(
    exec,
    sql`with cand as (
      select c.id, c.processing_group, c.priority, c.run_at from proq_commands c
      where c.state = 'Pending' and c.environment = ${opts.environment} and c.run_at <= now()
        and c.command_type = any(${sql.param(opts.types)}::text[])
        and (c.processing_group is null or exists (
          select 1 from proq_groups g where g.name = c.processing_group and g.active_command_id is null
          for update skip locked))
      -- "nulls last" matches proq_commands_claim_idx, so this is an ordered index scan that stops at the limit
      order by c.priority desc nulls last, c.run_at, c.id
      limit ${opts.limit}
      for update of c skip locked
    ),
    pick as (
      select x.id, x.processing_group from (
        select cand.*, row_number() over (partition by cand.processing_group order by cand.priority desc, cand.run_at, cand.id) as rn
        from cand) x
      where x.processing_group is null or x.rn = 1
    ),
    grp as (
      update proq_groups g set active_command_id = pick.id, locked_at = now()
      from pick where g.name = pick.processing_group
    )
    update proq_commands c set state = 'InProgress', started_date = now(), locked_by = ${opts.workerId},
      locked_at = now(), attempts = c.attempts + 1, progress_percent = null, progress_message = null, updated_at = now()
    from pick where c.id = pick.id
    returning ${commandColumns('c')}`,
    'proq_claim',
  );
  return r.map(toCommand).sort((a, b) => b.priority - a.priority || a.id - b.id);
}

// ─── outcomes ───────────────────────────────────────────────────────────────────────────────────────────────

export interface Lease {
  id: number;
  attempts: number;
}

export interface Finished {
  id: number;
  batchId: string | null;
  hasDependents: boolean;
}

export const toFinished = (r: Row): Finished => ({
  id: num(r.id),
  batchId: strOrNull(r.batch_id),
  hasDependents: r.has_dependents === true,
});

/** Completes commands still leased to this worker (a lost lease is skipped) and frees their groups. */
export async function completeCommands(
  exec: DbOrTx,
  workerId: string,
  items: (Lease & { message: string | null })[],
): Promise<Finished[]> {
  if (items.length === 0) return [];
  const r = await rows(
    exec,
    sql`with i as (
      select * from unnest(${sql.param(items.map((x) => x.id))}::bigint[], ${sql.param(items.map((x) => x.attempts))}::int[],
        ${sql.param(items.map((x) => x.message ?? ''))}::text[]) as i(id, attempts, message)
    ),
    done as (
      update proq_commands c set state = 'Completed', completed_date = now(), message = nullif(i.message, ''),
        progress_percent = 100, locked_at = null, updated_at = now()
      from i where c.id = i.id and c.state = 'InProgress' and c.locked_by = ${workerId} and c.attempts = i.attempts
      returning c.id, c.processing_group, c.batch_id, c.has_dependents
    ),
    rel as (
      update proq_groups g set active_command_id = null, locked_at = null
      from done where g.name = done.processing_group and g.active_command_id = done.id
    )
    select id, batch_id, has_dependents from done`,
    'proq_complete',
  );
  return r.map(toFinished);
}

/** A failed attempt: back to Pending at `retryAt` with the error kept, or Error when final. Frees the group. */
export async function failCommand(
  exec: DbOrTx,
  workerId: string,
  lease: Lease,
  message: string,
  retryInMs: number | null,
): Promise<(Finished & { state: TProqCommandState }) | null> {
  const final = retryInMs === null;
  const r = await rows(
    exec,
    sql`with f as (
      update proq_commands c set
        state = ${final ? 'Error' : 'Pending'},
        message = ${message},
        run_at = case when ${final} then c.run_at else now() + make_interval(secs => ${(retryInMs ?? 0) / 1000}) end,
        completed_date = case when ${final} then now() end,
        locked_at = null, updated_at = now()
      where c.id = ${lease.id} and c.state = 'InProgress' and c.locked_by = ${workerId} and c.attempts = ${lease.attempts}
      returning c.id, c.state, c.processing_group, c.batch_id, c.has_dependents
    ),
    rel as (
      update proq_groups g set active_command_id = null, locked_at = null
      from f where g.name = f.processing_group and g.active_command_id = f.id
    )
    select f.*, case when f.state = 'Pending' then pg_notify(${NOTIFY_CHANNEL}, '') end as notified from f`,
  );
  const row = r[0];
  return row ? { ...toFinished(row), state: commandState(row.state) } : null;
}

/**
 * Moves Blocked commands whose prerequisites are now all Completed to Pending. Called after completions have
 * committed (so this statement's snapshot sees them); `ids`/`batches` narrow it to the dependents of the commands
 * just completed, or null for the periodic sweep over all Blocked commands.
 */
export async function unblockDependents(
  exec: DbOrTx,
  scope: { ids: number[]; batches: string[] } | null,
): Promise<number[]> {
  const narrow = scope
    ? sql`and (d.prerequisite = any(${sql.param(scope.ids)}::bigint[]) or d.prerequisite_batch_id = any(${sql.param(scope.batches)}::text[]))`
    : sql``;
  const r = await rows(
    exec,
    sql`with u as (
      update proq_commands d set state = 'Pending', run_at = greatest(d.scheduled_time, now()), updated_at = now()
      where d.state = 'Blocked' ${narrow}
        and (d.prerequisite is null or exists (
          select 1 from proq_commands p where p.id = d.prerequisite and p.state = 'Completed'))
        and (d.prerequisite_batch_id is null or not exists (
          select 1 from proq_commands b where b.batch_id = d.prerequisite_batch_id and b.state <> 'Completed'))
      returning d.id, d.environment
    )
    select u.id, pg_notify(${NOTIFY_CHANNEL}, u.environment) as notified from u`,
  );
  return r.map((x) => num(x.id));
}

/**
 * Fails (Error) or cancels every Blocked command that waits, directly or transitively, on `fromId`, recording
 * `rootId` (the command that actually failed; `fromId` itself unless it was failed by a cascade) so that retrying
 * the root reopens them.
 */
export async function cascadeFailure(
  exec: DbOrTx,
  fromId: number,
  state: 'Error' | 'Canceled',
  rootId = fromId,
): Promise<number[]> {
  const message =
    state === 'Error' ? `Prerequisite command #${rootId} failed` : `Prerequisite command #${rootId} was canceled`;
  const r = await rows(
    exec,
    sql`with recursive dep(id) as (
      select d.id from proq_commands root
      join proq_commands d on d.state = 'Blocked'
        and (d.prerequisite = root.id or (root.batch_id is not null and d.prerequisite_batch_id = root.batch_id))
      where root.id = ${fromId}
      union
      select d.id from dep
      join proq_commands p on p.id = dep.id
      join proq_commands d on d.state = 'Blocked'
        and (d.prerequisite = p.id or (p.batch_id is not null and d.prerequisite_batch_id = p.batch_id))
    )
    update proq_commands c set state = ${state}, completed_date = now(), failed_root_id = ${rootId},
      message = ${message}, updated_at = now()
    where c.id in (select id from dep) and c.state = 'Blocked'
    returning c.id`,
  );
  return r.map((x) => num(x.id));
}

/** Failed/canceled commands (with their root) that Blocked commands still wait on: to cascade from. */
export async function failedRootsOfBlocked(
  exec: DbOrTx,
): Promise<{ id: number; rootId: number; state: 'Error' | 'Canceled' }[]> {
  const r = await rows(
    exec,
    sql`select distinct p.id, coalesce(p.failed_root_id, p.id) as root_id, p.state from proq_commands d
      join proq_commands p on (p.id = d.prerequisite or (d.prerequisite_batch_id is not null and p.batch_id = d.prerequisite_batch_id))
      where d.state = 'Blocked' and p.state in ('Error', 'Canceled')
      limit 1000`,
  );
  return r.map((x) => ({ id: num(x.id), rootId: num(x.root_id), state: x.state as 'Error' | 'Canceled' }));
}

/** Progress report; also renews the lease. False when the lease is lost (canceled, recovered, reclaimed). */
export async function reportProgress(
  exec: DbOrTx,
  workerId: string,
  lease: Lease,
  percent: number | null,
  message: string | null,
): Promise<boolean> {
  const r = await rows(
    exec,
    sql`update proq_commands set locked_at = now(),
        progress_percent = coalesce(${percent}::real, progress_percent),
        progress_message = case when ${percent}::real is null then progress_message else ${message}::text end
      where id = ${lease.id} and state = 'InProgress' and locked_by = ${workerId} and attempts = ${lease.attempts}
      returning id`,
  );
  return r.length > 0;
}

/** Of these leases, which are no longer held (canceled, recovered after the stuck timeout, reclaimed)? */
export async function lostLeases(exec: DbOrTx, workerId: string, leases: Lease[]): Promise<number[]> {
  if (leases.length === 0) return [];
  const r = await rows(
    exec,
    sql`select i.id from unnest(${sql.param(leases.map((l) => l.id))}::bigint[], ${sql.param(leases.map((l) => l.attempts))}::int[]) as i(id, attempts)
      left join proq_commands c on c.id = i.id and c.state = 'InProgress' and c.locked_by = ${workerId} and c.attempts = i.attempts
      where c.id is null`,
  );
  return r.map((x) => num(x.id));
}

/** Graceful shutdown past its grace period: hand leased commands back (the attempt does not count). */
export async function releaseCommands(exec: DbOrTx, workerId: string, leases: Lease[]): Promise<number[]> {
  if (leases.length === 0) return [];
  const r = await rows(
    exec,
    sql`with i as (
      select * from unnest(${sql.param(leases.map((l) => l.id))}::bigint[], ${sql.param(leases.map((l) => l.attempts))}::int[]) as i(id, attempts)
    ),
    rel as (
      update proq_commands c set state = 'Pending', attempts = c.attempts - 1, locked_by = null, locked_at = null,
        run_at = now(), message = 'Released by a stopping worker', updated_at = now()
      from i where c.id = i.id and c.state = 'InProgress' and c.locked_by = ${workerId} and c.attempts = i.attempts
      returning c.id, c.processing_group, c.environment
    ),
    g as (
      update proq_groups g set active_command_id = null, locked_at = null
      from rel where g.name = rel.processing_group and g.active_command_id = rel.id
    )
    select rel.id, pg_notify(${NOTIFY_CHANNEL}, rel.environment) as notified from rel`,
  );
  return r.map((x) => num(x.id));
}
