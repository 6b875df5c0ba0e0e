import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { buyers, issuers, jobArtifacts, jobArtifactUsers, systemAuditLog, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('job artifacts API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let jm: string;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const jobs: Record<string, string> = {};
  const missing = '00000000-0000-4000-8000-000000000000';
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));
  const assign = (cookie: string, body: object) =>
    t.call('PUT', '/api/v1/job-artifacts/update-job-artifact-user-assignment', { cookie, body });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    jm = await t.login('ptcoJobManager');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    const [albion] = await t.db.db.select().from(buyers).where(eq(buyers.name, 'Albion Foods plc'));
    const rows = await t.db.db
      .insert(jobArtifacts)
      .values([
        {
          name: 'J1 Albion',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.northbridge!,
          buyerId: albion!.id,
          createdOn: new Date('2025-01-01T00:00:00Z'),
        },
        {
          name: 'J2 Meridian',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.meridian!,
          createdOn: new Date('2025-01-02T00:00:00Z'),
        },
        { name: 'J3 Hidden', type: 'base', ownerId: ids.ptcoJobManager!, issuerId: issuerIds.pacific!, isHidden: true },
      ])
      .returning();
    for (const r of rows) jobs[r.name.split(' ')[0]!] = r.id;
    await t.db.db.insert(jobArtifactUsers).values([
      { jobArtifactId: jobs.J1!, userId: ids.ptcoJobManager!, connectionType: 'Owner' },
      { jobArtifactId: jobs.J1!, userId: ids.client!, connectionType: 'DirectAssignment' },
    ]);
    await t.db.db.update(users).set({ isDeactivated: true }).where(eq(users.username, 'campaignManager'));
  });
  afterAll(async () => t?.close());

  it('shows a job’s admin view with owner, issuer and every authorised user', async () => {
    const res = await t.call('GET', `/api/v1/job-artifacts/${jobs.J1}/admin`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: jobs.J1,
      name: 'J1 Albion',
      isPublished: false,
      owner: { id: ids.ptcoJobManager, username: 'ptcoJobManager', role: 'ptcoJobManager' },
      issuerId: issuerIds.northbridge,
      issuerName: 'Northbridge Bank',
      issuerEmailDomains: ['northbridge.example'],
      authorizedEndUsers: [
        { userId: ids.ptcoJobManager, username: 'ptcoJobManager', connectionType: 'Owner' },
        { userId: ids.client, username: 'client', connectionType: 'DirectAssignment' },
        { userId: ids.issuer, username: 'issuer', connectionType: 'IssuerManager' },
      ],
    });
    const manager = await t.login('issuer');
    expect((await t.call('GET', `/api/v1/job-artifacts/${jobs.J1}/admin`, { cookie: manager })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/job-artifacts/${jobs.J2}/admin`, { cookie: manager })).statusCode).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/job-artifacts/${jobs.J1}/admin`, { cookie: await t.login('client') })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/job-artifacts/${missing}/admin`, { cookie: admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/job-artifacts/x/admin', { cookie: admin })).statusCode).toBe(400);
  });

  it('assigns and unassigns a user directly, changing what they can see; audited', async () => {
    const before = (
      await t.call('GET', `/api/v1/job-artifacts/${ids.accountManager}/assignable-job-artifacts`, { cookie: jm })
    ).json();
    expect(before.map((j: { name: string }) => j.name)).toEqual(['J2 Meridian', 'J1 Albion']);
    expect(before[1]).toMatchObject({ buyerName: 'Albion Foods plc', createdOn: '2025-01-01T00:00:00.000Z' });
    const am = await t.login('accountManager');
    const sees = async () =>
      (await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie: am, body: {} }))
        .json()
        .collection.map((j: { name: string }) => j.name);
    expect(await sees()).toEqual([]);
    const res = await assign(jm, { jobArtifactId: jobs.J1, userId: ids.accountManager, isAssigned: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      statusCode: 200,
      message: 'accountManager is now assigned to J1 Albion',
    });
    expect(await sees()).toEqual(['J1 Albion']);
    expect(
      (await t.call('GET', `/api/v1/job-artifacts/${ids.accountManager}/assignable-job-artifacts`, { cookie: jm }))
        .json()
        .map((j: { name: string }) => j.name),
    ).toEqual(['J2 Meridian']);
    expect(
      (await assign(jm, { jobArtifactId: jobs.J1, userId: ids.accountManager, isAssigned: true })).json().message,
    ).toContain('already');
    expect(await audits('job.user.assign', jobs.J1!)).toEqual([
      expect.objectContaining({
        username: 'ptcoJobManager',
        issuerId: issuerIds.northbridge,
        details: { userId: ids.accountManager, username: 'accountManager' },
      }),
    ]);
    expect(
      (await assign(jm, { jobArtifactId: jobs.J1, userId: ids.accountManager, isAssigned: false })).statusCode,
    ).toBe(200);
    expect(await sees()).toEqual([]);
    expect(await audits('job.user.unassign', jobs.J1!)).toHaveLength(1);
  });

  it('validates assignments: fields, unknown job or user, deactivated user, permission', async () => {
    const empty = await assign(jm, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.jobArtifactId', message: 'Job artifact is required' },
        { path: 'body.userId', message: 'User is required' },
        { path: 'body.isAssigned', message: 'isAssigned is required' },
      ]),
    );
    expect((await assign(jm, { jobArtifactId: missing, userId: ids.client, isAssigned: true })).statusCode).toBe(404);
    expect((await assign(jm, { jobArtifactId: jobs.J1, userId: missing, isAssigned: true })).statusCode).toBe(404);
    const gone = await assign(jm, { jobArtifactId: jobs.J1, userId: ids.campaignManager, isAssigned: true });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().errors[0].path).toBe('body.userId');
    expect(
      (await assign(await t.login('client'), { jobArtifactId: jobs.J1, userId: ids.client, isAssigned: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/v1/job-artifacts/${missing}/assignable-job-artifacts`, { cookie: jm })).statusCode,
    ).toBe(404);
  });

  it('changes a job’s owner (JobOwner_UPDATE only), keeping the Owner connection in step; audited', async () => {
    const denied = await t.call('PATCH', `/api/v1/job-artifacts/${jobs.J2}/owner`, {
      cookie: jm,
      body: { ownerId: ids.tester },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.call('PATCH', `/api/v1/job-artifacts/${jobs.J2}/owner`, { cookie: admin, body: {} });
    expect(bad.json().errors).toEqual([{ path: 'body.ownerId', message: 'Owner is required' }]);
    expect(
      (await t.call('PATCH', `/api/v1/job-artifacts/${jobs.J2}/owner`, { cookie: admin, body: { ownerId: missing } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('PATCH', `/api/v1/job-artifacts/${missing}/owner`, {
          cookie: admin,
          body: { ownerId: ids.tester },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('PATCH', `/api/v1/job-artifacts/${jobs.J2}/owner`, {
          cookie: admin,
          body: { ownerId: ids.campaignManager },
        })
      ).statusCode,
    ).toBe(409);
    const res = await t.call('PATCH', `/api/v1/job-artifacts/${jobs.J2}/owner`, {
      cookie: admin,
      body: { ownerId: ids.tester },
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await t.call('GET', `/api/v1/job-artifacts/${jobs.J2}/admin`, { cookie: admin })).json();
    expect(view.owner).toEqual({ id: ids.tester, username: 'tester', role: 'tester' });
    expect(view.authorizedEndUsers).toContainEqual({ userId: ids.tester, username: 'tester', connectionType: 'Owner' });
    expect(view.authorizedEndUsers).not.toContainEqual(expect.objectContaining({ username: 'ptcoJobManager' }));
    expect(await audits('job.owner.update', jobs.J2!)).toEqual([
      expect.objectContaining({ username: 'sysAdmin', details: { from: ids.ptcoJobManager, to: ids.tester } }),
    ]);
  });
});
