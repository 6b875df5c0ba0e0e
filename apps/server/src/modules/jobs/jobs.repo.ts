/** SQL of jobs: the artifact with its issuer, buyer and owner; files; runs; logs. */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  buyers,
  issuers,
  jobArtifacts,
  jobFiles,
  jobLogs,
  jobRuns,
  proqCommands,
  users,
  type DbOrTx,
} from '@sextant/db';
import { forgetJobAccess } from '../authorization/index.ts';

export async function jobNameTaken(
  db: DbOrTx,
  name: string,
  issuerId: string,
  buyerId: string | null,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: jobArtifacts.id })
    .from(jobArtifacts)
    .where(
      and(
        eq(jobArtifacts.issuerId, issuerId),
        buyerId ? eq(jobArtifacts.buyerId, buyerId) : sql`${jobArtifacts.buyerId} is null`,
        sql`lower(${jobArtifacts.name}) = lower(${name})`,
        exceptId ? sql`${jobArtifacts.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export const filesOf = (db: DbOrTx, jobId: string) =>
  db.select().from(jobFiles).where(eq(jobFiles.jobArtifactId, jobId)).orderBy(asc(jobFiles.createdAt));

export const runsOf = (db: DbOrTx, jobId: string) =>
  db
    .select({ run: jobRuns, createdBy: users.username })
    .from(jobRuns)
    .leftJoin(users, eq(users.id, jobRuns.createdBy))
    .where(eq(jobRuns.jobArtifactId, jobId))
    .orderBy(desc(jobRuns.runNumber));

export async function nextRunNumber(db: DbOrTx, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${jobRuns.runNumber}), 0) + 1` })
    .from(jobRuns)
    .where(eq(jobRuns.jobArtifactId, jobId));
  return Number(row?.n ?? 1);
}

export async function addJobLog(
  db: DbOrTx,
  entry: {
    jobId: string;
    runId?: string | null;
    level?: 'info' | 'warn' | 'error';
    message: string;
    details?: unknown;
  },
) {
  await db.insert(jobLogs).values({
    jobArtifactId: entry.jobId,
    runId: entry.runId ?? null,
    level: entry.level ?? 'info',
    message: entry.message,
    details: entry.details ?? null,
  });
}

/** The ProQ commands of runs' batches (each run is one batch of pipeline steps). */
export const commandsOfBatches = (db: DbOrTx, batchIds: string[]) =>
  db.select().from(proqCommands).where(inArray(proqCommands.batchId, batchIds));

/**
 * Records that a run's pipeline failed or was canceled: the run (only while it is Queued or Running, so a second
 * report changes nothing), its job when it is the job's latest run, and a job log line. False when nothing changed.
 */
export async function recordRunFailure(
  db: DbOrTx,
  runId: string,
  status: 'Failed' | 'Canceled',
  error: string,
  logMessage: (runNumber: number) => string,
): Promise<boolean> {
  const [run] = await db
    .update(jobRuns)
    .set({ status, error, completedAt: new Date() })
    .where(and(eq(jobRuns.id, runId), inArray(jobRuns.status, ['Queued', 'Running'])))
    .returning({ jobId: jobRuns.jobArtifactId, runNumber: jobRuns.runNumber });
  if (!run) return false;
  const [latest] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(eq(jobRuns.jobArtifactId, run.jobId))
    .orderBy(desc(jobRuns.runNumber))
    .limit(1);
  if (latest?.id === runId)
    await db.update(jobArtifacts).set({ status: 'Failed' }).where(eq(jobArtifacts.id, run.jobId));
  await addJobLog(db, { jobId: run.jobId, runId, level: 'error', message: logMessage(run.runNumber) });
  return true;
}

/** Runs still Queued or Running whose pipeline has a step in Error or Canceled (its failure not yet recorded). */
export async function runsWithFailedSteps(db: DbOrTx) {
  return db
    .select({
      runId: jobRuns.id,
      commandType: proqCommands.commandType,
      state: proqCommands.state,
      message: proqCommands.message,
    })
    .from(jobRuns)
    .innerJoin(proqCommands, eq(proqCommands.batchId, jobRuns.batchId))
    .where(
      and(
        inArray(jobRuns.status, ['Queued', 'Running']),
        inArray(proqCommands.state, ['Error', 'Canceled']),
        sql`${proqCommands.commandType} like 'job.%'`,
      ),
    )
    .orderBy(asc(proqCommands.id));
}

