import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { issuerMemberships, issuers, systemAuditLog, userPermissions, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('issuer members API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const url = (issuer: string, user?: string) =>
    `/api/v1/issuers/${issuerIds[issuer] ?? issuer}/members${user ? `/${ids[user] ?? user}` : ''}`;
  const membership = async (issuer: string, user: string) =>
    (
      await t.db.db
        .select()
        .from(issuerMemberships)
        .where(and(eq(issuerMemberships.issuerId, issuerIds[issuer]!), eq(issuerMemberships.userId, ids[user]!)))
    )[0];
  const audits = (action: string, issuer: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, issuerIds[issuer]!)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    // The demo "issuer" user manages Northbridge; give them the issuer permissions to administer it.
    await t.db.db.insert(userPermissions).values([
      { userId: ids.issuer!, permission: 'Issuer_View' },
      { userId: ids.issuer!, permission: 'Issuer_Update' },
    ]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists the members of an issuer', async () => {
    const res = await t.call('GET', url('northbridge'), { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { username: string; memberRole: string }[]).map(
      (m) => `${m.username}:${m.memberRole}`,
    );
    expect(names).toContain('issuer:Manager');
    expect(names).toContain('client:Member');
  });

  it('adds a member, changes the role and domain flag, removes them; each change audited', async () => {
    const add = await t.call('POST', url('northbridge'), {
      cookie: admin,
      body: { userId: ids.tester, memberRole: 'Member' },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toContainEqual(
      expect.objectContaining({ username: 'tester', memberRole: 'Member', isDomainUser: false }),
    );
    expect(await membership('northbridge', 'tester')).toMatchObject({ role: 'Member', isDomainUser: false });
    const [a] = await audits('issuer.member.add', 'northbridge');
    expect(a).toMatchObject({ issuerId: issuerIds.northbridge, username: 'sysAdmin' });
    expect(a!.details).toMatchObject({ memberUsername: 'tester', memberRole: 'Member' });

    const again = await t.call('POST', url('northbridge'), {
      cookie: admin,
      body: { userId: ids.tester, memberRole: 'Member' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ path: 'body.userId' });

    const promote = await t.call('PATCH', url('northbridge', 'tester'), {
      cookie: admin,
      body: { memberRole: 'Manager', isDomainUser: true },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(await membership('northbridge', 'tester')).toMatchObject({ role: 'Manager', isDomainUser: true });
    const [u] = await audits('issuer.member.update', 'northbridge');
    expect(u!.details).toMatchObject({
      changed: { memberRole: { from: 'Member', to: 'Manager' }, isDomainUser: { from: false, to: true } },
    });

    const del = await t.call('DELETE', url('northbridge', 'tester'), { cookie: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(await membership('northbridge', 'tester')).toBeUndefined();
    expect(await audits('issuer.member.remove', 'northbridge')).toHaveLength(1);
    expect((await t.call('DELETE', url('northbridge', 'tester'), { cookie: admin })).statusCode).toBe(404);
  });

  it('validates with field-level messages', async () => {
    const empty = await t.call('POST', url('northbridge'), { cookie: admin, body: {} });
    expect(empty.statusCode).toBe(400);
    const byPath = Object.fromEntries(
      (empty.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(byPath['body.userId']).toBe('Choose a user');
    expect(byPath['body.memberRole']).toBe('Role must be Manager or Member');
    const role = await t.call('POST', url('northbridge'), {
      cookie: admin,
      body: { userId: ids.tester, memberRole: 'Owner' },
    });
    expect(role.json().errors).toContainEqual({ path: 'body.memberRole', message: 'Role must be Manager or Member' });
    const nothing = await t.call('PATCH', url('northbridge', 'client'), { cookie: admin, body: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toContainEqual({
      path: 'body.memberRole',
      message: 'Send memberRole or isDomainUser',
    });
    const badIssuer = await t.call('GET', '/api/v1/issuers/x/members', { cookie: admin });
    expect(badIssuer.json().errors).toContainEqual({ path: 'params.id', message: 'Issuer id must be an id' });
    const unknownUser = await t.call('POST', url('northbridge'), {
      cookie: admin,
      body: { userId: '00000000-0000-4000-8000-000000000000', memberRole: 'Member' },
    });
    expect(unknownUser.statusCode).toBe(404);
    await t.db.db
      .update(users)
      .set({ isDeactivated: true })
      .where(eq(users.id, ids.readOnly ?? ids.live!));
    const deactivated = await t.call('POST', url('northbridge'), {
      cookie: admin,
      body: { userId: ids.readOnly ?? ids.live, memberRole: 'Member' },
    });
    expect(deactivated.statusCode).toBe(400);
    expect(deactivated.json().errors[0]).toMatchObject({ path: 'body.userId' });
  });

  it('needs Issuer_Update to change and Issuer_View to read', async () => {
    const pjm = await t.login('ptcoJobManager');
    expect((await t.call('GET', url('northbridge'), { cookie: pjm })).statusCode).toBe(200);
    const add = await t.call('POST', url('northbridge'), {
      cookie: pjm,
      body: { userId: ids.tester, memberRole: 'Member' },
    });
    expect(add.statusCode).toBe(403);
    expect((await t.call('DELETE', url('northbridge', 'client'), { cookie: pjm })).statusCode).toBe(403);
    expect(await membership('northbridge', 'client')).toBeDefined();
  });

  it('an issuer manager manages only their own issuer (another issuer → 404) and cannot remove themselves', async () => {
    const mgr = await t.login('issuer');
    expect((await t.call('GET', url('meridian'), { cookie: mgr })).statusCode).toBe(404);
    const other = await t.call('POST', url('meridian'), {
      cookie: mgr,
      body: { userId: ids.client, memberRole: 'Member' },
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await t.call('PATCH', url('meridian', 'issuerPlus'), { cookie: mgr, body: { isDomainUser: false } })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', url('meridian', 'issuerPlus'), { cookie: mgr })).statusCode).toBe(404);
    // Own issuer: change a member, but a user outside the manager's issuers cannot be added (404).
    const own = await t.call('PATCH', url('northbridge', 'client'), { cookie: mgr, body: { isDomainUser: false } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await membership('northbridge', 'client')).toMatchObject({ isDomainUser: false });
    const outsider = await t.call('POST', url('northbridge'), {
      cookie: mgr,
      body: { userId: ids.sysAdmin, memberRole: 'Member' },
    });
    expect(outsider.statusCode).toBe(404);
    const self = await t.call('DELETE', url('northbridge', 'issuer'), { cookie: mgr });
    expect(self.statusCode).toBe(409);
    const demote = await t.call('PATCH', url('northbridge', 'issuer'), { cookie: mgr, body: { memberRole: 'Member' } });
    expect(demote.statusCode).toBe(409);
    expect(await membership('northbridge', 'issuer')).toMatchObject({ role: 'Manager' });
  });
});
