/** SQL of ProQ's enqueue: inserting validated commands, locking their prerequisites, refusing a prerequisite cycle. */
import { sql, type Query } from 'drizzle-orm';
import type { DbOrTx } from '@sextant/db';
import type { TProqCommandState } from '@sextant/shared/values';
import type { ProqCommand } from './types.ts';
import {
  NOTIFY_CHANNEL,
  dialect,
  preparedRows,
  rows,
  commandState,
  num,
  numOrNull,
  strOrNull,
} from './repo-commands.ts';

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

/** The columns of an insert, in the statement's order, with their SQL types (tags as JSON text: an array per row). */
const INSERT_COLUMNS: [string, string, (x: InsertRow, payload: string | undefined) => unknown][] = [
  ['command_type', 'text', (x) => x.command_type],
  ['category', 'text', (x) => x.category],
  ['priority', 'int', (x) => x.priority],
  ['prerequisite', 'bigint', (x) => x.prerequisite],
  ['prerequisite_batch_id', 'text', (x) => x.prerequisite_batch_id],
  ['batch_id', 'text', (x) => x.batch_id],
  ['target_entity_id', 'text', (x) => x.target_entity_id],
  ['job_id', 'text', (x) => x.job_id],
  ['correlation_id', 'text', (x) => x.correlation_id],
  ['payload', 'text', (_x, payload) => payload],
  ['state', 'text', (x) => x.state],
  ['tags', 'text', (x) => (x.tags.length > 0 ? JSON.stringify(x.tags) : null)],
  ['environment', 'text', (x) => x.environment],
  ['processing_group', 'text', (x) => x.processing_group],
  ['scheduled_time', 'text', (x) => x.scheduled_time],
  ['stuck_timeout_in_seconds', 'int', (x) => x.stuck_timeout_in_seconds],
  ['max_attempts', 'int', (x) => x.max_attempts],
  ['unique_key', 'text', (x) => x.unique_key],
  ['failed_root_id', 'bigint', (x) => x.failed_root_id],
  ['message', 'text', (x) => x.message],
];

const insertStatements = new Map<string, Query>();

/**
 * The insert statement's name and text (built once; its values are placeholders). One row (every single enqueue):
 * plain parameters; several: one array per column, unnested. With a processing group: the group rows upserted too.
 */
function insertStatement(one: boolean, grouped: boolean): [string, Query] {
  const name = `proq_insert_${one ? 'one' : 'many'}${grouped ? '_grouped' : ''}`;
  const cached = insertStatements.get(name);
  if (cached) return [name, cached];
  const source = one
    ? sql`select ${sql.join(
        INSERT_COLUMNS.map(([col, type]) => sql`${sql.placeholder(col)}::${sql.raw(type)} as ${sql.raw(col)}`),
        sql`, `,
      )}, 1::bigint as ord`
    : sql`select * from unnest(${sql.join(
        INSERT_COLUMNS.map(([col, type]) => sql`${sql.placeholder(col)}::${sql.raw(type)}[]`),
        sql`, `,
      )}) with ordinality as r(${sql.raw(INSERT_COLUMNS.map(([col]) => col).join(', '))}, ord)`;
  const groups = grouped
    ? sql`g as (
      insert into proq_groups (name)
      select distinct r.processing_group from r where r.processing_group is not null
      on conflict do nothing
    ),`
    : sql``;
  const text = dialect.sqlToQuery(sql`with r as (
      ${source}
    ),
    ${groups}
    ins as (
      insert into proq_commands as c (command_type, category, priority, prerequisite, prerequisite_batch_id, batch_id,
        target_entity_id, job_id, correlation_id, payload, state, tags, environment, processing_group, scheduled_time,
        stuck_timeout_in_seconds, max_attempts, unique_key, failed_root_id, message, run_at, completed_date, has_dependents)
      select r.command_type, r.category, r.priority, r.prerequisite, r.prerequisite_batch_id, r.batch_id,
        r.target_entity_id, r.job_id::uuid, r.correlation_id, r.payload::jsonb, r.state,
        case when r.tags is null then '{}'::text[] else array(select jsonb_array_elements_text(r.tags::jsonb)) end,
        r.environment, r.processing_group, r.scheduled_time::timestamptz,
        r.stuck_timeout_in_seconds, r.max_attempts, r.unique_key, r.failed_root_id, r.message,
        greatest(r.scheduled_time::timestamptz, now()),
        case when r.state in ('Error', 'Canceled') then now() end,
        (r.batch_id is not null and exists (
          select 1 from proq_commands d where d.prerequisite_batch_id = r.batch_id and d.state = 'Blocked'))
      from r order by r.ord
      on conflict (unique_key) where unique_key is not null do nothing
      returning c.id, c.unique_key, c.state, c.environment, c.scheduled_time, c.run_at
    ),
    n as (
      select count(pg_notify(${sql.raw(`'${NOTIFY_CHANNEL}'`)}, e.environment)) as notified
      from (select distinct ins.environment from ins where ins.state = 'Pending') e
    )
    select ins.id, ins.unique_key, n.notified, to_json(now())#>>'{}' as now,
      case when ins.scheduled_time is not null then to_json(ins.scheduled_time)#>>'{}' end as scheduled_time,
      case when ins.scheduled_time is not null then to_json(ins.run_at)#>>'{}' end as run_at
    from ins, n`);
  insertStatements.set(name, text);
  return [name, text];
}

