/**
 * A short-lived, per-process cache of "may this caller see this job, and what do the results need of it" (name,
 * type, issuer, buyer's name): without it every results request (summary, supplier list, views, …) costs one
 * database query for the visibility check, which on PGlite's single connection is most of a cached request's cost.
 *
 * Rules that keep it exact:
 * - The key is the job and the caller's whole visibility (user id, managed issuers, Buyers_ViewAll scope: the only
 *   inputs of jobVisibleCondition). A caller whose memberships or permissions change has another visibility (the
 *   session cache drops their context at once, auth-cache.ts), so no entry of their old rights is ever looked up;
 *   a user of another tenant has another key, and an entry is only made from their own query.
 * - Only visible jobs are cached (a 404 is always read from the database), so a grant is seen at once.
 * - What changes a job's visibility calls `forgetJobAccess(jobId)` after its write: deletion, owner change, direct
 *   assignment and magic-link connections, rename; `forgetAllJobAccess()` for changes spanning jobs (a user's
 *   connections removed or moved, an issuer or buyer deleted or renamed).
 * - A load that started before an invalidation is not stored (generation check), and for a short while after a
 *   job's invalidation (a write inside a longer transaction may not be committed yet) its loads are not stored.
 * - An entry lives at most the session cache's TTL (5 s on PostgreSQL, where another API process may change a job
 *   and cannot invalidate this one; 60 s on the embedded PGlite, single-process by construction).
 * - Not all at once (lib/refresh-ahead.ts): a hit past the entry's refresh point (60–85 % of its TTL, at random) is
 *   served while the entry is reloaded in the background; a reload that finds the job no longer visible drops the
 *   entry. Concurrent misses of a key share one load of the current generation (`sharedJobHeadLoad`).
 */
import { LRUCache } from 'lru-cache';
import type { TJobType } from '@sextant/shared';
import { refreshAtOf, SharedLoads } from '../../lib/refresh-ahead.ts';
import type { JobVisibility } from './authorization.repo.ts';

/** What the results read of a job the caller may see. */
export interface JobHead {
  id: string;
  name: string;
  type: TJobType;
  issuerId: string;
  buyerName: string | null;
}

const MAX_ENTRIES = 20_000;
/** After an invalidation, loads are not cached for this long (uncommitted writes). */
const QUIET_AFTER_INVALIDATION_MS = 2_000;

interface Entry {
  head: JobHead;
  /** After this moment (ms) a hit reloads the entry in the background. */
  refreshAt: number;
  /**
   * The end of its TTL (ms, Date.now()), checked on every read besides lru-cache's own TTL: lru-cache reads a clock it
   * refreshes in a timer, which stands still while the event loop runs no timers (a test's in-process requests back
   * to back served stale entries for seconds); this bound holds whatever the loop does.
   */
  expiresAt: number;
}

const cache = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttlAutopurge: false });
const loads = new SharedLoads<JobHead | null>();
/** Keys of each job's entries (for a job's invalidation). */
const keysOfJob = new Map<string, Set<string>>();
const quietUntil = new Map<string, number>();
let quietAllUntil = 0;
let generation = 0;

/** The cache key of a job for a visibility: every input of jobVisibleCondition. */
export function jobAccessKey(jobId: string, v: JobVisibility): string {
  const managed = [...v.managedIssuerIds].sort().join(',');
  const viewAll =
    v.viewAllIssuerIds === undefined
      ? '-'
      : v.viewAllIssuerIds === null
        ? '*'
        : [...v.viewAllIssuerIds].sort().join(',');
  return `${jobId}|${v.userId}|${managed}|${viewAll}`;
}

export function jobAccessGeneration(): number {
  return generation;
}

function live(key: string, now: number): Entry | undefined {
  const e = cache.get(key);
  if (e && e.expiresAt <= now) {
    cache.delete(key);
    return undefined;
  }
  return e;
}

export function cachedJobHead(key: string): JobHead | undefined {
  return live(key, Date.now())?.head;
}

/** The cached head and whether it should be reloaded in the background now (past its refresh point, no load running). */
export function cachedJobHeadEntry(key: string, now: number): { head: JobHead; refreshDue: boolean } | undefined {
  const e = live(key, Date.now());
  return e && { head: e.head, refreshDue: e.refreshAt <= now && !loads.has(key) };
}

/**
 * The key's load in flight, or a new one: concurrent misses (and a background reload) read the database once. A load
 * that began before an invalidation is never handed to a later request.
 */
export function sharedJobHeadLoad(
  key: string,
  load: (generation: number) => Promise<JobHead | null>,
): Promise<JobHead | null> {
  return loads.run(key, generation, load);
}

/** A reload found the job no longer visible for this key: the entry goes (and the next request reads a 404). */
export function dropJobHead(key: string): void {
  cache.delete(key);
}

/** Stores a freshly read head unless something was invalidated since `startedAt` (a generation number). */
export function storeJobHead(startedAt: number, key: string, head: JobHead, ttlMs: number): void {
  if (ttlMs <= 0 || startedAt !== generation) return;
  const now = Date.now();
  if (quietAllUntil > now) return;
  const quiet = quietUntil.get(head.id);
  if (quiet !== undefined) {
    if (quiet > now) return;
    quietUntil.delete(head.id);
  }
  cache.set(key, { head, refreshAt: refreshAtOf(now, ttlMs), expiresAt: now + ttlMs }, { ttl: ttlMs });
  const keys = keysOfJob.get(head.id) ?? keysOfJob.set(head.id, new Set()).get(head.id)!;
  keys.add(key);
  if (keysOfJob.size > MAX_ENTRIES) keysOfJob.delete(keysOfJob.keys().next().value!);
}

/** The job was deleted, renamed, or its owner or connections changed. */
export function forgetJobAccess(jobId: string): void {
  generation++;
  quietUntil.set(jobId, Date.now() + QUIET_AFTER_INVALIDATION_MS);
  if (quietUntil.size > MAX_ENTRIES) quietUntil.delete(quietUntil.keys().next().value!);
  for (const key of keysOfJob.get(jobId) ?? []) cache.delete(key);
  keysOfJob.delete(jobId);
}

/** A change that may concern many jobs (a user's connections, an issuer or a buyer). */
export function forgetAllJobAccess(): void {
  generation++;
  quietAllUntil = Date.now() + QUIET_AFTER_INVALIDATION_MS;
  cache.clear();
  keysOfJob.clear();
}

export function jobAccessCacheSize(): number {
  return cache.size;
}
