import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { systemAuditLog, userPermissions, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('user extra permissions API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const url = (username: string) => `/api/v1/users/${ids[username] ?? username}/extra-permissions`;
  const extras = async (username: string) =>
    (await t.db.db.select().from(userPermissions).where(eq(userPermissions.userId, ids[username]!)))
      .map((r) => r.permission)
      .sort();
  const audits = (targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'user.permissions.update'), eq(systemAuditLog.targetId, targetId)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('reads the extra permissions with role permissions and what the caller may grant', async () => {
    const res = await t.call('GET', url('client'), { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.permissions).toEqual([]);
    expect(body.fromRoles).toContain('AnalysisLanding_VIEW');
    expect(body.grantable).toContain('User_Update');
    expect(body.grantable).not.toContain('DevArea_CRUD');
  });

  it('replaces the extra permissions, audits the change, and the grant takes effect at once', async () => {
    const client = await t.login('client');
    expect((await t.call('POST', '/api/v1/issuers/get', { cookie: client, body: {} })).statusCode).toBe(403);
    const res = await t.call('PUT', url('client'), {
      cookie: admin,
      body: { permissions: ['Issuer_View', 'IssuerArea_VIEW'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().permissions).toEqual(['IssuerArea_VIEW', 'Issuer_View']);
    expect(await extras('client')).toEqual(['IssuerArea_VIEW', 'Issuer_View']);
    expect((await t.call('POST', '/api/v1/issuers/get', { cookie: client, body: {} })).statusCode).toBe(200);
    const perms = (await t.call('GET', '/api/v1/users/user-permissions', { cookie: client })).json() as string[];
    expect(perms).toContain('Issuer_View');
    const [audit] = await audits(ids.client!);
    expect(audit).toMatchObject({ outcome: 'success', username: 'sysAdmin' });
    expect(audit!.details).toMatchObject({ add: ['IssuerArea_VIEW', 'Issuer_View'], remove: [] });
    // Removing takes effect at once too.
    const off = await t.call('PUT', url('client'), { cookie: admin, body: { permissions: ['IssuerArea_VIEW'] } });
    expect(off.statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/issuers/get', { cookie: client, body: {} })).statusCode).toBe(403);
    expect(await extras('client')).toEqual(['IssuerArea_VIEW']);
  });

  it('refuses to grant or remove a permission the caller does not hold, audited, nothing changed', async () => {
    const res = await t.call('PUT', url('tester'), { cookie: admin, body: { permissions: ['DevArea_CRUD'] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/DevArea_CRUD/);
    expect(await extras('tester')).toEqual([]);
    const [denied] = await audits(ids.tester!);
    expect(denied).toMatchObject({ outcome: 'denied' });
    expect(denied!.details).toMatchObject({ refused: ['DevArea_CRUD'] });
    // A permission granted by someone else and not held by the caller cannot be removed either.
    await t.db.db.insert(userPermissions).values({ userId: ids.tester!, permission: 'DevArea_CRUD' });
    const remove = await t.call('PUT', url('tester'), { cookie: admin, body: { permissions: [] } });
    expect(remove.statusCode).toBe(403);
    expect(await extras('tester')).toEqual(['DevArea_CRUD']);
    // Keeping it while adding one the caller holds is fine.
    const keep = await t.call('PUT', url('tester'), {
      cookie: admin,
      body: { permissions: ['DevArea_CRUD', 'Issuer_Update'] },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(await extras('tester')).toEqual(['DevArea_CRUD', 'Issuer_Update']);
  });

  it('validates the body and the id with field-level messages', async () => {
    const unknown = await t.call('PUT', url('client'), { cookie: admin, body: { permissions: ['Nope'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual({
      path: 'body.permissions.0',
      message: '"Nope" is not a known permission',
    });
    const notList = await t.call('PUT', url('client'), { cookie: admin, body: { permissions: 'Issuer_View' } });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().errors[0]).toMatchObject({ path: 'body.permissions' });
    const badId = await t.call('PUT', '/api/v1/users/nope/extra-permissions', {
      cookie: admin,
      body: { permissions: [] },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toContainEqual({ path: 'params.id', message: 'User id must be an id' });
    const missing = await t.call('GET', url('00000000-0000-4000-8000-000000000000'), { cookie: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('needs User_Update; an issuer manager manages only their own issuer’s users (others → 404)', async () => {
    const pjm = await t.login('ptcoJobManager');
    expect((await t.call('GET', url('client'), { cookie: pjm })).statusCode).toBe(403);
    // The demo "issuer" user manages Northbridge; give them User_Update to administer its users.
    await t.db.db.insert(userPermissions).values([{ userId: ids.issuer!, permission: 'User_Update' }]);
    const mgr = await t.login('issuer');
    expect((await t.call('GET', url('client'), { cookie: mgr })).statusCode).toBe(200); // Northbridge member
    expect((await t.call('GET', url('accountManager'), { cookie: mgr })).statusCode).toBe(404); // Pacific
    expect((await t.call('GET', url('sysAdmin'), { cookie: mgr })).statusCode).toBe(404); // staff
    const put = await t.call('PUT', url('accountManager'), { cookie: mgr, body: { permissions: [] } });
    expect(put.statusCode).toBe(404);
    // The manager can grant only what their own roles hold (DESIGN §6) …
    const over = await t.call('PUT', url('client'), {
      cookie: mgr,
      body: { permissions: ['IssuerArea_VIEW', 'User_CRUD'] },
    });
    expect(over.statusCode).toBe(403);
    // … not what they hold only as an extra permission themselves,
    const relay = await t.call('PUT', url('client'), {
      cookie: mgr,
      body: { permissions: ['IssuerArea_VIEW', 'User_Update'] },
    });
    expect(relay.statusCode).toBe(403);
    expect(relay.json().message).toContain('User_Update');
    const ok = await t.call('PUT', url('client'), {
      cookie: mgr,
      body: { permissions: ['IssuerArea_VIEW', 'BuyerCreate'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