/** Marks a run Running again after one of its failed steps was retried. */
export async function reopenRun(db: DbOrTx, runId: string, jobId: string): Promise<void> {
  await db.update(jobRuns).set({ status: 'Running', error: null, completedAt: null }).where(eq(jobRuns.id, runId));
  await db.update(jobArtifacts).set({ status: 'Processing' }).where(eq(jobArtifacts.id, jobId));
}

/**
 * A pipeline step starts: the first step marks the run Running (and started); a later step running again after a
 * failure (a retried step) reopens the run and its job.
 */
export async function markRunRunning(db: DbOrTx, runId: string, jobId: string, first: boolean): Promise<void> {
  if (first) {
    await db.update(jobRuns).set({ status: 'Running', startedAt: new Date() }).where(eq(jobRuns.id, runId));
    return;
  }
  const reopened = await db
    .update(jobRuns)
    .set({ status: 'Running', error: null, completedAt: null })
    .where(and(eq(jobRuns.id, runId), inArray(jobRuns.status, ['Failed', 'Canceled'])))
    .returning({ id: jobRuns.id });
  if (reopened.length) await db.update(jobArtifacts).set({ status: 'Processing' }).where(eq(jobArtifacts.id, jobId));
}

/** Whether the buyer belongs to the issuer. */
export async function buyerBelongsTo(db: DbOrTx, buyerId: string, issuerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: buyers.id })
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.issuerId, issuerId)));
  return Boolean(row);
}

export async function insertJob(db: DbOrTx, values: typeof jobArtifacts.$inferInsert) {
  const [job] = await db.insert(jobArtifacts).values(values).returning();
  return job!;
}

/** Changes a job's name, publication or status (and its updatedAt). */
export async function updateJob(
  db: DbOrTx,
  jobId: string,
  set: Partial<Pick<typeof jobArtifacts.$inferInsert, 'name' | 'isPublished' | 'status'>>,
): Promise<void> {
  await db
    .update(jobArtifacts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(jobArtifacts.id, jobId));
  if (set.name !== undefined) forgetJobAccess(jobId); // the results show the name
}

export async function deleteJobRow(db: DbOrTx, jobId: string): Promise<void> {
  await db.delete(jobArtifacts).where(eq(jobArtifacts.id, jobId));
  forgetJobAccess(jobId);
}

/** The job's commands that have not finished (to cancel before the job is deleted). */
export async function openCommandsOfJob(db: DbOrTx, jobId: string) {
  return db
    .select({ id: proqCommands.id })
    .from(proqCommands)
    .where(and(eq(proqCommands.jobId, jobId), inArray(proqCommands.state, ['Blocked', 'Pending', 'InProgress'])));
}

/** Issuers (all when `issuerIds` is null) by name, with their buyers by name. */
export async function issuersWithBuyers(db: DbOrTx, issuerIds: readonly string[] | null) {
  if (issuerIds && !issuerIds.length) return { issuerRows: [], buyerRows: [] };
  const issuerRows = await db
    .select()
    .from(issuers)
    .where(issuerIds === null ? undefined : inArray(issuers.id, [...issuerIds]))
    .orderBy(issuers.name);
  const buyerRows = issuerRows.length
    ? await db
        .select()
        .from(buyers)
        .where(
          inArray(
            buyers.issuerId,
            issuerRows.map((i) => i.id),
          ),
        )
        .orderBy(buyers.name)
    : [];
  return { issuerRows, buyerRows };
}

export async function insertJobFile(db: DbOrTx, values: typeof jobFiles.$inferInsert) {
  const [file] = await db.insert(jobFiles).values(values).returning();
  return file!;
}

/** A file of the job (undefined for another job's file). */
export async function fileOfJob(db: DbOrTx, jobId: string, fileId: string) {
  const [file] = await db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobArtifactId, jobId)));
  return file;
}

/** Changes a file's mapping, layout or validation (and its updatedAt). */
export async function updateJobFile(
  db: DbOrTx,
  fileId: string,
  set: Partial<Pick<typeof jobFiles.$inferInsert, 'headers' | 'mapping' | 'preview' | 'validation' | 'status'>>,
) {
  const [file] = await db
    .update(jobFiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(jobFiles.id, fileId))
    .returning();
  return file!;
}

/** Deletes a file of the job; undefined when the job has no such file. */
export async function deleteJobFile(db: DbOrTx, jobId: string, fileId: string) {
  const [file] = await db
    .delete(jobFiles)
    .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobArtifactId, jobId)))
    .returning();
  return file;
}

