/** SQL of the global insights and the vendor lookup's "in your jobs": the visible jobs with their latest completed run. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, jobRuns, proqCommands, type DbOrTx } from '@sextant/db';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';

export interface ResultJob {
  jobId: string;
  jobName: string;
  issuerId: string;
  issuerName: string;
  buyerId: string | null;
  buyerName: string | null;
  currency: string | null;
  runId: string;
  /** DATA_DIR-relative folder of the run (results/ under it). */
  resultPath: string;
}

/**
 * Every job the visibility allows (authorization's one rule) that has a completed run, with that latest run. A
 * `null` visibility means every job (the background build of a scope already decided).
 */
export async function visibleResultJobs(db: DbOrTx, v: JobVisibility): Promise<ResultJob[]> {
  const latest = db
    .selectDistinctOn([jobRuns.jobArtifactId], {
      jobId: jobRuns.jobArtifactId,
      runId: jobRuns.id,
      resultPath: jobRuns.resultPath,
    })
    .from(jobRuns)
    .where(eq(jobRuns.status, 'Completed'))
    .orderBy(jobRuns.jobArtifactId, desc(jobRuns.runNumber))
    .as('latest');
  const rows = await db
    .select({
      jobId: jobArtifacts.id,
      jobName: jobArtifacts.name,
      issuerId: jobArtifacts.issuerId,
      issuerName: issuers.name,
      buyerId: jobArtifacts.buyerId,
      buyerName: buyers.name,
      currency: issuers.currency,
      runId: latest.runId,
      resultPath: latest.resultPath,
    })
    .from(jobArtifacts)
    .innerJoin(latest, eq(latest.jobId, jobArtifacts.id))
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .where(and(jobVisibleCondition(v), sql`true`))
    .orderBy(jobArtifacts.id);
  return rows;
}

/** The build command of a global-insights scope (its unique key), if one was ever queued. */
export async function buildCommand(db: DbOrTx, uniqueKey: string) {
  const [cmd] = await db
    .select({
      id: proqCommands.id,
      state: proqCommands.state,
      progress: proqCommands.progressPercent,
      message: proqCommands.progressMessage,
      error: proqCommands.message,
    })
    .from(proqCommands)
    .where(eq(proqCommands.uniqueKey, uniqueKey));
  return cmd;
}
