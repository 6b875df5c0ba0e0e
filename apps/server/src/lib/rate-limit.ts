/**
 * Fixed-window counters kept in the database so every API node shares them and a restart does not reset them.
 * `hit` adds and reads in one statement (an upsert), so parallel callers each see a distinct count: a limit is
 * enforced by hitting first and refusing when the count passes it, never by peeking and hitting later.
 */
import { eq, sql } from 'drizzle-orm';
import { rateLimits, type Db } from '@sextant/db';

/** Adds one hit to `key` and returns the count in the current window. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const res = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
    returning count`);
  return Number(res.rows[0]?.count ?? 1);
}

/** Takes back one hit of the current window (an attempt that turned out not to count, e.g. a right password). */
export async function release(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
