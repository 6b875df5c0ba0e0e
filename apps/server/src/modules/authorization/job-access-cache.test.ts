/**
 * The job access cache's rules on their own (the end-to-end attacks are in results/results-caches.test.ts): the key
 * holds the caller's whole visibility, an invalidation drops a job's entries, a load that raced an invalidation is
 * not stored, and nothing is stored during the quiet window after one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedJobHead,
  cachedJobHeadEntry,
  forgetAllJobAccess,
  forgetJobAccess,
  jobAccessGeneration,
  jobAccessKey,
  sharedJobHeadLoad,
  storeJobHead,
  type JobHead,
} from './job-access-cache.ts';

const JOB = '00000000-0000-4000-8000-000000000001';
const OTHER_JOB = '00000000-0000-4000-8000-000000000002';
const head = (id = JOB): JobHead => ({ id, name: 'Job', type: 'base', issuerId: 'issuer-a', buyerName: null });
const TTL = 60_000;

describe('job access cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // first: the other tests invalidate (and move the fake clock ahead), which would hold back a store here
  it('lets an entry live its TTL only (real clock: lru-cache counts with performance.now)', async () => {
    const job = '00000000-0000-4000-8000-000000000003';
    const key = jobAccessKey(job, { userId: 'u3', managedIssuerIds: [] });
    storeJobHead(jobAccessGeneration(), key, head(job), 50);
    expect(cachedJobHead(key)).toEqual(head(job));
    await new Promise((r) => setTimeout(r, 120));
    expect(cachedJobHead(key)).toBeUndefined();
  });

  it('keys by every input of the visibility condition', () => {
    const base = { userId: 'u1', managedIssuerIds: ['a', 'b'] };
    const keys = new Set([
      jobAccessKey(JOB, base),
      jobAccessKey(JOB, { ...base, userId: 'u2' }),
      jobAccessKey(JOB, { ...base, managedIssuerIds: ['a'] }),
      jobAccessKey(JOB, { ...base, viewAllIssuerIds: null }),
      jobAccessKey(JOB, { ...base, viewAllIssuerIds: [] }),
      jobAccessKey(JOB, { ...base, viewAllIssuerIds: ['a'] }),
      jobAccessKey(OTHER_JOB, base),
    ]);
    expect(keys.size).toBe(7);
    // the order of the issuers does not matter
    expect(jobAccessKey(JOB, { ...base, managedIssuerIds: ['b', 'a'] })).toBe(jobAccessKey(JOB, base));
  });

  it('drops a job’s entries on its invalidation, and every entry on a global one', () => {
    vi.useFakeTimers();
    const k1 = jobAccessKey(JOB, { userId: 'u1', managedIssuerIds: [] });
    const k2 = jobAccessKey(OTHER_JOB, { userId: 'u1', managedIssuerIds: [] });
    vi.advanceTimersByTime(10_000); // past any quiet window of earlier tests
    storeJobHead(jobAccessGeneration(), k1, head(JOB), TTL);
    storeJobHead(jobAccessGeneration(), k2, head(OTHER_JOB), TTL);
    expect(cachedJobHead(k1)).toEqual(head(JOB));
    forgetJobAccess(JOB);
    expect(cachedJobHead(k1)).toBeUndefined();
    expect(cachedJobHead(k2)).toEqual(head(OTHER_JOB));
    forgetAllJobAccess();
    expect(cachedJobHead(k2)).toBeUndefined();
  });

  it('does not store a load that started before an invalidation, nor one in the quiet window after it', () => {
    vi.useFakeTimers();
    const key = jobAccessKey(JOB, { userId: 'u1', managedIssuerIds: [] });
    vi.advanceTimersByTime(10_000);
    const started = jobAccessGeneration();
    forgetJobAccess(OTHER_JOB); // any invalidation while the load ran
    storeJobHead(started, key, head(), TTL);
    expect(cachedJobHead(key)).toBeUndefined();

    forgetJobAccess(JOB); // a write to this job, maybe not committed yet
    storeJobHead(jobAccessGeneration(), key, head(), TTL);
    expect(cachedJobHead(key)).toBeUndefined();
    vi.advanceTimersByTime(2_500); // the quiet window is over
    storeJobHead(jobAccessGeneration(), key, head(), TTL);
    expect(cachedJobHead(key)).toEqual(head());
  });

  it('asks for a reload between 60 % and 85 % of the TTL, and shares a load only within a generation', async () => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(60_000); // past the quiet windows of the tests before (their clocks ran ahead)
    const job = '00000000-0000-4000-8000-000000000004';
    const key = jobAccessKey(job, { userId: 'u4', managedIssuerIds: [] });
    storeJobHead(jobAccessGeneration(), key, head(job), TTL);
    const now = Date.now();
    expect(cachedJobHeadEntry(key, now)?.refreshDue).toBe(false);
    expect(cachedJobHeadEntry(key, now + 0.59 * TTL)?.refreshDue).toBe(false);
    expect(cachedJobHeadEntry(key, now + 0.86 * TTL)?.refreshDue).toBe(true);

    const pending: ((h: JobHead | null) => void)[] = [];
    const load = () => new Promise<JobHead | null>((resolve) => pending.push(resolve));
    const first = sharedJobHeadLoad(key, load);
    expect(sharedJobHeadLoad(key, load)).toBe(first); // a concurrent miss joins it
    expect(pending).toHaveLength(1);
    expect(cachedJobHeadEntry(key, now + 0.86 * TTL)?.refreshDue).toBe(false); // a load runs already
    // After an invalidation a request never receives a load that began before it.
    forgetJobAccess(OTHER_JOB);
    const second = sharedJobHeadLoad(key, load);
    expect(second).not.toBe(first);
    expect(pending).toHaveLength(2);
    pending[0]!(head(job));
    pending[1]!(null);
    expect(await first).toEqual(head(job));
    expect(await second).toBeNull();
    // both finished: the next one loads anew
    const third = sharedJobHeadLoad(key, async () => head(job));
    expect(third).not.toBe(second);
    expect(await third).toEqual(head(job));
  });
});
