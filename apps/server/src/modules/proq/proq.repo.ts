/** SQL of the ProQ monitoring API: counts, quick views, paged lists, workers. The queue's own SQL is in src/proq. */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { jobArtifacts, proqCommands, proqWorkers, type DbHandle, type DbOrTx } from '@sextant/db';
import {
  PROQ_COMPLETED_STATES,
  PROQ_ERROR_STATES,
  PROQ_QUEUED_STATES,
  type PROQ_LIST_PROPERTIES,
  type TPagingRequestParsed,
  type TProqCommandState,
} from '@sextant/shared';
import { runPaged, type PagingColumnsOf } from '../../lib/paging.ts';

/** A worker is alive when it heartbeated within this many seconds (it beats every maintenance interval, 5 s). */
export const WORKER_ALIVE_SECONDS = 30;

const c = proqCommands;

export const PROQ_COLUMNS = {
  id: { column: c.id, kind: 'number' },
  priority: { column: c.priority, kind: 'number' },
  prerequisite: { column: c.prerequisite, kind: 'number' },
  commandType: { column: c.commandType, kind: 'string' },
  category: { column: c.category, kind: 'string' },
  targetEntityId: { column: c.targetEntityId, kind: 'string' },
  jobId: { column: c.jobId, kind: 'uuid' },
  jobName: { column: jobArtifacts.name, kind: 'string' },
  correlationId: { column: c.correlationId, kind: 'string' },
  queuedDate: { column: c.queuedDate, kind: 'date' },
  startedDate: { column: c.startedDate, kind: 'date' },
  completedDate: { column: c.completedDate, kind: 'date' },
  state: { column: c.state, kind: 'string' },
  tags: { column: c.tags, kind: 'stringArray' },
  environment: { column: c.environment, kind: 'string' },
  processingGroup: { column: c.processingGroup, kind: 'string' },
  scheduledTime: { column: c.scheduledTime, kind: 'date' },
  batchId: { column: c.batchId, kind: 'string' },
  prerequisiteBatchId: { column: c.prerequisiteBatchId, kind: 'string' },
  message: { column: c.message, kind: 'string' },
  attempts: { column: c.attempts, kind: 'number' },
} satisfies PagingColumnsOf<(typeof PROQ_LIST_PROPERTIES)[number]>;

export type ProqListKind = 'queued' | 'error' | 'completed';
const LIST_STATES: Record<ProqListKind, readonly TProqCommandState[]> = {
  queued: PROQ_QUEUED_STATES,
  error: PROQ_ERROR_STATES,
  completed: PROQ_COMPLETED_STATES,
};

const selection = {
  id: c.id,
  priority: c.priority,
  prerequisite: c.prerequisite,
  commandType: c.commandType,
  category: c.category,
  targetEntityId: c.targetEntityId,
  jobId: c.jobId,
  jobName: jobArtifacts.name,
  correlationId: c.correlationId,
  payload: c.payload,
  queuedDate: c.queuedDate,
  startedDate: c.startedDate,
  completedDate: c.completedDate,
  state: c.state,
  tags: c.tags,
  environment: c.environment,
  processingGroup: c.processingGroup,
  scheduledTime: c.scheduledTime,
  stuckTimeOutInSeconds: c.stuckTimeOutInSeconds,
  batchId: c.batchId,
  prerequisiteBatchId: c.prerequisiteBatchId,
  message: c.message,
  attempts: c.attempts,
  maxAttempts: c.maxAttempts,
  runAt: c.runAt,
  lockedBy: c.lockedBy,
  progressPercent: c.progressPercent,
  progressMessage: c.progressMessage,
  failedRootId: c.failedRootId,
  now: sql<Date | string>`now()`.as('now'),
};
const withJob = (db: DbOrTx) =>
  db.select(selection).from(c).leftJoin(jobArtifacts, eq(jobArtifacts.id, c.jobId)).$dynamic();
export type CommandRow = Awaited<ReturnType<typeof withJob>>[number];

/**
 * Commands of the jobs matching `visibleJobs` (a condition over job_artifacts): the tenant scope of a caller who is
 * not internal staff. Commands without a job (system work) are outside every tenant's scope.
 */
export const commandsOfJobs = (visibleJobs: SQL): SQL =>
  sql`${c.jobId} in (select ${jobArtifacts.id} from ${jobArtifacts} where ${visibleJobs})`;

export function pageCommands<T>(
  db: DbOrTx,
  environment: string,
  kind: ProqListKind,
  request: TPagingRequestParsed,
  map: (r: CommandRow) => T,
  scope?: SQL,
) {
  return runPaged<CommandRow, T>({
    db,
    request,
    columns: PROQ_COLUMNS,
    defaultOrder: {
      propertyName: kind === 'queued' ? 'queuedDate' : 'completedDate',
      direction: kind === 'queued' ? 'asc' : 'desc',
    },
    base: () => withJob(db),
    countFrom: () =>
      db.select({ value: count() }).from(c).leftJoin(jobArtifacts, eq(jobArtifacts.id, c.jobId)).$dynamic(),
    extraWhere: and(eq(c.environment, environment), inArray(c.state, [...LIST_STATES[kind]]), scope),
    map,
  });
}

export async function findCommand(
  db: DbOrTx,
  environment: string,
  id: number,
  scope?: SQL,
): Promise<CommandRow | undefined> {
  const [row] = await withJob(db).where(and(eq(c.id, id), eq(c.environment, environment), scope));
  return row as CommandRow | undefined;
}

