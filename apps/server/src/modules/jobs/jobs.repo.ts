/** SQL of jobs: the artifact with its issuer, buyer and owner; files; runs; logs. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, jobFiles, jobLogs, jobRuns, users, type DbOrTx } from '@sextant/db';
import { jobVisibleCondition, type JobVisibility } from '../authorization/authorization.repo.ts';

export type JobRow = Awaited<ReturnType<typeof findVisibleJob>>;

/** The job with its names, when the caller may see it (tenant rule of authorization.repo). */
export async function findVisibleJob(db: DbOrTx, id: string, visibility: JobVisibility) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select({
      job: jobArtifacts,
      issuerName: issuers.name,
      issuerDatapointProfiles: {
        analysis: issuers.analysisDataDownloadProfileId,
        matchedDataOnly: issuers.matchedDataOnlyDownloadProfileId,
      },
      buyerName: buyers.name,
      owner: { id: users.id, username: users.username, displayName: users.displayName },
    })
    .from(jobArtifacts)
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .innerJoin(users, eq(users.id, jobArtifacts.ownerId))
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .where(and(eq(jobArtifacts.id, id), jobVisibleCondition(visibility)));
  return row;
}

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
