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
