/** SQL of the ruleset versions: lists with the jobs that used each version, the active version, insert, activate. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { jobArtifacts, jobRuns, rulesetVersions, users, type DbOrTx } from '@sextant/db';
import type { TRulesetKind } from '@sextant/shared';

export type RulesetVersionRow = typeof rulesetVersions.$inferSelect;

/** The run column that records the version of a kind. */
const runColumn = (kind: TRulesetKind) =>
  kind === 'scoring' ? jobRuns.scoringRulesetVersion : jobRuns.confidenceRulesetVersion;

/**
 * How many of the jobs the caller may see (`visibleJobs`, a condition over job_artifacts: authorization.repo
 * jobVisibleCondition) used the version: a tenant user never counts another tenant's jobs.
 */
const jobsCount = (kind: TRulesetKind, visibleJobs: SQL) =>
  sql<number>`(select count(distinct ${jobRuns.jobArtifactId})::int from ${jobRuns} inner join ${jobArtifacts} on ${jobArtifacts.id} = ${jobRuns.jobArtifactId} where ${runColumn(kind)} = ${rulesetVersions.version}::text and ${visibleJobs})`;

export async function listVersions(db: DbOrTx, kind: TRulesetKind, visibleJobs: SQL) {
  return db
    .select({ row: rulesetVersions, createdBy: users.displayName, jobsCount: jobsCount(kind, visibleJobs) })
    .from(rulesetVersions)
    .leftJoin(users, eq(users.id, rulesetVersions.createdBy))
    .where(eq(rulesetVersions.kind, kind))
    .orderBy(desc(rulesetVersions.version));
}

export async function findVersion(db: DbOrTx, kind: TRulesetKind, version: number, visibleJobs: SQL) {
  const [r] = await db
    .select({ row: rulesetVersions, createdBy: users.displayName, jobsCount: jobsCount(kind, visibleJobs) })
    .from(rulesetVersions)
    .leftJoin(users, eq(users.id, rulesetVersions.createdBy))
    .where(and(eq(rulesetVersions.kind, kind), eq(rulesetVersions.version, version)));
  return r;
}

export async function findActive(db: DbOrTx, kind: TRulesetKind): Promise<RulesetVersionRow | undefined> {
  const [r] = await db
    .select()
    .from(rulesetVersions)
    .where(and(eq(rulesetVersions.kind, kind), eq(rulesetVersions.isActive, true)));
  return r;
}

/** The latest runs that used a version, of the jobs the caller may see (`visibleJobs`), most recent first. */
export async function runsUsing(db: DbOrTx, kind: TRulesetKind, version: number, visibleJobs: SQL, limit = 20) {
  return db
    .select({
      jobId: jobArtifacts.id,
      jobName: jobArtifacts.name,
      runNumber: jobRuns.runNumber,
      createdAt: jobRuns.createdAt,
    })
    .from(jobRuns)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, jobRuns.jobArtifactId))
    .where(and(eq(runColumn(kind), String(version)), visibleJobs))
    .orderBy(desc(jobRuns.createdAt))
    .limit(limit);
}

export async function nextVersionNumber(db: DbOrTx, kind: TRulesetKind): Promise<number> {
  const [r] = await db
    .select({ max: sql<number | null>`max(${rulesetVersions.version})` })
    .from(rulesetVersions)
    .where(eq(rulesetVersions.kind, kind));
  return Number(r?.max ?? 0) + 1;
}

export async function insertVersion(db: DbOrTx, values: typeof rulesetVersions.$inferInsert) {
  const [r] = await db.insert(rulesetVersions).values(values).returning();
  return r!;
}

/** Makes a version the active one of its kind (the partial unique index allows one active version per kind). */
export async function activateVersion(db: DbOrTx, kind: TRulesetKind, version: number): Promise<void> {
  await db
    .update(rulesetVersions)
    .set({ isActive: false })
    .where(and(eq(rulesetVersions.kind, kind), eq(rulesetVersions.isActive, true)));
  await db
    .update(rulesetVersions)
    .set({ isActive: true, activatedAt: new Date() })
    .where(and(eq(rulesetVersions.kind, kind), eq(rulesetVersions.version, version)));
}

/** Seeds a bundled version (kept if it exists) and makes it active when the kind has no active version. */
export async function seedVersion(
  db: DbOrTx,
  kind: TRulesetKind,
  definition: Record<string, unknown> & { version: number; name: string; description?: string },
): Promise<void> {
  await db
    .insert(rulesetVersions)
    .values({
      kind,
      version: definition.version,
      name: definition.name,
      description: definition.description ?? null,
      definition,
    })
    .onConflictDoNothing();
  if (!(await findActive(db, kind))) await activateVersion(db, kind, definition.version);
}

/** Active version numbers of both kinds (for recording on a new run). */
export async function activeVersionNumbers(db: DbOrTx): Promise<Partial<Record<TRulesetKind, number>>> {
  const rows = await db
    .select({ kind: rulesetVersions.kind, version: rulesetVersions.version })
    .from(rulesetVersions)
    .where(eq(rulesetVersions.isActive, true));
  return Object.fromEntries(rows.map((r) => [r.kind, r.version]));
}

export async function definitionOf(
  db: DbOrTx,
  kind: TRulesetKind,
  version: number,
): Promise<Record<string, unknown> | undefined> {
  const [r] = await db
    .select({ definition: rulesetVersions.definition })
    .from(rulesetVersions)
    .where(and(eq(rulesetVersions.kind, kind), eq(rulesetVersions.version, version)));
  return r?.definition;
}

export async function runVersionsOf(db: DbOrTx, runId: string) {
  const [r] = await db
    .select({
      scoringRulesetVersion: jobRuns.scoringRulesetVersion,
      confidenceRulesetVersion: jobRuns.confidenceRulesetVersion,
    })
    .from(jobRuns)
    .where(eq(jobRuns.id, runId));
  return r;
}
