/** SQL of job artifact administration: admin view parts, assignable jobs, owner and assignment changes. */
import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import {
  buyers,
  issuerMemberships,
  issuers,
  jobArtifacts,
  jobArtifactUsers,
  userRoles,
  users,
  type DbOrTx,
} from '@sextant/db';
import { forgetJobAccess } from '../authorization/index.ts';

/** Jobs within `visible` that are not yet open to the user (not owner, no direct assignment), newest first. */
export async function assignableJobs(db: DbOrTx, userId: string, visible: SQL, limit = 500) {
  return db
    .select({ id: jobArtifacts.id, name: jobArtifacts.name, buyerName: buyers.name, createdOn: jobArtifacts.createdOn })
    .from(jobArtifacts)
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .where(
      and(
        visible,
        eq(jobArtifacts.isHidden, false),
        not(eq(jobArtifacts.ownerId, userId)),
        not(
          sql`exists (select 1 from ${jobArtifactUsers} where ${jobArtifactUsers.jobArtifactId} = ${jobArtifacts.id} and ${jobArtifactUsers.userId} = ${userId} and ${jobArtifactUsers.connectionType} = 'DirectAssignment')`,
        ),
      ),
    )
    .orderBy(desc(jobArtifacts.createdOn))
    .limit(limit);
}

export async function findJob(db: DbOrTx, id: string, visible: SQL) {
  const [row] = await db
    .select({
      job: jobArtifacts,
      issuerName: issuers.name,
      issuerEmailDomains: issuers.emailDomains,
      ownerUsername: users.username,
    })
    .from(jobArtifacts)
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .innerJoin(users, eq(users.id, jobArtifacts.ownerId))
    .where(and(eq(jobArtifacts.id, id), visible));
  return row;
}

export async function rolesOf(db: DbOrTx, userId: string): Promise<string[]> {
  return (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map(
    (r) => r.role,
  );
}

/** Stored connections (job_artifact_users) of a job with usernames. */
export async function storedConnections(db: DbOrTx, jobId: string) {
  return db
    .select({ userId: users.id, username: users.username, connectionType: jobArtifactUsers.connectionType })
    .from(jobArtifactUsers)
    .innerJoin(users, eq(users.id, jobArtifactUsers.userId))
    .where(eq(jobArtifactUsers.jobArtifactId, jobId))
    .orderBy(asc(users.username));
}

export async function issuerManagers(db: DbOrTx, issuerId: string) {
  return db
    .select({ userId: users.id, username: users.username })
    .from(issuerMemberships)
    .innerJoin(users, eq(users.id, issuerMemberships.userId))
    .where(and(eq(issuerMemberships.issuerId, issuerId), eq(issuerMemberships.role, 'Manager')))
    .orderBy(asc(users.username));
}

/** Changes the owner and keeps the stored Owner connection in step. */
export async function setJobOwner(db: DbOrTx, jobId: string, ownerId: string, by: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(jobArtifacts).set({ ownerId, updatedAt: new Date() }).where(eq(jobArtifacts.id, jobId));
    await tx
      .delete(jobArtifactUsers)
      .where(and(eq(jobArtifactUsers.jobArtifactId, jobId), eq(jobArtifactUsers.connectionType, 'Owner')));
    await tx
      .insert(jobArtifactUsers)
      .values({ jobArtifactId: jobId, userId: ownerId, connectionType: 'Owner', assignedBy: by })
      .onConflictDoNothing();
  });
  forgetJobAccess(jobId);
}

/** Adds or removes a DirectAssignment connection; returns whether anything changed (`by` null: the system). */
export async function setDirectAssignment(
  db: DbOrTx,
  jobId: string,
  userId: string,
  assigned: boolean,
  by: string | null,
): Promise<boolean> {
  forgetJobAccess(jobId);
  if (assigned) {
    const rows = await db
      .insert(jobArtifactUsers)
      .values({ jobArtifactId: jobId, userId, connectionType: 'DirectAssignment', assignedBy: by })
      .onConflictDoNothing()
      .returning();
    return rows.length > 0;
  }
  const rows = await db
    .delete(jobArtifactUsers)
    .where(
      and(
        eq(jobArtifactUsers.jobArtifactId, jobId),
        eq(jobArtifactUsers.userId, userId),
        eq(jobArtifactUsers.connectionType, 'DirectAssignment'),
      ),
    )
    .returning();
  return rows.length > 0;
}
