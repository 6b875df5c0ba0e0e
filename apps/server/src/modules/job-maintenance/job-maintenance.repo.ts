/** SQL of job maintenance: visible jobs with their run statistics, and the latest maintenance command per job. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, jobRuns, proqCommands, type DbOrTx } from '@sextant/db';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';
import { forgetJobAccess } from '../authorization/index.ts';

export const MAINTENANCE_COMMAND = 'maintenance.job';

export async function maintenanceJobs(db: DbOrTx, v: JobVisibility, staleBefore: Date, includeHidden: boolean) {
  return db
    .select({
      id: jobArtifacts.id,
      name: jobArtifacts.name,
      type: jobArtifacts.type,
      status: jobArtifacts.status,
      issuerId: jobArtifacts.issuerId,
      issuerName: issuers.name,
      buyerName: buyers.name,
      isHidden: jobArtifacts.isHidden,
      createdOn: jobArtifacts.createdOn,
      runs: sql<number>`(select count(*)::int from ${jobRuns} r where r.job_artifact_id = ${jobArtifacts.id})`,
      failedRuns: sql<number>`(select count(*)::int from ${jobRuns} r where r.job_artifact_id = ${jobArtifacts.id} and r.status = 'Failed')`,
      staleRuns: sql<number>`(select count(*)::int from ${jobRuns} r where r.job_artifact_id = ${jobArtifacts.id}
        and r.status in ('Queued', 'Running') and r.created_at < ${staleBefore.toISOString()}::timestamptz)`,
    })
    .from(jobArtifacts)
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .where(and(jobVisibleCondition(v), includeHidden ? undefined : eq(jobArtifacts.isHidden, false)))
    .orderBy(desc(jobArtifacts.createdOn));
}

export async function hiddenJobsCount(db: DbOrTx, v: JobVisibility): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobArtifacts)
    .where(and(jobVisibleCondition(v), eq(jobArtifacts.isHidden, true)));
  return r?.n ?? 0;
}

/** The latest run of each job. */
export async function latestRuns(db: DbOrTx, jobIds: string[]) {
  if (!jobIds.length) return [];
  return db
    .selectDistinctOn([jobRuns.jobArtifactId])
    .from(jobRuns)
    .where(inArray(jobRuns.jobArtifactId, jobIds))
    .orderBy(jobRuns.jobArtifactId, desc(jobRuns.runNumber));
}

export async function runsOfJob(db: DbOrTx, jobId: string) {
  return db.select().from(jobRuns).where(eq(jobRuns.jobArtifactId, jobId)).orderBy(jobRuns.runNumber);
}

/** The latest maintenance command of each job (by target entity: the command outlives a deleted job). */
export async function latestMaintenanceCommands(db: DbOrTx, jobIds: string[]) {
  if (!jobIds.length) return [];
  return db
    .selectDistinctOn([proqCommands.targetEntityId])
    .from(proqCommands)
    .where(and(eq(proqCommands.commandType, MAINTENANCE_COMMAND), inArray(proqCommands.targetEntityId, jobIds)))
    .orderBy(proqCommands.targetEntityId, desc(proqCommands.id));
}

export async function openMaintenanceCommand(db: DbOrTx, jobId: string) {
  const [c] = await db
    .select({ id: proqCommands.id })
    .from(proqCommands)
    .where(
      and(
        eq(proqCommands.commandType, MAINTENANCE_COMMAND),
        eq(proqCommands.targetEntityId, jobId),
        inArray(proqCommands.state, ['Blocked', 'Pending', 'InProgress']),
      ),
    )
    .limit(1);
  return c;
}

/**
 * Of these jobs, the ones with a pipeline step still open in ProQ. The last step marks its run Completed and its
 * job Ready before ProQ records the step, and it still writes to the run after that: until then the job counts as
 * processing, and maintenance waits.
 */
export async function jobsWithOpenPipelineSteps(db: DbOrTx, jobIds: string[]): Promise<Set<string>> {
  if (!jobIds.length) return new Set();
  const rows = await db
    .selectDistinct({ jobId: proqCommands.jobId })
    .from(proqCommands)
    .where(
      and(
        inArray(proqCommands.jobId, jobIds),
        sql`${proqCommands.commandType} like 'job.%'`,
        inArray(proqCommands.state, ['Blocked', 'Pending', 'InProgress']),
      ),
    );
  return new Set(rows.map((r) => r.jobId).filter((id): id is string => id !== null));
}

/** Open commands of a job other than maintenance ones (pipeline steps), to cancel before deleting. */
export async function openJobCommands(db: DbOrTx, jobId: string) {
  return db
    .select({ id: proqCommands.id })
    .from(proqCommands)
    .where(
      and(
        eq(proqCommands.jobId, jobId),
        sql`${proqCommands.commandType} <> ${MAINTENANCE_COMMAND}`,
        inArray(proqCommands.state, ['Blocked', 'Pending', 'InProgress']),
      ),
    );
}

export async function jobById(db: DbOrTx, jobId: string) {
  const [j] = await db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId));
  return j;
}

export async function deleteRunsOf(db: DbOrTx, jobId: string) {
  await db.delete(jobRuns).where(eq(jobRuns.jobArtifactId, jobId));
  await db.update(jobArtifacts).set({ status: 'Draft', updatedAt: new Date() }).where(eq(jobArtifacts.id, jobId));
}

export async function deleteJobRow(db: DbOrTx, jobId: string) {
  await db.delete(jobArtifacts).where(eq(jobArtifacts.id, jobId));
  forgetJobAccess(jobId);
}
