/** SQL of the results reader: the job and its latest completed run (the one whose results are shown). */
import { and, desc, eq } from 'drizzle-orm';
import { jobArtifacts, jobRuns, type DbOrTx } from '@sextant/db';

export async function jobById(db: DbOrTx, jobId: string) {
  const [job] = await db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId));
  return job;
}

/** The job's latest completed run (the one whose results are shown). */
export async function latestCompletedRun(db: DbOrTx, jobId: string) {
  const [run] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobArtifactId, jobId), eq(jobRuns.status, 'Completed')))
    .orderBy(desc(jobRuns.runNumber))
    .limit(1);
  return run;
}
