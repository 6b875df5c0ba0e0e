/**
 * Merging linked accounts on both databases: accounts sharing an email are found, the preview lists what moves,
 * the merge moves it in one transaction (audited, audit rows kept, sessions ended, source deactivated), never
 * grants more than the caller may, refuses other tenants' users (404), cross-tenant merges for tenant callers,
 * and lower roles (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  buyers,
  issuerMemberships,
  issuers,
  jobArtifacts,
  jobArtifactUsers,
  sessions,
  systemAuditLog,
  userPermissions,
  userRoles,
  users,
} from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

describe.each(dbKinds())('linked accounts (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let localId: string; // demo "client": local account, Member of Northbridge
  let ssoId: string; // the same person through single sign-on
  let northbridgeId: string;
  let meridianId: string;
  let ownedJobId: string;
  let assignedJobId: string;
  const db = () => t.db.db;
  const preview = (cookie: string, sourceUserId: string, targetUserId: string) =>
    t.call('POST', '/api/v1/linked-accounts/preview', { cookie, body: { sourceUserId, targetUserId } });
  const merge = (cookie: string, sourceUserId: string, targetUserId: string) =>
    t.call('POST', '/api/v1/linked-accounts/merge', { cookie, body: { sourceUserId, targetUserId } });
  const account = async (
    username: string,
    email: string,
    issuerId: string,
    role: 'Manager' | 'Member',
    roles: string[],
  ) => {
    const [u] = await db()
      .insert(users)
      .values({
        idProviderName: 'oidc',
        idpId: `sub-${username}`,
        username,
        email,
        emailVerified: true, // verified by the identity provider
        displayName: username,
        approved: true,
      })
      .returning();
    await db().insert(issuerMemberships).values({ issuerId, userId: u!.id, role });
    if (roles.length)
      await db()
        .insert(userRoles)
        .values(roles.map((r) => ({ userId: u!.id, role: r })));
    return u!.id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    const [nb] = await db().select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [me] = await db().select().from(issuers).where(eq(issuers.issuerKey, 'meridian'));
    northbridgeId = nb!.id;
    meridianId = me!.id;
    localId = (await db().select().from(users).where(eq(users.username, 'client')))[0]!.id;
    ssoId = await account('carl.bennett@sso', 'CLIENT@northbridge.example', northbridgeId, 'Manager', ['readOnly']);
    await db().insert(userPermissions).values({ userId: ssoId, permission: 'Chatbot_VIEW' });
    const [b] = await db().select().from(buyers).where(eq(buyers.issuerId, northbridgeId));
    const [owned] = await db()
      .insert(jobArtifacts)
      .values({ name: 'Owned by SSO', type: 'base', ownerId: ssoId, issuerId: northbridgeId, buyerId: b!.id })
      .returning();
    const [assigned] = await db()
      .insert(jobArtifacts)
      .values({ name: 'Assigned to SSO', type: 'base', ownerId: localId, issuerId: northbridgeId, buyerId: b!.id })
      .returning();
    ownedJobId = owned!.id;
    assignedJobId = assigned!.id;
    await db()
      .insert(jobArtifactUsers)
      .values({ jobArtifactId: assignedJobId, userId: ssoId, connectionType: 'DirectAssignment' });
    await db()
      .insert(sessions)
      .values({ id: 'sso-session-hash', userId: ssoId, expiresAt: new Date(Date.now() + 3_600_000), method: 'oidc' });
    await db()
      .insert(systemAuditLog)
      .values({ action: 'auth.sign-in', userId: ssoId, username: 'carl.bennett@sso', outcome: 'success' });
  }, 120_000);
  afterAll(async () => t?.close());

  it('finds accounts sharing an email across identity providers', async () => {
    const res = await t.call('GET', '/api/v1/linked-accounts', { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().find((g: { email: string }) => g.email === 'client@northbridge.example');
    expect(
      group.accounts.map((a: { username: string; idProviderName: string }) => [a.username, a.idProviderName]).sort(),
    ).toEqual([
      ['carl.bennett@sso', 'oidc'],
      ['client', expect.any(String)],
    ]);
    expect((await t.call('GET', '/api/v1/linked-accounts?q=nobody-here', { cookie: admin })).json()).toEqual([]);
  });

  it('previews what moves and what blocks', async () => {
    const res = await preview(admin, ssoId, localId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rolesAdded: ['readOnly'],
      permissionsAdded: ['Chatbot_VIEW'],
      membershipsAdded: [],
      membershipsRaised: [{ issuerId: northbridgeId, role: 'Manager' }],
      jobsOwned: [{ id: ownedJobId, name: 'Owned by SSO' }],
      jobAssignments: [{ id: assignedJobId, connectionType: 'DirectAssignment' }],
      sessionsEnded: 1,
      auditRowsKept: 1,
      internalAfter: false,
      blockers: [],
    });
    const self = (
      await preview(admin, ssoId, (await db().select().from(users).where(eq(users.username, 'sysAdmin')))[0]!.id)
    ).json();
    expect(self.blockers).toEqual(
      expect.arrayContaining([
        'The two accounts do not share an email address',
        'You cannot merge your own account; ask another administrator',
      ]),
    );
    expect((await preview(admin, ssoId, ssoId)).statusCode).toBe(400);
  });

  it('never grants a role the caller cannot grant', async () => {
    await db().insert(userRoles).values({ userId: ssoId, role: 'campaignManager' });
    try {
      const p = (await preview(admin, ssoId, localId)).json();
      expect(p.blockers.join(' ')).toMatch(/cannot grant the role campaignManager/);
      const m = await merge(admin, ssoId, localId);
      expect(m.statusCode).toBe(409);
      expect(
        (await db().select().from(userRoles).where(eq(userRoles.userId, localId))).map((r) => r.role),
      ).not.toContain('campaignManager');
      const [denied] = await db()
        .select()
        .from(systemAuditLog)
        .where(and(eq(systemAuditLog.action, 'user.merge'), eq(systemAuditLog.outcome, 'denied')));
      expect(denied).toBeTruthy();
    } finally {
      await db()
        .delete(userRoles)
        .where(and(eq(userRoles.userId, ssoId), eq(userRoles.role, 'campaignManager')));
    }
  });

  it('refuses lower roles, other tenants’ users (404) and cross-tenant merges for a tenant caller', async () => {
    expect((await t.call('GET', '/api/v1/linked-accounts', { cookie: await t.login('client') })).statusCode).toBe(403);
    const jm = await t.login('ptcoJobManager');
    expect((await merge(jm, ssoId, localId)).statusCode).toBe(403);
    // a tenant administrator: Manager of Northbridge with the merge permissions as extras
    const issuerUser = (await db().select().from(users).where(eq(users.username, 'issuer')))[0]!.id;
    await db()
      .insert(userPermissions)
      .values(['MergeLinkedAccounts_VIEW', 'User_CRUD'].map((permission) => ({ userId: issuerUser, permission })));
    invalidateAllSessions();
    const tenant = await t.login('issuer');
    const meridianTwin = await account('priya@sso', 'issuerplus@meridian.example', meridianId, 'Member', []);
    const priya = (await db().select().from(users).where(eq(users.username, 'issuerPlus')))[0]!.id;
    expect((await preview(tenant, meridianTwin, priya)).statusCode).toBe(404);
    expect((await merge(tenant, meridianTwin, priya)).statusCode).toBe(404);
    const groups = (await t.call('GET', '/api/v1/linked-accounts', { cookie: tenant })).json();
    expect(groups.map((g: { email: string }) => g.email)).not.toContain('issuerplus@meridian.example');
    // an account in Northbridge and Meridian merged into a Northbridge-only one: across tenants
    const both = await account('carl.two@sso', 'client@northbridge.example', northbridgeId, 'Member', []);
    await db().insert(issuerMemberships).values({ issuerId: meridianId, userId: both, role: 'Member' });
    const cross = (await preview(tenant, both, localId)).json();
    expect(cross.blockers.join(' ')).toMatch(/different issuers; only internal staff/);
    const refused = await merge(tenant, both, localId);
    expect(refused.statusCode).toBe(409);
    await db().delete(users).where(eq(users.id, both));
  });

  it('merges in one transaction: everything moves, sessions end, source deactivated, audit kept and written', async () => {
    const res = await merge(admin, ssoId, localId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preview).toMatchObject({ sessionsEnded: 1, rolesAdded: ['readOnly'] });
    const roles = (await db().select().from(userRoles).where(eq(userRoles.userId, localId))).map((r) => r.role);
    expect(roles).toContain('readOnly');
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, ssoId))).toHaveLength(0);
    expect(
      (await db().select().from(userPermissions).where(eq(userPermissions.userId, localId))).map((p) => p.permission),
    ).toContain('Chatbot_VIEW');
    const [m] = await db()
      .select()
      .from(issuerMemberships)
      .where(and(eq(issuerMemberships.userId, localId), eq(issuerMemberships.issuerId, northbridgeId)));
    expect(m!.role).toBe('Manager');
    expect((await db().select().from(jobArtifacts).where(eq(jobArtifacts.id, ownedJobId)))[0]!.ownerId).toBe(localId);
    const assigned = await db()
      .select()
      .from(jobArtifactUsers)
      .where(eq(jobArtifactUsers.jobArtifactId, assignedJobId));
    expect(assigned.map((a) => a.userId)).toEqual([localId]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, ssoId))).toHaveLength(0);
    const [source] = await db().select().from(users).where(eq(users.id, ssoId));
    expect(source!.isDeactivated).toBe(true);
    const kept = await db().select().from(systemAuditLog).where(eq(systemAuditLog.userId, ssoId));
    expect(kept.length).toBe(1);
    const [audit] = await db()
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'user.merge'), eq(systemAuditLog.outcome, 'success')));
    expect(audit).toMatchObject({ username: 'sysAdmin', targetId: localId });
    expect(audit!.details).toMatchObject({
      sourceUserId: ssoId,
      before: { source: { username: 'carl.bennett@sso' }, target: { username: 'client' } },
      after: { sourceDeactivated: true },
      sessionsEnded: 1,
    });
    // the kept account signs in with its new rights; merging again finds nothing to move
    const client = await t.login('client');
    const me = (await t.call('GET', '/api/v1/auth/me', { cookie: client })).json();
    expect(JSON.stringify(me)).toContain('readOnly');
    const again = await merge(admin, ssoId, localId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already merged/);
  });
});
