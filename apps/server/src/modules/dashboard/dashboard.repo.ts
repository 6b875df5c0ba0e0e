/** SQL of the home dashboard: the caller's jobs, campaigns in progress, changes since a time, visits. */
import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  buyers,
  campaignEnrolments as e,
  campaignWorkflows,
  issuers,
  jobArtifacts as j,
  jobArtifactUsers,
  jobRuns,
  users,
  type DbOrTx,
} from '@sextant/db';

/** Jobs the user owns or is assigned to (the "my jobs" of the dashboard). */
export const mineCondition = (userId: string): SQL =>
  or(
    eq(j.ownerId, userId),
    sql`exists (select 1 from ${jobArtifactUsers} where ${jobArtifactUsers.jobArtifactId} = ${j.id} and ${jobArtifactUsers.userId} = ${userId})`,
  )!;

const latestError = sql<
  string | null
>`(select ${jobRuns.error} from ${jobRuns} where ${jobRuns.jobArtifactId} = ${j.id} order by ${jobRuns.runNumber} desc limit 1)`;

export async function jobRows(db: DbOrTx, where: SQL, limit: number) {
  return db
    .select({
      id: j.id,
      name: j.name,
      type: j.type,
      status: j.status,
      issuerName: issuers.name,
      buyerName: buyers.name,
      updatedAt: j.updatedAt,
      error: latestError,
    })
    .from(j)
    .innerJoin(issuers, eq(issuers.id, j.issuerId))
    .leftJoin(buyers, eq(buyers.id, j.buyerId))
    .where(and(where, eq(j.isHidden, false)))
    .orderBy(desc(j.updatedAt), j.name)
    .limit(limit);
}

export async function statusCounts(db: DbOrTx, where: SQL) {
  return db
    .select({ status: j.status, n: count() })
    .from(j)
    .where(and(where, eq(j.isHidden, false)))
    .groupBy(j.status);
}

/** Visible jobs created, turned Ready and turned Failed after `since`. */
export async function jobChangesSince(db: DbOrTx, visible: SQL, since: Date) {
  const at = sql`${since.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      created: sql<number>`count(*) filter (where ${j.createdOn} > ${at})`,
      ready: sql<number>`count(*) filter (where ${j.status} = 'Ready' and ${j.updatedAt} > ${at})`,
      failed: sql<number>`count(*) filter (where ${j.status} = 'Failed' and ${j.updatedAt} > ${at})`,
    })
    .from(j)
    .where(and(visible, eq(j.isHidden, false)));
  return { created: Number(row?.created ?? 0), ready: Number(row?.ready ?? 0), failed: Number(row?.failed ?? 0) };
}

/** Supplier outcomes (succeeded or failed enrolments) of the visible jobs' campaigns after `since`. */
export async function campaignRepliesSince(db: DbOrTx, visible: SQL, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(e)
    .innerJoin(campaignWorkflows, eq(campaignWorkflows.id, e.workflowId))
    .innerJoin(j, eq(j.id, campaignWorkflows.jobId))
    .where(and(visible, inArray(e.status, ['Succeeded', 'Failed']), gt(e.updatedAt, since)));
  return Number(row?.n ?? 0);
}

/** Workflows of visible jobs with suppliers in a wave still Pending or Active, with their counters. */
export async function campaignsInProgress(db: DbOrTx, visible: SQL, limit: number) {
  const n = (status: string) => sql<number>`count(*) filter (where ${e.status} = ${status})`;
  return db
    .select({
      workflowId: campaignWorkflows.id,
      name: campaignWorkflows.name,
      jobId: j.id,
      jobName: j.name,
      pending: n('Pending'),
      active: n('Active'),
      succeeded: n('Succeeded'),
      failed: n('Failed'),
    })
    .from(campaignWorkflows)
    .innerJoin(j, eq(j.id, campaignWorkflows.jobId))
    .innerJoin(e, eq(e.workflowId, campaignWorkflows.id))
    .where(and(visible, eq(j.isHidden, false)))
    .groupBy(campaignWorkflows.id, campaignWorkflows.name, j.id, j.name, campaignWorkflows.updatedAt)
    .having(sql`count(*) filter (where ${e.status} in ('Pending', 'Active') and ${e.campaignId} is not null) > 0`)
    .orderBy(desc(campaignWorkflows.updatedAt))
    .limit(limit);
}

/**
 * Records a visit and answers the previous one: a visit more than `gapMs` after the latest starts a new one (the
 * latest becomes the previous); a reload within the gap keeps both, so the page shows the same changes.
 */
export async function recordVisit(db: DbOrTx, userId: string, now: Date, gapMs: number): Promise<Date | null> {
  const [u] = await db
    .select({ visited: users.dashboardVisitedAt, previous: users.dashboardPreviousVisitAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return null;
  if (u.visited && now.getTime() - u.visited.getTime() <= gapMs) {
    await db.update(users).set({ dashboardVisitedAt: now }).where(eq(users.id, userId));
    return u.previous;
  }
  await db
    .update(users)
    .set({ dashboardVisitedAt: now, dashboardPreviousVisitAt: u.visited })
    .where(eq(users.id, userId));
  return u.visited;
}
