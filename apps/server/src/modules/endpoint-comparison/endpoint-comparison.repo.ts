/** SQL of endpoint comparison: jobs with their runs, users in the caller's scope, short-lived comparison sessions. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { buyers, issuerMemberships, issuers, jobArtifacts, jobRuns, sessions, users, type DbOrTx } from '@sextant/db';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';

export async function comparableJobs(db: DbOrTx, v: JobVisibility, jobId?: string) {
  return db
    .select({
      id: jobArtifacts.id,
      name: jobArtifacts.name,
      type: jobArtifacts.type,
      issuerName: issuers.name,
      buyerName: buyers.name,
    })
    .from(jobArtifacts)
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .where(and(jobVisibleCondition(v), jobId ? eq(jobArtifacts.id, jobId) : undefined))
    .orderBy(desc(jobArtifacts.createdOn));
}

export async function runsOfJobs(db: DbOrTx, jobIds: string[]) {
  if (!jobIds.length) return [];
  return db.select().from(jobRuns).where(inArray(jobRuns.jobArtifactId, jobIds)).orderBy(desc(jobRuns.runNumber));
}

/** Users the caller may compare: everyone for internal staff, else the users of the caller's issuers. */
export async function usersInScope(db: DbOrTx, issuerIds: string[] | null, userId?: string) {
  const byId = userId ? eq(users.id, userId) : undefined;
  if (issuerIds === null)
    return db
      .select({ id: users.id, username: users.username, displayName: users.displayName })
      .from(users)
      .where(byId)
      .orderBy(asc(users.username));
  if (!issuerIds.length) return [];
  return db
    .selectDistinct({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .innerJoin(issuerMemberships, eq(issuerMemberships.userId, users.id))
    .where(and(inArray(issuerMemberships.issuerId, issuerIds), eq(users.isInternal, false), byId))
    .orderBy(asc(users.username));
}

export async function insertSession(db: DbOrTx, id: string, userId: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ id, userId, expiresAt, method: 'comparison' });
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}
