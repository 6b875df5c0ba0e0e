/** SQL of the acceptance-model monitoring: evaluated runs (ml_model_runs) within the caller's job visibility. */
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { issuers, jobArtifacts, jobRuns, mlModelRuns, type DbOrTx } from '@sextant/db';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';

export type MlRunRow = typeof mlModelRuns.$inferSelect;
export type MlRunInsert = typeof mlModelRuns.$inferInsert;
export interface MlRunListRow {
  run: MlRunRow;
  jobName: string;
  issuerName: string;
}

/** Evaluated runs of the jobs the caller may see (optionally one job), oldest first per job. */
export async function visibleMlRuns(db: DbOrTx, v: JobVisibility, jobId?: string): Promise<MlRunListRow[]> {
  return db
    .select({ run: mlModelRuns, jobName: jobArtifacts.name, issuerName: issuers.name })
    .from(mlModelRuns)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, mlModelRuns.jobId))
    .innerJoin(issuers, eq(issuers.id, mlModelRuns.issuerId))
    .where(and(jobVisibleCondition(v), jobId ? eq(mlModelRuns.jobId, jobId) : undefined))
    .orderBy(asc(mlModelRuns.jobId), asc(mlModelRuns.runNumber));
}

/** The run with its job (for the ml.monitor command). */
export async function runForMonitoring(db: DbOrTx, runId: string) {
  const [row] = await db
    .select({ run: jobRuns, job: jobArtifacts })
    .from(jobRuns)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, jobRuns.jobArtifactId))
    .where(eq(jobRuns.id, runId));
  return row;
}

/** The job's latest evaluated run before `runNumber` (the reference for drift). */
export async function previousMlRun(db: DbOrTx, jobId: string, runNumber: number): Promise<MlRunRow | undefined> {
  const [row] = await db
    .select()
    .from(mlModelRuns)
    .where(and(eq(mlModelRuns.jobId, jobId), lt(mlModelRuns.runNumber, runNumber)))
    .orderBy(desc(mlModelRuns.runNumber))
    .limit(1);
  return row;
}

/** Writes a run's evaluation, replacing an earlier one of the same run (the command is idempotent). */
export async function upsertMlRun(db: DbOrTx, values: MlRunInsert): Promise<void> {
  const { runId: _runId, ...rest } = values;
  await db
    .insert(mlModelRuns)
    .values(values)
    .onConflictDoUpdate({ target: mlModelRuns.runId, set: { ...rest, evaluatedAt: sql`now()` } });
}
