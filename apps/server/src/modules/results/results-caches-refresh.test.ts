/**
 * The per-request caches under constant load, refreshed ahead of their expiry (lib/refresh-ahead.ts, issue #32 on
 * PostgreSQL): the session cache, the job access cache, the system mode and the latest run are reloaded in the
 * background by the requests that hit them, so they never all expire at once. The attack: a change made by ANOTHER
 * API process — here a write straight to the database, which calls none of this process's invalidations, exactly as
 * another process's write looks from here — must reach every request within the cache TTL (1 s here), however
 * busily the caches are being hit and refreshed: a refresh only ever makes an entry younger, it never lets an old
 * entry live longer. Own file: the caches are per module instance, and this app's demo jobs have the same ids as
 * results-caches.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { issuerMemberships, jobArtifacts, jobArtifactUsers, sessions, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { createDemoJobsApp, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';
import { sha256 } from '../../lib/crypto.ts';

const TTL_MS = 1_000;
/** A load that read the old row just before the change may be stored a little later: its TTL starts there. */
const SLACK_MS = 400;

describe.each(dbKinds())('results caches refreshed ahead of expiry, a change by another process (%s)', (kind) => {
  let t: TestApp;
  let manager: string;
  let albion: string;
  let severn: string;

  const summaryOf = (cookie: string, job = albion) => t.call('GET', `/api/v1/jobs/${job}/results/summary`, { cookie });
  const pageOf = (cookie: string, job = albion) =>
    t.call('GET', `/api/v1/jobs/${job}/results/suppliers?pageSize=10&orderBy=spend:desc`, { cookie });

  /**
   * Sends `call` back to back from four concurrent loops for `ms`; each answer with the moment its request was sent.
   * Requests keep every cache hot, so the entries are reloaded in the background while they are served.
   */
  async function hammer(ms: number, call: () => Promise<{ statusCode: number }>) {
    const out: { sentAt: number; status: number; ms: number }[] = [];
    const end = Date.now() + ms;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < end) {
          const sentAt = Date.now();
          const status = (await call()).statusCode;
          out.push({ sentAt, status, ms: Date.now() - sentAt });
          // one turn of the event loop between requests, as requests from sockets have (in-process requests back to
          // back would run the loop's microtasks only: no timers, no database work)
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    return out;
  }

  const userId = async (username: string) =>
    (await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await createDemoJobsApp(kind, { SESSION_CACHE_TTL_SECONDS: String(TTL_MS / 1000) });
    manager = await t.login('ptcoJobManager');
    albion = await demoJobId(t, 'Albion');
    severn = await demoJobId(t, 'Severn');
  }, 300_000);
  afterAll(async () => t?.close());

  it('an assignment revoked by another process is not served past the TTL', async () => {
    const client = await t.login('client');
    const assign = await t.call('PUT', '/api/v1/job-artifacts/update-job-artifact-user-assignment', {
      cookie: manager,
      body: { jobArtifactId: albion, userId: await userId('client'), isAssigned: true },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    // Busy for two TTLs: the entries are refreshed in the background and the client is served all along.
    const before = await hammer(2 * TTL_MS, () => summaryOf(client));
    expect(before.length).toBeGreaterThan(8);
    expect(before.every((a) => a.status === 200)).toBe(true);

    await t.db.db
      .delete(jobArtifactUsers)
      .where(and(eq(jobArtifactUsers.jobArtifactId, albion), eq(jobArtifactUsers.userId, await userId('client'))));
    const revokedAt = Date.now();
    const after = [
      ...(await hammer(TTL_MS + SLACK_MS + 500, () => summaryOf(client))),
      ...(await hammer(300, () => pageOf(client))),
    ];
    const late = after.filter((a) => a.sentAt > revokedAt + TTL_MS + SLACK_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((a) => a.status !== 404).map((a) => ({ ...a, sentAt: a.sentAt - revokedAt }))).toEqual([]);
  });

  it('a membership removed by another process is not served past the TTL (session and job access caches)', async () => {
    const issuer = await t.login('issuer'); // manager of the job's issuer (as in results-caches.test.ts)
    const before = await hammer(2 * TTL_MS, () => pageOf(issuer, severn));
    expect(before.every((a) => a.status === 200)).toBe(true);

    const [job] = await t.db.db
      .select({ issuerId: jobArtifacts.issuerId })
      .from(jobArtifacts)
      .where(eq(jobArtifacts.id, severn));
    const removed = await t.db.db
      .delete(issuerMemberships)
      .where(and(eq(issuerMemberships.userId, await userId('issuer')), eq(issuerMemberships.issuerId, job!.issuerId)))
      .returning();
    expect(removed.length).toBe(1);
    const removedAt = Date.now();
    try {
      const after = await hammer(TTL_MS + SLACK_MS + 500, () => summaryOf(issuer, severn));
      const late = after.filter((a) => a.sentAt > removedAt + TTL_MS + SLACK_MS);
      expect(late.length).toBeGreaterThan(0);
      expect(late.filter((a) => a.status !== 404).map((a) => ({ ...a, sentAt: a.sentAt - removedAt }))).toEqual([]);
    } finally {
      await t.db.db.insert(issuerMemberships).values(removed);
    }
  });

  it('a session signed out by another process is not served past the TTL', async () => {
    const cookie = await t.login('issuerPlus');
    const me = () => t.call('GET', '/api/v1/auth/me', { cookie });
    const before = await hammer(2 * TTL_MS, me);
    expect(before.every((a) => a.status === 200)).toBe(true);

    await t.db.db.delete(sessions).where(eq(sessions.id, sha256(cookie.slice('sextant_session='.length))));
    const endedAt = Date.now();
    const after = await hammer(TTL_MS + SLACK_MS + 500, me);
    const late = after.filter((a) => a.sentAt > endedAt + TTL_MS + SLACK_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((a) => a.status !== 401).map((a) => ({ ...a, sentAt: a.sentAt - endedAt }))).toEqual([]);
  });
});
