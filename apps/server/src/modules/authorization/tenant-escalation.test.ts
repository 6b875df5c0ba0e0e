/**
 * Attack tests for the trust model (DESIGN §6), each performed over HTTP:
 *
 * 1. A tenant manager with user and issuer rights creates a user, grants it their roles and removes its last
 *    membership: the user must see nothing tenant-scoped (it used to administer every issuer).
 * 2. A tenant manager deletes their own (empty) issuer: the cascade removes their membership, which must not turn
 *    them into internal staff.
 * 3. A tenant user holding Buyers_ViewAll sees only their own issuers' buyers.
 * 4. A sysAdmin who can switch roles cannot switch to developer, nor then grant developer to themselves; a switch
 *    stored before the fix is cut back when the session loads.
 * 5. A grant of an extra permission beyond the granter's own roles is refused (also when the granter holds it as
 *    an extra permission).
 * 6. ProQ quick views, the DevOps lists, brandings and active users of another tenant stay invisible.
 *
 * The preconditions (a tenant manager holding sysAdmin rights, a signed-in password for the created user — in real
 * life the attacker reads the invitation link from a mailbox they own) are written to the database directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import {
  brandings,
  buyers,
  issuerMemberships,
  issuers,
  jobArtifacts,
  sessions,
  systemAuditLog,
  userPermissions,
  userRoles,
  users,
} from '@sextant/db';
import { ACCESSOR_ROLES } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/crypto.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

describe.each(dbKinds())('tenant escalation attacks (%s)', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  let meridianJob: string;
  let northbridgeJob: string;
  let passwordHash: string;

  /** A local user with a password, the given roles and (optionally) a membership. */
  async function addUser(
    username: string,
    roles: string[],
    membership?: { issuer: string; role: 'Manager' | 'Member' },
  ): Promise<string> {
    const [u] = await t.db.db
      .insert(users)
      .values({
        idpId: username,
        idProviderName: 'local',
        username,
        email: `${username}@northbridge.example`,
        displayName: username,
        passwordHash,
        approved: true,
        agreedTermsVersion: '2025-01',
        agreedPrivacyVersion: '2025-01',
      })
      .returning();
    await t.db.db.insert(userRoles).values(roles.map((role) => ({ userId: u!.id, role })));
    if (membership)
      await t.db.db
        .insert(issuerMemberships)
        .values({ issuerId: issuerIds[membership.issuer]!, userId: u!.id, role: membership.role });
    ids[username] = u!.id;
    return u!.id;
  }

  const json = async (method: string, url: string, cookie: string, body?: unknown) => {
    const res = await t.call(method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    return { status: res.statusCode, body: res.body ? (res.json() as unknown) : undefined };
  };
  const issuerNames = async (cookie: string) => {
    const r = await json('POST', '/api/v1/issuers/get', cookie, {});
    return r.status === 200 ? (r.body as { collection: { name: string }[] }).collection.map((i) => i.name).sort() : r;
  };
  const buyerIssuers = async (cookie: string) => {
    const r = await json('POST', '/api/v1/buyers/get', cookie, { take: 100 });
    return r.status === 200
      ? [...new Set((r.body as { collection: { issuerName: string }[] }).collection.map((b) => b.issuerName))].sort()
      : r;
  };
  const userNames = async (cookie: string) => {
    const r = await json('GET', '/api/v1/users', cookie);
    return r.status === 200 ? (r.body as { username: string }[]).map((u) => u.username) : r;
  };
  const brandingKeys = async (cookie: string) => {
    const r = await json('GET', '/api/v2/brandings/all', cookie);
    return r.status === 200 ? (r.body as { brandingKey: string }[]).map((b) => b.brandingKey).sort() : r;
  };
  const jobNames = async (cookie: string) => {
    const r = await json('POST', '/api/v1/authorization/auth-mapped-job-artifacts', cookie, {});
    return r.status === 200 ? (r.body as { collection: { name: string }[] }).collection.map((j) => j.name).sort() : r;
  };
  const permissionsOfMe = async (cookie: string) =>
    ((await json('GET', '/api/v1/auth/me', cookie)).body as { permissions: string[] }).permissions;
  const rolesOf = async (userId: string) =>
    (await t.db.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    passwordHash = await hashPassword('demo');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    const [nj, mj] = await t.db.db
      .insert(jobArtifacts)
      .values([
        { name: 'Northbridge job', type: 'base', ownerId: ids.ptcoJobManager!, issuerId: issuerIds.northbridge! },
        { name: 'Meridian job', type: 'base', ownerId: ids.ptcoJobManager!, issuerId: issuerIds.meridian! },
      ])
      .returning();
    northbridgeJob = nj!.id;
    meridianJob = mj!.id;
    // The attacker: Northbridge's own administrator, holding the system-administration rights for their tenant.
    await addUser('nbAdmin', ['sysAdmin', ...ACCESSOR_ROLES], { issuer: 'northbridge', role: 'Manager' });
  }, 120_000);
  afterAll(async () => t?.close());

  it('attack 1: create a user, grant it one’s roles, remove its last membership — it sees nothing', async () => {
    const nb = await t.login('nbAdmin');
    // Within scope: the tenant manager sees only Northbridge.
    expect(await issuerNames(nb)).toEqual(['Northbridge Bank']);
    const created = await json('POST', '/api/v1/users', nb, {
      username: 'minion',
      email: 'minion@northbridge.example',
      issuerId: issuerIds.northbridge,
      issuerRole: 'Manager',
    });
    expect(created.status).toBe(200);
    const minion = (created.body as { id: string }).id;
    ids.minion = minion;
    // sysAdmin carries platform-only permissions: refused to a tenant user (platform-only attacks below); the roles
    // are given as they could have been before that rule, and the orphan must still see nothing.
    const granted = await json('POST', `/api/v1/authorization/${minion}/user-roles`, nb, {
      roles: ['sysAdmin', ...ACCESSOR_ROLES],
    });
    // the tenant manager's own session holds no platform-only permission either: refused as beyond their own roles
    expect(granted.status).toBe(403);
    await t.db.db.insert(userRoles).values(['sysAdmin', ...ACCESSOR_ROLES].map((role) => ({ userId: minion, role })));
    invalidateAllSessions();
    const removed = await json('DELETE', `/api/v1/issuers/${issuerIds.northbridge}/members/${minion}`, nb);
    expect(removed.status).toBe(200);
    await t.db.db.update(users).set({ passwordHash }).where(eq(users.id, minion));

    const m = await t.login('minion');
    expect(await issuerNames(m)).toEqual([]);
    expect(await buyerIssuers(m)).toEqual([]);
    expect(await userNames(m)).toEqual([]);
    expect(await jobNames(m)).toEqual([]);
    expect((await json('GET', `/api/v1/issuers/${issuerIds.meridian}`, m)).status).toBe(404);
    expect((await json('PUT', '/api/v1/issuers', m, { id: issuerIds.meridian, name: 'Pwned Trust' })).status).toBe(404);
    expect((await json('GET', `/api/v1/users/${ids.issuerPlus}`, m)).status).toBe(404);
    expect((await json('POST', '/api/v1/analytics/reports/get', m, {})).status).toBe(403);
    const [meridian] = await t.db.db.select().from(issuers).where(eq(issuers.id, issuerIds.meridian!));
    expect(meridian!.name).toBe('Meridian Trust');
    // And the attacker can no longer reach the orphan either (it left their tenant).
    expect((await json('GET', `/api/v1/users/${minion}`, nb)).status).toBe(404);
  });

  it('attack 2: deleting one’s own issuer never widens one’s scope', async () => {
    const [shell] = await t.db.db
      .insert(issuers)
      .values({
        issuerKey: 'shell',
        name: 'Shell Bank',
        scheme: 'Visa',
        language: 'en',
        brandingId: (await t.db.db.select().from(brandings))[0]!.brandingId,
        analysisDataDownloadProfileId: 'p1',
        matchedDataOnlyDownloadProfileId: 'p2',
        onboardingDataDownloadProfileId: 'p3',
      })
      .returning();
    issuerIds.shell = shell!.id;
    await addUser('shellAdmin', ['sysAdmin', ...ACCESSOR_ROLES], { issuer: 'shell', role: 'Manager' });
    const s = await t.login('shellAdmin');
    expect(await issuerNames(s)).toEqual(['Shell Bank']);
    expect((await json('DELETE', `/api/v1/issuers/${shell!.id}`, s)).status).toBe(200);
    expect(await issuerNames(s)).toEqual([]);
    expect(await buyerIssuers(s)).toEqual([]);
    expect(await userNames(s)).toEqual([]);
    expect(await jobNames(s)).toEqual([]);
    expect(await brandingKeys(s)).toEqual([]);
    expect((await json('GET', `/api/v1/issuers/${issuerIds.northbridge}/full`, s)).status).toBe(404);
  });

  it('attack 3: Buyers_ViewAll with a membership sees only its own issuers’ buyers', async () => {
    const nb = await t.login('nbAdmin');
    expect(await permissionsOfMe(nb)).toContain('Buyers_ViewAll');
    expect(await buyerIssuers(nb)).toEqual(['Northbridge Bank']);
    const [rheinwerk] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, issuerIds.meridian!));
    expect((await json('GET', `/api/v1/buyers/${rheinwerk!.id}`, nb)).status).toBe(404);
    expect((await json('PUT', `/api/v1/buyers/${rheinwerk!.id}`, nb, { name: 'Pwned GmbH' })).status).toBe(404);
    expect((await json('GET', `/api/v1/buyers/by-issuer/${issuerIds.meridian}`, nb)).status).toBe(404);
    expect(
      (await json('POST', '/api/v1/buyers', nb, { issuerId: issuerIds.meridian, name: 'Planted Ltd' })).status,
    ).toBe(404);
    // Internal staff holding Buyers_ViewAll still sees every issuer's buyers.
    expect(await buyerIssuers(await t.login('ptcoJobManager'))).toEqual([
      'Meridian Trust',
      'Northbridge Bank',
      'Pacific Commerce Bank',
    ]);
  });

  it('attack 4: switching to developer, then granting developer to oneself, is refused', async () => {
    const admin = await t.login('sysAdmin');
    const sw = await json('POST', '/api/v1/auth/switch-roles', admin, { roles: ['developer'] });
    expect(sw.status).toBe(403);
    expect(await permissionsOfMe(admin)).not.toContain('DevArea_CRUD');
    const self = await json('POST', `/api/v1/authorization/${ids.sysAdmin}/user-roles`, admin, {
      roles: ['sysAdmin', 'developer', ...ACCESSOR_ROLES],
    });
    expect(self.status).toBe(403);
    expect(await rolesOf(ids.sysAdmin!)).not.toContain('developer');
    const denied = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'auth.roles.switch'), eq(systemAuditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
    // Narrowing still works, and the switchable roles offered are the narrowing ones.
    expect((await json('POST', '/api/v1/auth/switch-roles', admin, { roles: ['issuer'] })).status).toBe(200);
    expect(await permissionsOfMe(admin)).not.toContain('User_CRUD');
    expect((await json('DELETE', '/api/v1/auth/switch-roles', admin)).status).toBe(200);
    const offered = (await json('GET', '/api/v1/auth/switchable-roles', admin)).body as { role: string }[];
    expect(offered.map((r) => r.role)).toEqual(expect.arrayContaining(['issuer', 'ptcoJobManager', 'sysAdmin']));
    expect(offered.map((r) => r.role)).not.toContain('developer');
    expect(offered.map((r) => r.role)).not.toContain('tester');
  });

  it('attack 4b: a switch to developer stored before the fix is cut back when the session loads', async () => {
    const admin = await t.login('tester');
    const token = admin.replace('sextant_session=', '');
    await t.db.db
      .update(sessions)
      .set({ activeRoles: ['developer'] })
      .where(eq(sessions.id, sha256(token)));
    const perms = await permissionsOfMe(admin);
    expect(perms).not.toContain('DevArea_CRUD');
    const grant = await json('POST', `/api/v1/authorization/${ids.tester}/user-roles`, admin, {
      roles: ['tester', 'developer', ...ACCESSOR_ROLES],
    });
    expect(grant.status).toBe(403);
    expect(await rolesOf(ids.tester!)).not.toContain('developer');
  });

  it('attack 5: extra permissions beyond one’s own roles cannot be granted', async () => {
    const admin = await t.login('sysAdmin');
    const url = (id: string) => `/api/v1/users/${id}/extra-permissions`;
    // Directly, to someone else and to oneself.
    expect((await json('PUT', url(ids.ptcoJobManager!), admin, { permissions: ['DevArea_CRUD'] })).status).toBe(403);
    expect((await json('PUT', url(ids.sysAdmin!), admin, { permissions: ['DevArea_CRUD'] })).status).toBe(403);
    // Through a role switch (refused at the switch; the grant is checked against the own roles anyway).
    await json('POST', '/api/v1/auth/switch-roles', admin, { roles: ['developer'] });
    expect((await json('PUT', url(ids.sysAdmin!), admin, { permissions: ['DevArea_CRUD'] })).status).toBe(403);
    await json('DELETE', '/api/v1/auth/switch-roles', admin);
    // Passing on an extra permission one holds only as an extra (not in one's own roles).
    const dev = await t.login('developer');
    expect((await json('PUT', url(ids.sysAdmin!), dev, { permissions: ['BackgroundService_TOGGLE'] })).status).toBe(
      200,
    );
    const relay = await json('PUT', url(ids.ptcoJobManager!), admin, { permissions: ['BackgroundService_TOGGLE'] });
    expect(relay.status).toBe(403);
    const extras = await t.db.db.select().from(userPermissions).where(eq(userPermissions.userId, ids.ptcoJobManager!));
    expect(extras.map((e) => e.permission)).toEqual([]);
    const offered = (await json('GET', url(ids.ptcoJobManager!), admin)).body as { grantable: string[] };
    expect(offered.grantable).toContain('User_CRUD');
    expect(offered.grantable).not.toContain('BackgroundService_TOGGLE');
    expect(offered.grantable).not.toContain('DevArea_CRUD');
  });

  it('attack 6: ProQ quick views, DevOps lists, brandings and active users of another tenant stay hidden', async () => {
    const proq = t.app.ctx.proq;
    const later = new Date(Date.now() + 3_600_000);
    const mine = await proq.enqueue(t.db.db, { commandType: 'proq.noop', jobId: northbridgeJob, scheduledTime: later });
    const theirs = await proq.enqueue(t.db.db, { commandType: 'proq.noop', jobId: meridianJob, scheduledTime: later });
    const system = await proq.enqueue(t.db.db, { commandType: 'proq.noop', scheduledTime: later });
    const nb = await t.login('nbAdmin');
    const quick = (await json('GET', '/api/v1/proq/proq-commands-info', nb)).body as { id: number }[];
    expect(quick.map((c) => c.id).sort()).toEqual([mine.id]);
    expect((await json('GET', `/api/v1/proq/queued-commands-quick-view/${meridianJob}`, nb)).body).toEqual([]);
    expect((await json('GET', '/api/v1/proq/proq-status-details', nb)).body).toMatchObject({ queuedCommandCount: 1 });
    const list = (await json('POST', '/api/v1/proq/queued-commands', nb, {})).body as {
      collection: { id: number }[];
    };
    expect(list.collection.map((c) => c.id)).toEqual([mine.id]);
    expect((await json('GET', `/api/v1/proq/commands/${theirs.id}`, nb)).status).toBe(404);
    expect((await json('GET', `/api/v1/proq/commands/${system.id}`, nb)).status).toBe(404);
    expect((await json('POST', `/api/v1/proq/commands/${theirs.id}/cancel`, nb, {})).status).toBe(404);
    expect((await json('GET', `/api/v1/proq/jobs/${meridianJob}/commands`, nb)).body).toEqual([]);
    expect((await json('POST', `/api/v1/proq/${meridianJob}/check-queued-commands`, nb)).body).toBe(false);
    // Pausing the queue stops every tenant's work: refused to a tenant user even with the developer role.
    await addUser('nbDev', ['developer'], { issuer: 'northbridge', role: 'Member' });
    const nbDev = await t.login('nbDev');
    expect((await json('POST', '/api/v1/proq/background-service?running=false', nbDev)).status).toBe(403);
    expect((await json('GET', '/api/v1/proq/background-service', nbDev)).body).toMatchObject({ paused: false });
    // Internal staff sees all three.
    const all = (await json('GET', '/api/v1/proq/proq-commands-info', await t.login('sysAdmin'))).body as {
      id: number;
    }[];
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([mine.id, theirs.id, system.id]));

    // Brandings: a tenant sees its issuer's branding (Northbridge → Lloyds) only; staff sees every one.
    expect(await brandingKeys(await t.login('issuer'))).toEqual(['lloyds']);
    expect(await brandingKeys(nb)).toEqual(['lloyds']);
    expect((await brandingKeys(await t.login('sysAdmin'))) as string[]).toHaveLength(6);
    const [hsbc] = await t.db.db.select().from(brandings).where(eq(brandings.brandingKey, 'hsbc'));
    const client = ids.client!;
    expect(
      (await json('PATCH', '/api/v1/users/user-set-branding', nb, { id: client, brandingId: hsbc!.brandingId })).status,
    ).toBe(404);

    // Active users: someone working on the Meridian job is invisible to Northbridge and to the orphaned minion.
    const ptco = await t.login('ptcoJobManager');
    const beat = await json('POST', '/api/v1/concurrency/try-set-entity-active-user', ptco, {
      entityType: 'JobArtifact',
      entityId: meridianJob,
      userId: ids.ptcoJobManager,
    });
    expect(beat.status).toBe(200);
    const active = async (cookie: string) =>
      ((await json('GET', '/api/v1/concurrency/active-users', cookie)).body as { entityName: string }[]).map(
        (a) => a.entityName,
      );
    expect(await active(await t.login('sysAdmin'))).toContain('Meridian job');
    expect(await active(nb)).toEqual([]);
    expect(await active(await t.login('minion'))).toEqual([]);
  });

  it('internal staff is set only by internal administrators, and clearing it narrows at once', async () => {
    const admin = await t.login('sysAdmin');
    const nb = await t.login('nbAdmin');
    const minion = ids.minion!;
    // A tenant administrator cannot make anyone (or themselves) internal.
    expect((await json('PUT', `/api/v1/users/${minion}/internal`, nb, { isInternal: true })).status).toBe(403);
    expect((await json('PUT', `/api/v1/users/${ids.nbAdmin}/internal`, nb, { isInternal: true })).status).toBe(403);
    // Nor can internal staff without user administration in their own roles.
    const ptco = await t.login('ptcoJobManager');
    expect((await json('PUT', `/api/v1/users/${minion}/internal`, ptco, { isInternal: true })).status).toBe(403);
    // An internal administrator can; the detail shows it.
    expect((await json('PUT', `/api/v1/users/${minion}/internal`, admin, { isInternal: true })).status).toBe(200);
    const detail = (await json('GET', `/api/v1/users/${minion}`, admin)).body as {
      isInternal: boolean;
      canChangeInternal: boolean;
    };
    expect(detail).toMatchObject({ isInternal: true, canChangeInternal: true });
    const m = await t.login('minion');
    expect(await issuerNames(m)).toHaveLength(3);
    expect((await json('PUT', `/api/v1/users/${minion}/internal`, admin, { isInternal: false })).status).toBe(200);
    expect(await issuerNames(m)).toEqual([]);
    // Not on oneself.
    expect((await json('PUT', `/api/v1/users/${ids.sysAdmin}/internal`, admin, { isInternal: false })).status).toBe(
      400,
    );
    const selfView = (await json('GET', `/api/v1/users/${ids.sysAdmin}`, admin)).body as { canChangeInternal: boolean };
    expect(selfView.canChangeInternal).toBe(false);
    // Tenant managers do not administer internal staff, even members of their issuer.
    await t.db.db
      .insert(issuerMemberships)
      .values({ issuerId: issuerIds.northbridge!, userId: ids.ptcoJobManager!, role: 'Member' });
    expect((await json('GET', `/api/v1/users/${ids.ptcoJobManager}`, nb)).status).toBe(404);
    expect(await userNames(nb)).not.toContain('ptcoJobManager');
    expect((await json('PATCH', '/api/v1/users/deactivate', nb, { id: ids.ptcoJobManager })).status).toBe(404);
    // A tenant cannot create new issuers (tenants) either.
    const created = await json('POST', '/api/v1/issuers', nb, {
      name: 'Ghost Bank',
      issuerKey: 'ghost',
      scheme: 'Visa',
      language: 'en',
      sendMagicLinks: false,
      brandingId: (await t.db.db.select().from(brandings))[0]!.brandingId,
      analysisDataDownloadProfileId: 'p1',
      matchedDataOnlyDownloadProfileId: 'p2',
      onboardingDataDownloadProfileId: 'p3',
    });
    expect(created.status).toBe(403);
  });
});
