/** SQL of the run changes: a run with its job, the completed run before it, and who to tell about a re-run. */
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import { jobArtifacts, jobArtifactUsers, jobRuns, users, type DbOrTx } from '@sextant/db';

export async function runWithJob(db: DbOrTx, runId: string) {
  const [row] = await db
    .select({ run: jobRuns, job: jobArtifacts })
    .from(jobRuns)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, jobRuns.jobArtifactId))
    .where(eq(jobRuns.id, runId));
  return row;
}

/** The job's latest completed run before run `runNumber` (the one a re-run is compared with). */
export async function previousCompletedRun(db: DbOrTx, jobId: string, runNumber: number) {
  const [run] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobArtifactId, jobId), eq(jobRuns.status, 'Completed'), lt(jobRuns.runNumber, runNumber)))
    .orderBy(desc(jobRuns.runNumber))
    .limit(1);
  return run;
}

/** The job's owner and every user assigned to it, with an email address (one row per user). */
export async function jobUsersWithEmail(db: DbOrTx, jobId: string) {
  const owner = await db
    .selectDistinct({ id: users.id, email: users.email, displayName: users.displayName })
    .from(jobArtifacts)
    .innerJoin(users, eq(users.id, jobArtifacts.ownerId))
    .where(and(eq(jobArtifacts.id, jobId), isNotNull(users.email)));
  const assigned = await db
    .selectDistinct({ id: users.id, email: users.email, displayName: users.displayName })
    .from(jobArtifactUsers)
    .innerJoin(users, eq(users.id, jobArtifactUsers.userId))
    .where(and(eq(jobArtifactUsers.jobArtifactId, jobId), isNotNull(users.email)));
  const byId = new Map([...owner, ...assigned].map((u) => [u.id, { ...u, email: u.email! }]));
  return [...byId.values()];
}
