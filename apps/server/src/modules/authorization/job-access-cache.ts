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
 */
import { LRUCache } from 'lru-cache';
import type { TJobType } from '@sextant/shared';
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

const cache = new LRUCache<string, JobHead>({ max: MAX_ENTRIES, ttlAutopurge: false });
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

export function cachedJobHead(key: string): JobHead | undefined {
  return cache.get(key);
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
  cache.set(key, head, { ttl: ttlMs });
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
