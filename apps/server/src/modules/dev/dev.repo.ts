/** SQL of the Dev area: reset all jobs and the database anonymiser (development only). */
import { and, desc, ne, sql } from 'drizzle-orm';
import { buyers, emailOutbox, issuers, jobArtifacts, jobLogs, jobRuns, users, type DbOrTx } from '@sextant/db';

export async function allRunFolders(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ p: jobRuns.resultPath }).from(jobRuns);
  return rows.map((r) => r.p);
}

/** Every job back to Draft, its uploaded files kept; runs and logs removed. Returns the number of jobs. */
export async function resetJobs(tx: DbOrTx): Promise<number> {
  await tx.delete(jobLogs);
  await tx.delete(jobRuns);
  const rows = await tx
    .update(jobArtifacts)
    .set({ status: 'Draft', isPublished: false, updatedAt: new Date() })
    .returning({ id: jobArtifacts.id });
  return rows.length;
}

export async function countJobs(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)` }).from(jobArtifacts);
  return Number(r?.n ?? 0);
}

/**
 * Replaces personal and customer names with numbered pseudonyms (the caller keeps their own account so they stay
 * signed in); the email outbox, which holds message bodies, is emptied. Usernames are kept (sign-in).
 */
export async function anonymiseDatabase(tx: DbOrTx, keepUserId: string) {
  const u = await tx
    .update(users)
    .set({
      displayName: sql`'User ' || substr(md5(${users.id}::text), 1, 6)`,
      givenName: sql`'User'`,
      surname: sql`substr(md5(${users.id}::text), 1, 6)`,
      email: sql`'user-' || substr(md5(${users.id}::text), 1, 10) || '@example.invalid'`,
    })
    .where(and(ne(users.id, keepUserId)))
    .returning({ id: users.id });
  const i = await tx
    .update(issuers)
    .set({ name: sql`'Issuer ' || upper(substr(md5(${issuers.id}::text), 1, 4))` })
    .returning({ id: issuers.id });
  const b = await tx
    .update(buyers)
    .set({ name: sql`'Buyer ' || upper(substr(md5(${buyers.id}::text), 1, 6))` })
    .returning({ id: buyers.id });
  const e = await tx.delete(emailOutbox).returning({ id: emailOutbox.id });
  return { users: u.length, issuers: i.length, buyers: b.length, emails: e.length };
}

/** The latest emails of the outbox, newest first. */
export async function latestOutbox(db: DbOrTx, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