export async function insertRun(db: DbOrTx, values: typeof jobRuns.$inferInsert) {
  const [run] = await db.insert(jobRuns).values(values).returning();
  return run!;
}

/** The last step's record: the run Completed with its summary, the job Ready. */
export async function completeRun(db: DbOrTx, runId: string, jobId: string, summary: unknown): Promise<void> {
  await db
    .update(jobRuns)
    .set({ status: 'Completed', summary, completedAt: new Date(), error: null })
    .where(eq(jobRuns.id, runId));
  await updateJob(db, jobId, { status: 'Ready' });
}

/** A job's log, newest first, before an entry id when paging back. */
export async function jobLogPage(db: DbOrTx, jobId: string, limit: number, beforeId?: number) {
  return db
    .select()
    .from(jobLogs)
    .where(and(eq(jobLogs.jobArtifactId, jobId), beforeId ? lt(jobLogs.id, beforeId) : undefined))
    .orderBy(desc(jobLogs.id))
    .limit(limit);
}

export async function runById(db: DbOrTx, runId: string) {
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, runId));
  return run;
}

/** A run with its job and the issuer's currency (what a pipeline step needs). */
export async function runWithJob(db: DbOrTx, runId: string) {
  const [row] = await db
    .select({ run: jobRuns, job: jobArtifacts, currency: issuers.currency })
    .from(jobRuns)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, jobRuns.jobArtifactId))
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .where(eq(jobRuns.id, runId));
  return row;
}

/** Which of these ids are jobs that exist (crash recovery tells orphaned folders from jobs). */
export async function existingJobIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: jobArtifacts.id }).from(jobArtifacts).where(inArray(jobArtifacts.id, ids));
  return rows.map((r) => r.id);
}

export async function allStoredFilePaths(db: DbOrTx): Promise<string[]> {
  return (await db.select({ storedPath: jobFiles.storedPath }).from(jobFiles)).map((f) => f.storedPath);
}

export async function batchIdOfRun(db: DbOrTx, runId: string): Promise<string | null | undefined> {
  const [run] = await db.select({ batchId: jobRuns.batchId }).from(jobRuns).where(eq(jobRuns.id, runId));
  return run ? run.batchId : undefined;
}

export async function completedRunsWithResults(db: DbOrTx) {
  return db
    .select({
      id: jobRuns.id,
      jobId: jobRuns.jobArtifactId,
      runNumber: jobRuns.runNumber,
      resultPath: jobRuns.resultPath,
      summary: jobRuns.summary,
    })
    .from(jobRuns)
    .where(eq(jobRuns.status, 'Completed'));
}

/** Marks a completed run Failed with `error`, and its job too when it is the job's latest run. */
export async function failCompletedRun(db: DbOrTx, runId: string, jobId: string, error: string): Promise<void> {
  await db.update(jobRuns).set({ status: 'Failed', error, completedAt: new Date() }).where(eq(jobRuns.id, runId));
  const [latest] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(eq(jobRuns.jobArtifactId, jobId))
    .orderBy(desc(jobRuns.runNumber))
    .limit(1);
  if (latest?.id === runId) await db.update(jobArtifacts).set({ status: 'Failed' }).where(eq(jobArtifacts.id, jobId));
}

/** Every stored upload with its recorded size (crash recovery checks each against storage). */
export async function allJobFilesForCheck(db: DbOrTx) {
  return db
    .select({
      id: jobFiles.id,
      jobId: jobFiles.jobArtifactId,
      storedPath: jobFiles.storedPath,
      name: jobFiles.originalName,
      sizeBytes: jobFiles.sizeBytes,
      status: jobFiles.status,
      validation: jobFiles.validation,
    })
    .from(jobFiles);
}

/** An upload whose stored copy cannot be used: invalid, with the reason as its fatal validation message. */
export async function markFileUnusable(db: DbOrTx, fileId: string, fatal: string): Promise<void> {
  await db
    .update(jobFiles)
    .set({
      status: 'invalid',
      validation: { rowCount: 0, validRowCount: 0, errorCount: 0, warningCount: 0, issues: [], fatal },
      updatedAt: new Date(),
    })
    .where(eq(jobFiles.id, fileId));
}

/** The issuer's name and input data options (a direct upload needs CsvFileUpload). */
export async function issuerInputOptions(db: DbOrTx, issuerId: string) {
  const [row] = await db
    .select({ name: issuers.name, options: issuers.inputDataOptions })
    .from(issuers)
    .where(eq(issuers.id, issuerId));
  return row;
}
