/**
 * Deleting a user (User_Delete): personal data erased, audit records kept under a pseudonym, and the refusals —
 * a role without the permission, yourself, a user of another tenant or outside the caller's scope, a user with more
 * rights than the caller. On PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import {
  issuerMemberships,
  sessions,
  signInTokens,
  systemAuditLog,
  userPermissions,
  userRoles,
  users,
} from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { sha256 } from '../../lib/crypto.ts';

describe.each(dbKinds())('deleting a user (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const del = (id: string, cookie: string) => t.call('DELETE', `/api/v1/users/${id}`, { cookie });
  const preview = (id: string, cookie: string) => t.call('GET', `/api/v1/users/${id}/deletion-preview`, { cookie });
  const row = async (id: string) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    admin = await t.login('sysAdmin');
    // The issuer manager of Northbridge may delete users (an extra permission, as a tenant administrator would have).
    await t.db.db.insert(userPermissions).values({ userId: ids.issuer!, permission: 'User_Delete' });
    invalidateUser(ids.issuer!);
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses roles without User_Delete, on the preview and the deletion', async () => {
    for (const username of ['client', 'campaignManager', 'ptcoJobManager']) {
      const cookie = await t.login(username);
      expect((await del(ids.accountManager!, cookie)).statusCode).toBe(403);
      expect((await preview(ids.accountManager!, cookie)).statusCode).toBe(403);
    }
    expect((await row(ids.accountManager!)).email).not.toBeNull();
  });

  it('refuses deleting yourself', async () => {
    const res = await del(ids.sysAdmin!, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/cannot delete your own account/);
    expect((await row(ids.sysAdmin!)).displayName).toBe('Sara Admin');
  });

  it('refuses users with more rights than the caller', async () => {
    const res = await del(ids.developer!, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /cannot delete developer: they hold permissions you do not \(AppTimestamp_UPDATE/,
    );
    expect((await preview(ids.developer!, admin)).statusCode).toBe(403);
    // A tenant manager: the campaign manager of the same issuer holds campaign grants the issuer role does not.
    const manager = await t.login('issuer');
    const cm = await del(ids.campaignManager!, manager);
    expect(cm.statusCode).toBe(403);
    expect(cm.json().message).toMatch(/Campaign_/);
    expect((await row(ids.campaignManager!)).email).not.toBeNull();
  });

  it('answers 404 for users of another tenant, internal staff and unknown ids (the tenant manager)', async () => {
    const manager = await t.login('issuer');
    for (const target of [
      ids.issuerPlus!,
      ids.accountManager!,
      ids.sysAdmin!,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await del(target, manager)).statusCode).toBe(404);
      expect((await preview(target, manager)).statusCode).toBe(404);
    }
    expect((await row(ids.issuerPlus!)).email).not.toBeNull();
  });

  it('names what goes, then erases the personal data and keeps the audit records pseudonymised', async () => {
    const manager = await t.login('issuer');
    const victim = ids.client!;
    const before = await row(victim);
    const clientCookie = await t.login('client'); // a live session and an audited sign-in
    await t.db.db.insert(signInTokens).values({
      tokenHash: sha256('delete-test-token'),
      purpose: 'magic-link',
      userId: victim,
      email: before.email!,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const p = await preview(victim, manager);
    expect(p.statusCode, p.body).toBe(200);
    const shown = p.json();
    const short = sha256(`deleted-user:${victim}`).slice(0, 8);
    expect(shown).toMatchObject({
      username: 'client',
      displayName: before.displayName,
      email: before.email,
      pseudonym: `deleted user #${short}`,
      issuerMemberships: 1,
      signInLinks: 1,
    });
    expect(shown.sessions).toBeGreaterThanOrEqual(1);
    expect(shown.roles).toBeGreaterThan(1);
    expect(shown.auditRecords).toBeGreaterThanOrEqual(1);

    const res = await del(victim, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(`deleted user #${short}`);

    const after = await row(victim);
    expect(after).toMatchObject({
      email: null,
      givenName: null,
      surname: null,
      passwordHash: null,
      displayName: `deleted user #${short}`,
      username: `deleted-${short}`,
      idProviderName: 'deleted',
      isDeactivated: true,
      approved: false,
      brandingId: null,
    });
    expect(await t.db.db.select().from(sessions).where(eq(sessions.userId, victim))).toEqual([]);
    expect(await t.db.db.select().from(signInTokens).where(eq(signInTokens.userId, victim))).toEqual([]);
    expect(await t.db.db.select().from(userRoles).where(eq(userRoles.userId, victim))).toEqual([]);
    expect(await t.db.db.select().from(issuerMemberships).where(eq(issuerMemberships.userId, victim))).toEqual([]);
    // The old session is gone, the old password no longer signs in.
    expect((await t.call('GET', '/api/v1/users/user-permissions', { cookie: clientCookie })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/v1/auth/login', { body: { username: 'client', password: 'demo' } })).statusCode,
    ).toBe(401);
    // Audit records: kept, with no trace of the name, username or email.
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(or(eq(systemAuditLog.userId, victim), eq(systemAuditLog.targetId, victim)));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(before.email!);
    expect(text).not.toContain(before.displayName);
    expect(audit.filter((a) => a.userId === victim).every((a) => a.username === `deleted user #${short}`)).toBe(true);
    const deletion = audit.find((a) => a.action === 'user.delete')!;
    expect(deletion.username).toBe('issuer');
    expect(deletion.details).toMatchObject({ pseudonym: `deleted user #${short}` });

    // Deleted once: a second deletion finds nobody.
    expect((await del(victim, manager)).statusCode).toBe(404);
  });

  it('lets an internal administrator delete a user of any tenant', async () => {
    const res = await del(ids.accountManager!, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(ids.accountManager!)).email).toBeNull();
  });
});