/** Every command of a job, oldest first (the workflow view orders them by their prerequisites). */
export async function jobCommands(
  db: DbOrTx,
  environment: string,
  jobId: string,
  scope?: SQL,
  limit = 2000,
): Promise<CommandRow[]> {
  return (await withJob(db)
    .where(and(eq(c.jobId, jobId), eq(c.environment, environment), scope))
    .orderBy(c.id)
    .limit(limit)) as CommandRow[];
}

/** Unfinished commands for the quick views: running first, then by priority and age. */
export async function queuedCommands(
  db: DbOrTx,
  environment: string,
  jobId?: string,
  scope?: SQL,
  limit = 500,
): Promise<CommandRow[]> {
  return (await withJob(db)
    .where(
      and(
        eq(c.environment, environment),
        inArray(c.state, [...PROQ_QUEUED_STATES]),
        jobId ? eq(c.jobId, jobId) : undefined,
        scope,
      ),
    )
    .orderBy(
      sql`case ${c.state} when 'InProgress' then 0 when 'Pending' then 1 else 2 end`,
      sql`${c.priority} desc`,
      c.id,
    )
    .limit(limit)) as CommandRow[];
}

export interface CountFilter {
  jobId?: string;
  commandType?: string;
  since?: string;
}

function countWhere(environment: string, f: CountFilter, scope?: SQL): SQL | undefined {
  return and(
    eq(c.environment, environment),
    scope,
    f.jobId ? eq(c.jobId, f.jobId) : undefined,
    f.commandType ? eq(c.commandType, f.commandType) : undefined,
    f.since ? sql`${c.queuedDate} >= ${f.since}::timestamptz` : undefined,
  );
}

export async function queueCounts(db: DbOrTx, environment: string, f: CountFilter, scope?: SQL) {
  const inList = (states: readonly TProqCommandState[]) =>
    sql<number>`count(*) filter (where ${inArray(c.state, [...states])})::int`;
  const [row] = await db
    .select({
      queued: inList(PROQ_QUEUED_STATES),
      completed: inList(PROQ_COMPLETED_STATES),
      error: inList(PROQ_ERROR_STATES),
    })
    .from(c)
    .where(countWhere(environment, f, scope));
  return { queued: Number(row?.queued ?? 0), completed: Number(row?.completed ?? 0), error: Number(row?.error ?? 0) };
}

export async function queuedCountsBy(
  db: DbOrTx,
  environment: string,
  groupBy: 'commandType' | 'state' | 'category',
  scope?: SQL,
) {
  const col =
    groupBy === 'commandType'
      ? c.commandType
      : groupBy === 'state'
        ? c.state
        : sql<string>`coalesce(${c.category}, '')`;
  const rows = await db
    .select({ name: sql<string>`${col}`, count: sql<number>`count(*)::int` })
    .from(c)
    .where(and(eq(c.environment, environment), inArray(c.state, [...PROQ_QUEUED_STATES]), scope))
    .groupBy(col)
    .orderBy(sql`count(*) desc`, col);
  return rows.map((r) => ({ name: String(r.name), count: Number(r.count) }));
}

export async function hasQueuedFor(db: DbOrTx, environment: string, entityId: string, scope?: SQL): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(
      and(
        eq(c.environment, environment),
        inArray(c.state, [...PROQ_QUEUED_STATES]),
        or(sql`${c.jobId}::text = ${entityId}`, eq(c.targetEntityId, entityId)),
        scope,
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

export async function workers(db: DbOrTx, environment: string) {
  return db
    .select({
      w: proqWorkers,
      alive: sql<boolean>`(${proqWorkers.lastSeenAt} > now() - make_interval(secs => ${WORKER_ALIVE_SECONDS}) and not ${proqWorkers.stopping})`,
      idleSeconds: sql<number | null>`extract(epoch from (now() - ${proqWorkers.idleSince}))::float8`,
    })
    .from(proqWorkers)
    .where(eq(proqWorkers.environment, environment))
    .orderBy(proqWorkers.startedAt);
}

/** The latest command with this correlation id (the system audit's health check polls it). */
export async function latestCommandByCorrelation(db: DbOrTx, correlationId: string) {
  const [row] = await db
    .select()
    .from(proqCommands)
    .where(eq(proqCommands.correlationId, correlationId))
    .orderBy(desc(proqCommands.id))
    .limit(1);
  return row;
}

/** The gauges of /metrics in three statements: queue depth by state, oldest runnable wait, run durations (24 h). */
export async function queueAndRunGauges(dbh: DbHandle) {
  const byState = await dbh.query<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM proq_commands WHERE state IN ('Blocked', 'Pending', 'InProgress') GROUP BY state`,
  );
  const [age] = await dbh.query<{ age: number | null }>(
    `SELECT extract(epoch FROM now() - min(queued_date))::float8 AS age FROM proq_commands
      WHERE state = 'Pending' AND run_at <= now()`,
  );
  const [runs] = await dbh.query<{ n: number; p50: number | null; p95: number | null; max: number | null }>(
    `SELECT count(*)::int AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY d) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY d) AS p95,
            max(d) AS max
       FROM (SELECT extract(epoch FROM completed_at - started_at)::float8 AS d FROM job_runs
              WHERE status = 'Completed' AND completed_at > now() - interval '24 hours' AND started_at IS NOT NULL) x`,
  );
  return { byState, oldestAge: age?.age ?? null, runs };
}
