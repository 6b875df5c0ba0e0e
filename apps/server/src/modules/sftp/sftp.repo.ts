/** SQL of SFTP sources: configurations (with issuer, buyer and target job names), pulled files, jobs they create. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, sftpConfigs, sftpPulledFiles, type DbOrTx } from '@sextant/db';

export type SftpRow = typeof sftpConfigs.$inferSelect;

const targetJobs = sql`(select ${jobArtifacts.name} from ${jobArtifacts} where ${jobArtifacts.id} = ${sftpConfigs.targetJobId})`;

export async function listConfigs(db: DbOrTx, issuerIds: string[] | null, id?: string) {
  if (issuerIds && !issuerIds.length) return [];
  return db
    .select({
      config: sftpConfigs,
      issuerName: issuers.name,
      buyerName: buyers.name,
      targetJobName: sql<string | null>`${targetJobs}`,
    })
    .from(sftpConfigs)
    .innerJoin(issuers, eq(issuers.id, sftpConfigs.issuerId))
    .leftJoin(buyers, eq(buyers.id, sftpConfigs.buyerId))
    .where(
      and(issuerIds ? inArray(sftpConfigs.issuerId, issuerIds) : undefined, id ? eq(sftpConfigs.id, id) : undefined),
    )
    .orderBy(issuers.name, sftpConfigs.name);
}

export async function configById(db: DbOrTx, id: string) {
  const [c] = await db.select().from(sftpConfigs).where(eq(sftpConfigs.id, id));
  return c;
}

export async function insertConfig(db: DbOrTx, values: typeof sftpConfigs.$inferInsert) {
  const [c] = await db.insert(sftpConfigs).values(values).returning();
  return c!;
}

export async function updateConfig(db: DbOrTx, id: string, values: Partial<typeof sftpConfigs.$inferInsert>) {
  const [c] = await db
    .update(sftpConfigs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sftpConfigs.id, id))
    .returning();
  return c!;
}

export async function deleteConfig(db: DbOrTx, id: string) {
  await db.delete(sftpConfigs).where(eq(sftpConfigs.id, id));
}

export async function pullsOf(db: DbOrTx, configId: string) {
  return db
    .select({ pull: sftpPulledFiles, jobName: jobArtifacts.name })
    .from(sftpPulledFiles)
    .leftJoin(jobArtifacts, eq(jobArtifacts.id, sftpPulledFiles.jobId))
    .where(eq(sftpPulledFiles.configId, configId))
    .orderBy(desc(sftpPulledFiles.pulledAt), desc(sftpPulledFiles.id))
    .limit(100);
}

export async function wasPulled(db: DbOrTx, configId: string, remotePath: string, size: number, modifiedAt: Date) {
  const rows = await db
    .select({ id: sftpPulledFiles.id })
    .from(sftpPulledFiles)
    .where(
      and(
        eq(sftpPulledFiles.configId, configId),
        eq(sftpPulledFiles.remotePath, remotePath),
        eq(sftpPulledFiles.sizeBytes, size),
        eq(sftpPulledFiles.remoteModifiedAt, modifiedAt),
      ),
    );
  return rows.length > 0;
}

export async function recordPull(db: DbOrTx, values: typeof sftpPulledFiles.$inferInsert) {
  await db.insert(sftpPulledFiles).values(values).onConflictDoNothing();
}

export async function buyerOfIssuer(db: DbOrTx, buyerId: string, issuerId: string) {
  const [b] = await db
    .select()
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.issuerId, issuerId)));
  return b;
}

export async function jobOfIssuer(db: DbOrTx, jobId: string, issuerId: string) {
  const [j] = await db
    .select()
    .from(jobArtifacts)
    .where(and(eq(jobArtifacts.id, jobId), eq(jobArtifacts.issuerId, issuerId)));
  return j;
}

export async function insertJob(db: DbOrTx, values: typeof jobArtifacts.$inferInsert) {
  const [j] = await db.insert(jobArtifacts).values(values).returning();
  return j!;
}