/**
 * Inserts commands in input order (ids ascend with it) in one statement, creating their processing-group rows
 * and notifying idle workers of Pending ones (delivered when the caller's transaction commits): one NOTIFY per
 * environment and statement, not one per row (a batch of 1,000 wakes the workers once). A unique key that exists
 * already is skipped (the caller reads the existing row). Returns the inserted commands in id order.
 *
 * Cost per row (a batch of 1,000 took twice graphile-worker's database time): the rows travel as one array per
 * column (`unnest`, a third of the parse time of a JSON array of objects), and only what the database decided comes
 * back — the id, and the timestamps as the database writes them — the rest of each command is the row we sent. The
 * statement is built once per variant (insertStatement) and prepared on each connection.
 */
export async function insertCommands(exec: DbOrTx, input: InsertRow[]): Promise<ProqCommand[]> {
  const one = input.length === 1;
  const grouped = input.some((r) => r.processing_group !== null);
  const payloads = input.map((r) => JSON.stringify(r.payload ?? {}));
  const values: Record<string, unknown> = {};
  for (const [name, , f] of INSERT_COLUMNS)
    values[name] = one ? f(input[0] as InsertRow, payloads[0]) : input.map((x, i) => f(x, payloads[i]));
  const [statement, text] = insertStatement(one, grouped);
  const r = await preparedRows(exec, statement, text, values);
  // Inserted rows in id order are the input rows in input order, less those whose unique key existed (a key repeated
  // in the input is inserted by its first row).
  const keyed = new Map<string, number>();
  const unkeyed: number[] = [];
  input.forEach((x, i) => {
    if (x.unique_key === null) unkeyed.push(i);
    else if (!keyed.has(x.unique_key)) keyed.set(x.unique_key, i);
  });
  let next = 0;
  r.sort((a, b) => num(a.id) - num(b.id)); // id order: sorted here rather than by the database
  return r.map((row) => {
    const key = strOrNull(row.unique_key);
    const i = key === null ? unkeyed[next++] : keyed.get(key);
    const x = i === undefined ? undefined : input[i];
    if (i === undefined || !x) throw new Error('ProQ: enqueue result mismatch');
    const now = String(row.now);
    return {
      id: num(row.id),
      commandType: x.command_type,
      category: x.category,
      priority: x.priority,
      prerequisite: x.prerequisite,
      prerequisiteBatchId: x.prerequisite_batch_id,
      batchId: x.batch_id,
      targetEntityId: x.target_entity_id,
      jobId: x.job_id?.toLowerCase() ?? null, // as the uuid column gives it back
      correlationId: x.correlation_id,
      payload: JSON.parse(payloads[i] ?? '{}') as unknown, // as stored: the JSON of the parsed payload
      queuedDate: now,
      startedDate: null,
      completedDate: x.state === 'Error' || x.state === 'Canceled' ? now : null,
      state: x.state,
      age: 0,
      tags: [...x.tags],
      environment: x.environment,
      processingGroup: x.processing_group,
      scheduledTime: strOrNull(row.scheduled_time),
      stuckTimeOutInSeconds: x.stuck_timeout_in_seconds,
      message: x.message,
      runAt: strOrNull(row.run_at) ?? now,
      attempts: 0,
      maxAttempts: x.max_attempts,
      lockedBy: null,
      lockedAt: null,
      progressPercent: null,
      progressMessage: null,
      failedRootId: x.failed_root_id,
      uniqueKey: x.unique_key,
      updatedAt: now,
    };
  });
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
