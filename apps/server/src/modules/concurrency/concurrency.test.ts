import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entityLocks, issuers, jobArtifacts, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('entity presence and locks on %s', (kind) => {
  let t: TestApp;
  let jobId: string;
  let otherIssuerJobId: string;
  let issuerCookie: string; // Manager of Northbridge: sees Northbridge jobs
  let adminCookie: string; // sysAdmin: sees every job, may force
  let clientCookie: string; // Member of Northbridge, assigned directly below
  const ref = () => ({ entityType: 'JobArtifact', entityId: jobId });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [northbridge] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [meridian] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'meridian'));
    const [owner] = await t.db.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
    const [job] = await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Albion spend 2026', type: 'base', ownerId: owner!.id, issuerId: northbridge!.id })
      .returning();
    const [other] = await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Rheinwerk 2026', type: 'base', ownerId: owner!.id, issuerId: meridian!.id })
      .returning();
    jobId = job!.id;
    otherIssuerJobId = other!.id;
    issuerCookie = await t.login('issuer');
    adminCookie = await t.login('sysAdmin');
    clientCookie = await t.login('client');
    const [client] = await t.db.db.select().from(users).where(eq(users.username, 'client'));
    const { jobArtifactUsers } = await import('@sextant/db');
    await t.db.db
      .insert(jobArtifactUsers)
      .values({ jobArtifactId: jobId, userId: client!.id, connectionType: 'DirectAssignment' });
  });
  afterAll(async () => t?.close());

  const me = async (cookie: string) => (await t.call('GET', '/api/v1/auth/me', { cookie })).json() as { id: string };

  it('reports users active on a job from their heartbeats, and only themselves', async () => {
    const issuer = await me(issuerCookie);
    const ok = await t.call('POST', '/api/v1/concurrency/try-set-entity-active-user', {
      cookie: issuerCookie,
      body: { ...ref(), userId: issuer.id, scope: 'summary' },
    });
    expect(ok.json()).toBe(true);
    const client = await me(clientCookie);
    await t.call('POST', '/api/v1/concurrency/try-set-entity-active-user', {
      cookie: clientCookie,
      body: { ...ref(), userId: client.id, scope: 'insights' },
    });
    const spoof = await t.call('POST', '/api/v1/concurrency/try-set-entity-active-user', {
      cookie: clientCookie,
      body: { ...ref(), userId: issuer.id },
    });
    expect(spoof.statusCode).toBe(403);
    const list = await t.call(
      'GET',
      `/api/v1/concurrency/active-entity-users?entityType=JobArtifact&entityId=${jobId}`,
      { cookie: issuerCookie },
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { userName: 'Carl Bennett', scope: 'insights', entityName: 'Albion spend 2026', exclusiveWriteAccess: false },
      { userName: 'Isla Hughes', scope: 'summary', entityName: 'Albion spend 2026', exclusiveWriteAccess: false },
    ]);
  });

  it('lists everyone active on visible jobs for the navbar quick view (ActiveUsers_VIEW)', async () => {
    const all = await t.call('GET', '/api/v1/concurrency/active-users', { cookie: adminCookie });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((u: { userName: string }) => u.userName)).toEqual(['Carl Bennett', 'Isla Hughes']);
    expect(all.json()[0].entityName).toBe('Albion spend 2026');
    expect((await t.call('GET', '/api/v1/concurrency/active-users', { cookie: issuerCookie })).statusCode).toBe(403);
    const otherIssuerManager = await t.login('issuerPlus');
    expect((await t.call('GET', '/api/v1/concurrency/active-users', { cookie: otherIssuerManager })).statusCode).toBe(
      403,
    );
  });

  it('hides other issuers’ jobs: presence and locks answer 404', async () => {
    const issuer = await me(issuerCookie);
    const res = await t.call('POST', '/api/v1/concurrency/try-set-entity-active-user', {
      cookie: issuerCookie,
      body: { entityType: 'JobArtifact', entityId: otherIssuerJobId, userId: issuer.id },
    });
    expect(res.statusCode).toBe(404);
    const lock = await t.call('POST', '/api/v1/concurrency/try-set-exclusive-write-access', {
      cookie: issuerCookie,
      body: { entityType: 'JobArtifact', entityId: otherIssuerJobId },
    });
    expect(lock.statusCode).toBe(404);
  });

  it('grants exclusive write access to one user at a time, with holder details for the others', async () => {
    const first = await t.call('POST', '/api/v1/concurrency/try-set-exclusive-write-access', {
      cookie: issuerCookie,
      body: ref(),
    });
    expect(first.json()).toMatchObject({
      exclusiveWriteAccess: true,
      holderFirstName: 'Isla',
      holderLastName: 'Hughes',
      holderEmail: 'issuer@northbridge.example',
    });
    const second = await t.call('POST', '/api/v1/concurrency/try-set-exclusive-write-access', {
      cookie: clientCookie,
      body: ref(),
    });
    expect(second.json()).toMatchObject({ exclusiveWriteAccess: false, holderFirstName: 'Isla' });
    const list = await t.call(
      'GET',
      `/api/v1/concurrency/active-entity-users?entityType=JobArtifact&entityId=${jobId}`,
      { cookie: clientCookie },
    );
    expect(list.json().find((u: { userName: string }) => u.userName === 'Isla Hughes').exclusiveWriteAccess).toBe(true);
  });

  it('lets another user request it; the holder sees the request and can deny it', async () => {
    expect(
      (
        await t.call('POST', '/api/v1/concurrency/request-exclusive-write-access', {
          cookie: clientCookie,
          body: ref(),
        })
      ).json(),
    ).toBe(true);
    const holderView = await t.call('POST', '/api/v1/concurrency/entity-status', { cookie: issuerCookie, body: ref() });
    expect(holderView.json()).toMatchObject({ requesterName: 'Carl Bennett', exclusiveWriteAccess: true });
    // Only the holder can deny.
    expect(
      (
        await t.call(
          'POST',
          `/api/v1/concurrency/deny-exclusive-write-access?entityType=JobArtifact&entityId=${jobId}`,
          { cookie: clientCookie },
        )
      ).json(),
    ).toBe(false);
    expect(
      (
        await t.call(
          'POST',
          `/api/v1/concurrency/deny-exclusive-write-access?entityType=JobArtifact&entityId=${jobId}`,
          { cookie: issuerCookie },
        )
      ).json(),
    ).toBe(true);
    const requesterView = await t.call('POST', '/api/v1/concurrency/entity-status', {
      cookie: clientCookie,
      body: ref(),
    });
    expect(requesterView.json()).toMatchObject({
      requestDenied: true,
      requesterName: null,
      exclusiveWriteAccess: false,
    });
    // Forcing right away is refused: the lock stays with the holder.
    const forced = await t.call('POST', '/api/v1/concurrency/force-set-exclusive-write-access', {
      cookie: clientCookie,
      body: ref(),
    });
    expect(forced.json().exclusiveWriteAccess).toBe(false);
  });

  it('lets a requester force the lock once the request went unanswered for the grace period', async () => {
    await t.call('POST', '/api/v1/concurrency/request-exclusive-write-access', { cookie: clientCookie, body: ref() });
    await t.db.db.update(entityLocks).set({ requestedAt: new Date(Date.now() - 31_000) });
    const forced = await t.call('POST', '/api/v1/concurrency/force-set-exclusive-write-access', {
      cookie: clientCookie,
      body: ref(),
    });
    expect(forced.json()).toMatchObject({ exclusiveWriteAccess: true, holderFirstName: 'Carl' });
    const lostIt = await t.call('POST', '/api/v1/concurrency/entity-status', { cookie: issuerCookie, body: ref() });
    expect(lostIt.json().exclusiveWriteAccess).toBe(false);
  });

  it('lets an administrator force at once, and an expired lock is free for anyone', async () => {
    const admin = await t.call('POST', '/api/v1/concurrency/force-set-exclusive-write-access', {
      cookie: adminCookie,
      body: ref(),
    });
    expect(admin.json()).toMatchObject({ exclusiveWriteAccess: true, holderFirstName: 'Sara' });
    await t.db.db.update(entityLocks).set({ activeUntil: new Date(Date.now() - 1000) });
    const free = await t.call('POST', '/api/v1/concurrency/try-set-exclusive-write-access', {
      cookie: issuerCookie,
      body: ref(),
    });
    expect(free.json().exclusiveWriteAccess).toBe(true);
    expect(new Date(free.json().activeUntilUtc).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it('validates entity references', async () => {
    const bad = await t.call('POST', '/api/v1/concurrency/entity-status', {
      cookie: issuerCookie,
      body: { entityType: 'Planet', entityId: jobId },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.entityType');
  });
});
