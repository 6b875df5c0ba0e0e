/**
 * Every SQL statement of the ProQ runtime. Statements are single round trips wherever correctness allows; the
 * concurrency argument for each is in its comment. Works unchanged on PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@sextant/db';
import { PROQ_COMMAND_STATES, type TProqCommandState } from '@sextant/shared/values';
import type { ProqCommand } from './types.ts';

export const NOTIFY_CHANNEL = 'proq_commands';

type Row = Record<string, unknown>;

export async function rows(exec: DbOrTx, q: SQL): Promise<Row[]> {
  return (await exec.execute(q)).rows;
}

const STATES: ReadonlySet<unknown> = new Set(PROQ_COMMAND_STATES);
/** A state column read by raw SQL: one of the known states, or the row is not a command this build understands. */
function commandState(v: unknown): TProqCommandState {
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

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

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

// ─── enqueue ────────────────────────────────────────────────────────────────────────────────────────────────

/** A row ready to insert (validated, state decided). */
export interface InsertRow {
  command_type: string;
  category: string | null;
  priority: number;
  prerequisite: number | null;
  prerequisite_batch_id: string | null;
  batch_id: string | null;
  target_entity_id: string | null;
  job_id: string | null;
  correlation_id: string | null;
  payload: unknown;
  state: TProqCommandState;
  tags: string[];
  environment: string;
  processing_group: string | null;
  scheduled_time: string | null;
  stuck_timeout_in_seconds: number;
  max_attempts: number;
  unique_key: string | null;
  failed_root_id: number | null;
  message: string | null;
  ord: number;
}

/**
 * Inserts commands in input order (ids ascend with it) in one statement, creating their processing-group rows
 * and notifying idle workers of Pending ones (delivered when the caller's transaction commits). A unique key
 * that exists already is skipped (the caller reads the existing row).
 */
export async function insertCommands(exec: DbOrTx, input: InsertRow[]): Promise<ProqCommand[]> {
  const json = JSON.stringify(input);
  const r = await rows(
    exec,
    sql`with r as (
      select * from jsonb_to_recordset(${json}::jsonb) as r(
        command_type text, category text, priority int, prerequisite bigint, prerequisite_batch_id text,
        batch_id text, target_entity_id text, job_id uuid, correlation_id text, payload jsonb, state text,
        tags text[], environment text, processing_group text, scheduled_time timestamptz,
        stuck_timeout_in_seconds int, max_attempts int, unique_key text, failed_root_id bigint, message text, ord int)
    ),
    g as (
      insert into proq_groups (name)
      select distinct r.processing_group from r where r.processing_group is not null
      on conflict do nothing
    ),
    ins as (
      insert into proq_commands as c (command_type, category, priority, prerequisite, prerequisite_batch_id, batch_id,
        target_entity_id, job_id, correlation_id, payload, state, tags, environment, processing_group, scheduled_time,
        stuck_timeout_in_seconds, max_attempts, unique_key, failed_root_id, message, run_at, completed_date, has_dependents)
      select r.command_type, r.category, r.priority, r.prerequisite, r.prerequisite_batch_id, r.batch_id,
        r.target_entity_id, r.job_id, r.correlation_id, coalesce(r.payload, '{}'::jsonb), r.state,
        coalesce(r.tags, '{}'::text[]), r.environment, r.processing_group, r.scheduled_time,
        r.stuck_timeout_in_seconds, r.max_attempts, r.unique_key, r.failed_root_id, r.message,
        greatest(r.scheduled_time, now()),
        case when r.state in ('Error', 'Canceled') then now() end,
        (r.batch_id is not null and exists (
          select 1 from proq_commands d where d.prerequisite_batch_id = r.batch_id and d.state = 'Blocked'))
      from r order by r.ord
      on conflict (unique_key) do nothing
      returning ${commandColumns('c')}
    )
    select ins.*, case when ins.state = 'Pending' then pg_notify(${NOTIFY_CHANNEL}, ins.environment) end as notified
    from ins order by ins.id`,
  );
  return r.map(toCommand);
}

export interface PrerequisiteInfo {
  id: number;
  state: TProqCommandState;
  failedRootId: number | null;
  message: string | null;
}

/**
 * Marks the prerequisite command as having dependents and returns its state. The UPDATE takes the row lock
 * until the caller commits, so the prerequisite's completion waits for our insert to be visible and then
 * unblocks it (or, when it completed first, we read Completed and insert Pending).
 */
export async function lockPrerequisite(exec: DbOrTx, id: number): Promise<PrerequisiteInfo | null> {
  const r = await rows(
    exec,
    sql`update proq_commands set has_dependents = true where id = ${id}
        returning id, state, failed_root_id, message`,
  );
  const row = r[0];
  return row
    ? {
        id: num(row.id),
        state: commandState(row.state),
        failedRootId: numOrNull(row.failed_root_id),
        message: strOrNull(row.message),
      }
    : null;
}

/** Same for every command of a prerequisite batch. */
export async function lockPrerequisiteBatch(exec: DbOrTx, batchId: string): Promise<PrerequisiteInfo[]> {
  const r = await rows(
    exec,
    sql`update proq_commands set has_dependents = true where batch_id = ${batchId}
        returning id, state, failed_root_id, message`,
  );
  return r.map((row) => ({
    id: num(row.id),
    state: commandState(row.state),
    failedRootId: numOrNull(row.failed_root_id),
    message: strOrNull(row.message),
  }));
}

/**
 * Would a new command in `batchId` that depends on `prerequisite`/`prerequisiteBatchId` close a cycle? It does
 * when one of its (transitive, unfinished) prerequisites waits on `batchId`, because joining the batch makes
 * those wait on the new command.
 */
export async function wouldCycle(
  exec: DbOrTx,
  batchId: string,
  prerequisite: number | null,
  prerequisiteBatchId: string | null,
): Promise<boolean> {
  const r = await rows(
    exec,
    sql`with recursive deps(id) as (
      select p.id from proq_commands p
      where (p.id = ${prerequisite} or p.batch_id = ${prerequisiteBatchId}) and p.state <> 'Completed'
      union
      select p2.id from deps
      join proq_commands p on p.id = deps.id
      join proq_commands p2 on (p2.id = p.prerequisite or (p.prerequisite_batch_id is not null and p2.batch_id = p.prerequisite_batch_id))
      where p2.state <> 'Completed'
    )
    select exists (
      select 1 from deps join proq_commands c on c.id = deps.id where c.prerequisite_batch_id = ${batchId}
    ) as cycle`,
  );
  return r[0]?.cycle === true;
}

// ─── claiming ───────────────────────────────────────────────────────────────────────────────────────────────

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

const toFinished = (r: Row): Finished => ({
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

// ─── cancel / retry ─────────────────────────────────────────────────────────────────────────────────────────

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
