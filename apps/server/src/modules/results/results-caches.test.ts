/**
 * The per-request caches of the results reads (issue #32 "Many users"): the job access cache (visibility check,
 * modules/authorization/job-access-cache.ts) and the serialized summary and supplier-page bodies (lib/json-body.ts).
 * Every test first warms the caches as a user who may see the job, then attacks them as a user who may not (or no
 * longer): another tenant, a tenant user without the scores permission, a user whose assignment or membership was
 * removed, a deleted job, a renamed job. A cached answer must never reach a caller who would not get it from the
 * database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { issuerMemberships, issuers, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TJobSummary, TSupplierPage } from '@sextant/shared';
import { createDemoJobsApp, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { jobAccessCacheSize } from '../authorization/job-access-cache.ts';

describe.each(dbKinds())('results caches: exact tenant scope and invalidation (%s)', (kind) => {
  let t: TestApp;
  let manager: string; // ptcoJobManager: internal staff, sees every job
  let issuer: string; // the job's issuer's manager, with SuppliersScore_VIEW
  let client: string; // a member of the job's issuer, without SuppliersScore_VIEW; sees a job only when assigned
  let otherTenant: string; // the manager of another issuer
  let clientId: string;
  let albion: string;
  let severn: string;

  const summaryOf = (jobId: string, cookie: string) =>
    t.call('GET', `/api/v1/jobs/${jobId}/results/summary`, { cookie });
  const pageOf = (jobId: string, cookie: string) =>
    t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?pageSize=10&orderBy=spend:desc`, { cookie });
  const assign = async (jobId: string, isAssigned: boolean) => {
    const res = await t.call('PUT', '/api/v1/job-artifacts/update-job-artifact-user-assignment', {
      cookie: manager,
      body: { jobArtifactId: jobId, userId: clientId, isAssigned },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createDemoJobsApp(kind);
    manager = await t.login('ptcoJobManager');
    issuer = await t.login('issuer');
    client = await t.login('client');
    otherTenant = await t.login('issuerPlus');
    albion = await demoJobId(t, 'Albion');
    severn = await demoJobId(t, 'Severn');
    const [c] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
    clientId = c!.id;
  }, 300_000);
  afterAll(async () => t?.close());

  it('serves the cached summary and page to the job’s users, and never to another tenant', async () => {
    const first = await summaryOf(albion, issuer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await summaryOf(albion, issuer);
    expect(again.body).toBe(first.body); // the same bytes, from the cache
    expect((await pageOf(albion, issuer)).statusCode).toBe(200);
    // On PostgreSQL the demo jobs' last commands may still run here, and their writes' invalidations hold back stores
    // for 2 s each: ask again until the job access cache holds the job.
    for (let i = 0; i < 40 && jobAccessCacheSize() === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      expect((await summaryOf(albion, issuer)).statusCode).toBe(200);
    }
    expect(jobAccessCacheSize()).toBeGreaterThan(0);
    // Another tenant, with the very same URLs, after the caches were warmed: 404, never the cached answer.
    for (let i = 0; i < 3; i++) {
      const s = await summaryOf(albion, otherTenant);
      expect(s.statusCode, s.body).toBe(404);
      expect(s.body).not.toContain('"jobName"');
      expect((await pageOf(albion, otherTenant)).statusCode).toBe(404);
    }
    // A tenant user of the same issuer who is not assigned (and does not manage it) does not see it either.
    expect((await summaryOf(albion, client)).statusCode).toBe(404);
    expect((await pageOf(albion, client)).statusCode).toBe(404);
  });

  it('keeps the scores out of a cached page for a user without SuppliersScore_VIEW, and removes a revoked assignment at once', async () => {
    const withScores = (await pageOf(albion, issuer)).json() as TSupplierPage;
    expect(withScores.collection.length).toBeGreaterThan(0);
    // score columns: <Kind>Level and <Kind>Confidence (VcardLevel, OptimaConfidence, …)
    const scoreKeys = (row: object) => Object.keys(row).filter((k) => /^[A-Z].*(Level|Confidence)$/.test(k));
    expect(withScores.collection.some((r) => scoreKeys(r).length > 0)).toBe(true);

    await assign(albion, true); // granted: seen at once (a 404 is never cached)
    const res = await pageOf(albion, client);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TSupplierPage;
    expect(page.totalCount).toBe(withScores.totalCount);
    for (const row of page.collection) expect(scoreKeys(row)).toEqual([]);
    expect((await summaryOf(albion, client)).statusCode).toBe(200);

    await assign(albion, false); // revoked: the cached visibility of the client is gone
    expect((await summaryOf(albion, client)).statusCode).toBe(404);
    expect((await pageOf(albion, client)).statusCode).toBe(404);
    // the issuer's entries are unaffected in what they answer
    expect((await summaryOf(albion, issuer)).statusCode).toBe(200);
  });

  it('a renamed job’s cached summary shows the new name', async () => {
    const before = (await summaryOf(albion, issuer)).json() as TJobSummary;
    const name = `${before.jobName} (renamed)`;
    const res = await t.call('PATCH', `/api/v1/jobs/${albion}`, { cookie: manager, body: { name } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await summaryOf(albion, issuer)).json() as TJobSummary;
    expect(after.jobName).toBe(name);
    expect({ ...after, jobName: before.jobName }).toEqual(before);
  });

  it('a user whose membership was removed no longer gets the cached answer', async () => {
    expect((await summaryOf(severn, issuer)).statusCode).toBe(200);
    expect((await pageOf(severn, issuer)).statusCode).toBe(200);
    const [membership] = await t.db.db
      .select({ issuerId: issuerMemberships.issuerId })
      .from(issuerMemberships)
      .innerJoin(users, eq(users.id, issuerMemberships.userId))
      .where(eq(users.username, 'issuer'));
    const issuerId = membership!.issuerId;
    const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'issuer'));
    const [nb] = await t.db.db.select({ key: issuers.issuerKey }).from(issuers).where(eq(issuers.id, issuerId));
    expect(nb!.key).toBe('northbridge');
    // What the membership service does: the row goes, then the user's cached session context.
    await t.db.db
      .delete(issuerMemberships)
      .where(and(eq(issuerMemberships.userId, u!.id), eq(issuerMemberships.issuerId, issuerId)));
    invalidateUser(u!.id);
    expect((await summaryOf(severn, issuer)).statusCode).toBe(404);
    expect((await pageOf(severn, issuer)).statusCode).toBe(404);
    await t.db.db.insert(issuerMemberships).values({ userId: u!.id, issuerId: issuerId, role: 'Manager' });
    invalidateUser(u!.id);
    expect((await summaryOf(severn, issuer)).statusCode).toBe(200);
  });

  it('a deleted job’s cached summary and page are not served', async () => {
    expect((await summaryOf(severn, issuer)).statusCode).toBe(200);
    expect((await pageOf(severn, issuer)).statusCode).toBe(200);
    expect((await summaryOf(severn, manager)).statusCode).toBe(200);
    const del = await t.call('DELETE', `/api/v1/jobs/${severn}`, { cookie: await t.login('sysAdmin') });
    expect(del.statusCode, del.body).toBeLessThan(300);
    for (const cookie of [issuer, manager]) {
      expect((await summaryOf(severn, cookie)).statusCode).toBe(404);
      expect((await pageOf(severn, cookie)).statusCode).toBe(404);
    }
  });
});
