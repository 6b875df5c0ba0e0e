/**
 * A short-lived, per-process cache of resolved sessions: without it every signed-in request costs a session load
 * (one prepared statement: session, user, roles, extra permissions, memberships; it was four queries) and the system
 * mode, which on PGlite's single connection caps a signed-in API far below the public one.
 *
 * Rules that keep it safe:
 * - An entry lives at most AUTH_CACHE_TTL_MS (5 s) on PostgreSQL, AUTH_CACHE_TTL_EMBEDDED_MS (60 s) on the embedded
 *   PGlite (single-process by construction), or SESSION_CACHE_TTL_SECONDS, from the moment its rows were read;
 *   after that the next request reads the database again (which also checks expiry, idle timeout and
 *   deactivation). So a change made by another process (PostgreSQL deployments with several API processes) is
 *   seen within 5 s at the latest; a stale entry can never widen rights for longer than the TTL.
 * - lastSeenAt (and the user's lastActivityAt) is still written at most once a minute: a hit whose lastSeenAt is
 *   older is touched with one statement and served.
 * - In this process a change is effective at once: the services that change a session, a user, their roles,
 *   extra permissions or memberships call `invalidateSession` / `invalidateUser` after their write.
 * - A load that started before an invalidation is not stored (generation check), and for a short while after a
 *   user's invalidation (a write inside a longer transaction may not be committed yet) their loads are not stored
 *   at all, so an old row read in that window cannot be cached.
 * - Expiry (absolute and idle) is re-checked against the clock on every hit.
 * - Entries are frozen AuthContexts shared by concurrent requests: callers must not mutate them.
 * - Not all at once (lib/refresh-ahead.ts): a hit past the entry's refresh point (60–85 % of its TTL, at random)
 *   reloads it in the background while it is still served, so sessions stored together (a burst of sign-ins) are
 *   not all reloaded by the requests of one moment; concurrent misses of a session share one load of the current
 *   generation (`sharedSessionLoad`). No entry is served beyond its TTL.
 */
import { LRUCache } from 'lru-cache';
import { refreshAtOf, SharedLoads } from '../lib/refresh-ahead.ts';
import type { AuthContext } from './access.ts';

/** TTL on PostgreSQL, where other processes may change sessions, users and roles. */
export const AUTH_CACHE_TTL_MS = 5_000;
/**
 * TTL on the embedded PGlite: its database cannot be shared with another process, so every change goes through
 * this one and is invalidated at once; the TTL only bounds what a direct edit of the data directory could leave.
 */
export const AUTH_CACHE_TTL_EMBEDDED_MS = 60_000;
const AUTH_CACHE_MAX = 10_000;
/** After a user's invalidation, their loads are not cached for this long (uncommitted writes). */
const QUIET_AFTER_INVALIDATION_MS = 2_000;

interface Entry {
  auth: AuthContext;
  /** When the session was last seen in the database (the idle timeout counts from there). */
  lastSeenAt: number;
  /** After this moment (ms) a hit reloads the entry in the background (set when stored). */
  refreshAt?: number;
  /**
   * The end of its TTL (ms, Date.now(), set when stored), checked on every read besides lru-cache's own TTL, whose
   * clock is refreshed by a timer and stands still while the event loop runs no timers.
   */
  expiresAt?: number;
}

const cache = new LRUCache<string, Entry>({ max: AUTH_CACHE_MAX, ttl: AUTH_CACHE_TTL_MS, ttlAutopurge: false });

/** The TTL for a database kind, unless SESSION_CACHE_TTL_SECONDS sets one. */
export function authCacheTtlMs(kind: 'pglite' | 'postgres', configuredSeconds?: number): number {
  if (configuredSeconds !== undefined) return configuredSeconds * 1000;
  return kind === 'pglite' ? AUTH_CACHE_TTL_EMBEDDED_MS : AUTH_CACHE_TTL_MS;
}
const quietUntil = new Map<string, number>();
let generation = 0;
let enabled = true;

/** Turns the cache off (or on again) for this process; the bench uses it to measure the uncached path. */
export function setAuthCacheEnabled(on: boolean): void {
  enabled = on;
  if (!on) cache.clear();
}

export function cachedAuth(sessionId: string): Entry | undefined {
  if (!enabled) return undefined;
  const e = cache.get(sessionId);
  if (e?.expiresAt !== undefined && e.expiresAt <= Date.now()) {
    cache.delete(sessionId);
    return undefined;
  }
  return e;
}

/** Stores a freshly loaded context unless something was invalidated since `startedAt` (a generation number). */
export function storeAuth(startedAt: number, entry: Entry, ttlMs: number): void {
  if (!enabled || ttlMs <= 0 || startedAt !== generation) return;
  const quiet = quietUntil.get(entry.auth.user.id);
  if (quiet !== undefined) {
    if (quiet > Date.now()) return;
    quietUntil.delete(entry.auth.user.id);
  }
  const now = Date.now();
  entry.refreshAt = refreshAtOf(now, ttlMs);
  entry.expiresAt = now + ttlMs;
  cache.set(entry.auth.sessionId, entry, { ttl: ttlMs });
}

const loads = new SharedLoads<unknown>();

/**
 * The session's load in flight, or a new one: concurrent misses (and a background refresh) of one session read the
 * database once. A load that began before an invalidation is never handed to a later request.
 */
export function sharedSessionLoad<T>(sessionId: string, load: (generation: number) => Promise<T>): Promise<T> {
  return loads.run(sessionId, generation, load) as Promise<T>;
}

/** Whether the session's entry should be reloaded in the background now (past its refresh point, no load running). */
export function sessionRefreshDue(sessionId: string, entry: Entry, now: number): boolean {
  return enabled && entry.refreshAt !== undefined && entry.refreshAt <= now && !loads.has(sessionId);
}

/** The session (by its id hash) changed or ended: sign-out, role switch. */
export function invalidateSession(sessionId: string): void {
  generation++;
  cache.delete(sessionId);
}

/**
 * A (re)load found the session gone or ended: its entry goes. No generation change: only this session's loads of
 * the current generation exist, and that is the one that found it.
 */
export function dropCachedSession(sessionId: string): void {
  cache.delete(sessionId);
}

/** The user, their roles, extra permissions or memberships changed, or all their sessions ended. */
export function invalidateUser(userId: string): void {
  generation++;
  quietUntil.set(userId, Date.now() + QUIET_AFTER_INVALIDATION_MS);
  if (quietUntil.size > AUTH_CACHE_MAX) quietUntil.delete(quietUntil.keys().next().value!);
  for (const [key, e] of cache.entries()) if (e.auth.user.id === userId) cache.delete(key);
}

/** Everything (tests, or a change that concerns every user). */
export function invalidateAllSessions(): void {
  generation++;
  cache.clear();
}

export function authCacheSize(): number {
  return cache.size;
}
