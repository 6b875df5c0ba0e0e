/** SQL of the resource guard: samples (history), limits, queue depth and database size. */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { proqCommands, resourceLimits, resourceSamples, users, type DbOrTx } from '@sextant/db';
import type { TResourceLimits, TResourceSample } from '@sextant/shared';

export async function insertSample(db: DbOrTx, s: TResourceSample): Promise<void> {
  await db.insert(resourceSamples).values({ ...s, at: new Date(s.at) });
}

export async function samplesSince(db: DbOrTx, since: Date) {
  return db.select().from(resourceSamples).where(gte(resourceSamples.at, since)).orderBy(asc(resourceSamples.at));
}

export async function pruneSamples(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(resourceSamples).where(lt(resourceSamples.at, before));
}

export async function storedLimits(db: DbOrTx) {
  const [row] = await db
    .select({ limits: resourceLimits.limits, updatedAt: resourceLimits.updatedAt, updatedBy: users.username })
    .from(resourceLimits)
    .leftJoin(users, eq(users.id, resourceLimits.updatedBy))
    .where(eq(resourceLimits.key, 'default'));
  return row;
}

export async function saveLimits(db: DbOrTx, limits: TResourceLimits, userId: string): Promise<void> {
  await db
    .insert(resourceLimits)
    .values({ key: 'default', limits, updatedBy: userId })
    .onConflictDoUpdate({ target: resourceLimits.key, set: { limits, updatedBy: userId, updatedAt: new Date() } });
}

export async function queueDepth(db: DbOrTx): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(proqCommands)
    .where(and(sql`${proqCommands.state} in ('Blocked', 'Pending', 'InProgress')`));
  return r?.n ?? 0;
}

export async function databaseSize(db: DbOrTx): Promise<number> {
  const r = await db.execute<{ n: string | number }>(sql`select pg_database_size(current_database()) as n`);
  return Number(r.rows[0]?.n ?? 0);
}
