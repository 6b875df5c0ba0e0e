import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import {
  brandings,
  emailOutbox,
  issuerMemberships,
  issuers,
  jobArtifacts,
  jobArtifactUsers,
  systemAuditLog,
  userPermissions,
  users,
} from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { setSetting } from '../system/index.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe.each(dbKinds())('users API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const brandingIds: Record<string, string> = {};
  // Written straight to the table, so the session cache is told, as the repositories do after their writes.
  const grant = async (username: string, ...perms: string[]) => {
    await t.db.db
      .insert(userPermissions)
      .values(perms.map((permission) => ({ userId: ids[username]!, permission })))
      .onConflictDoNothing();
    invalidateUser(ids[username]!);
  };
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));
  const list = async (tab: string, body: object = {}, cookie = admin) => {
    const res = await t.call('POST', `/api/v1/users/${tab}`, { cookie, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      collection: { username: string; effectiveBrandingDisplayName: string | null; isBrandingInherited: boolean }[];
      totalCount: number;
      totalPages: number;
      pageSize: number;
      currentPage: number;
      hasNextPage: boolean;
      hasPreviousPage: boolean;
    };
  };
  const usernames = (r: { collection: { username: string }[] }) => r.collection.map((u) => u.username);
  const f = (propertyName: string, itemComparisonOperator: string, itemValue: unknown) => ({
    propertyName,
    itemComparisonOperator,
    itemValue,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    for (const b of await t.db.db.select().from(brandings)) brandingIds[b.brandingKey] = b.brandingId;
    const passwordHash = await hashPassword('demo');
    const extra = [
      ...Array.from({ length: 30 }, (_, i) => ({
        username: `zz-user-${String(i + 1).padStart(2, '0')}`,
        displayName: i % 2 ? `Odd Person ${i + 1}` : `Even Person ${i + 1}`,
        approved: true,
      })),
      { username: 'waiting', displayName: 'Pending Penny', approved: false, pending: true },
      { username: 'unapproved', displayName: 'Unapproved Ursula', approved: false },
      { username: 'gone', displayName: 'Gone Gary', approved: true, isDeactivated: true },
      { username: 'no-email', displayName: 'No Email', approved: true, email: null },
    ];
    const rows = await t.db.db
      .insert(users)
      .values(
        extra.map((u) => ({
          idProviderName: 'local',
          idpId: u.username,
          email: `${u.username}@pacific.example`,
          passwordHash,
          ...u,
        })),
      )
      .returning();
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    await t.db.db
      .insert(issuerMemberships)
      .values(
        rows
          .filter((r) => r.username.startsWith('zz-user-0'))
          .map((r) => ({ issuerId: issuerIds.pacific!, userId: r.id, role: 'Member' as const })),
      );
    await t.db.db.update(users).set({ brandingId: brandingIds.lloyds }).where(eq(users.username, 'zz-user-30'));
  });
  afterAll(async () => t?.close());

  it('lists the four tabs, 25 a page, username ascending', async () => {
    const active = await list('active');
    expect(active.pageSize).toBe(25);
    expect(active.collection).toHaveLength(25);
    expect(active.totalCount).toBe(9 + 30 + 1);
    expect(active).toMatchObject({ currentPage: 1, totalPages: 2, hasNextPage: true, hasPreviousPage: false });
    const page2 = await list('active', { pageNumber: 2 });
    expect(page2.collection).toHaveLength(15);
    expect(page2.hasNextPage).toBe(false);
    const zz = [...usernames(active), ...usernames(page2)].filter((u) => u.startsWith('zz-'));
    expect(zz).toEqual([...zz].sort());
    expect(usernames(active)).not.toContain('waiting');
    expect(usernames(await list('pending'))).toEqual(['waiting']);
    expect(usernames(await list('unapproved'))).toEqual(['unapproved']);
    expect(usernames(await list('deactivated'))).toEqual(['gone']);
    const desc = await list('active', { orderBy: { propertyName: 'username', direction: 'desc' }, pageSize: 3 });
    expect(usernames(desc)).toEqual(['zz-user-30', 'zz-user-29', 'zz-user-28']);
  });

  it('filters by username, displayName, issuer and effective branding; drops empty values', async () => {
    expect(
      usernames(await list('active', { filters: { filterItems: [f('username', 'Contains', 'USER-1')] } })),
    ).toEqual([
      'zz-user-10',
      'zz-user-11',
      'zz-user-12',
      'zz-user-13',
      'zz-user-14',
      'zz-user-15',
      'zz-user-16',
      'zz-user-17',
      'zz-user-18',
      'zz-user-19',
    ]);
    const odd = await list('active', { filters: { filterItems: [f('displayName', 'Contains', 'odd person')] } });
    expect(odd.totalCount).toBe(15);
    expect(
      usernames(await list('active', { filters: { filterItems: [f('issuerId', 'Equal', issuerIds.northbridge)] } })),
    ).toEqual(['campaignManager', 'client', 'issuer']);
    const lloyds = await list('active', {
      filters: { filterItems: [f('effectiveBrandingId', 'Equal', brandingIds.lloyds)] },
    });
    expect(usernames(lloyds)).toEqual(['campaignManager', 'client', 'issuer', 'zz-user-30']);
    expect(lloyds.collection.find((u) => u.username === 'client')).toMatchObject({
      effectiveBrandingDisplayName: 'Lloyds',
      isBrandingInherited: true,
    });
    expect(lloyds.collection.find((u) => u.username === 'zz-user-30')).toMatchObject({ isBrandingInherited: false });
    const empty = await list('active', {
      filters: {
        filterItems: [
          f('username', 'Contains', ''),
          f('issuerId', 'Equal', ''),
          f('effectiveBrandingId', 'Equal', null),
        ],
      },
    });
    expect(empty.totalCount).toBe(40);
    const both = await list('active', {
      filters: { filterItems: [f('issuerId', 'Equal', issuerIds.pacific), f('username', 'StartsWith', 'zz')] },
    });
    expect(both.totalCount).toBe(9);
    const bad = await t.call('POST', '/api/v1/users/active', {
      cookie: admin,
      body: { filters: { filterItems: [f('passwordHash', 'Equal', 'x')] } },
    });
    expect(bad.statusCode).toBe(400);
    const badBranding = await t.call('POST', '/api/v1/users/active', {
      cookie: admin,
      body: { filters: { filterItems: [f('effectiveBrandingId', 'Equal', 'lloyds')] } },
    });
    expect(badBranding.statusCode).toBe(400);
    expect(badBranding.json().errors[0].path).toBe('filters.filterItems.0.itemValue');
  });

  it('shows a user with roles, issuers, branding and legal status; unknown ids 404, malformed 400', async () => {
    await setSetting(t.db.db, 'latestTermsVersion', '2025-02');
    const res = await t.call('GET', `/api/v1/users/${ids.client}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({
      username: 'client',
      avatarInitials: 'CB',
      email: { email: 'client@northbridge.example' },
      approved: true,
      eligible: true,
      isDeactivated: false,
      effectiveBrandingDisplayName: 'Lloyds',
      brandingId: null,
      inheritedBrandingId: brandingIds.lloyds,
      branding: { theme: 'lloyds', fullDomainName: 'lloyds.localhost' },
      agreedLatestTermsOfService: false,
      agreedLatestPrivacyPolicy: true,
      termsStatus: { agreedVersionId: '2025-01', latestVersionId: '2025-02' },
      issuers: [
        { issuerId: issuerIds.northbridge, issuerName: 'Northbridge Bank', userRole: 'Member', isDomainUser: true },
      ],
    });
    expect(u.roles.standard.map((r: { role: string }) => r.role)).toEqual(['client']);
    expect(u.roles.tabbedView.map((r: { role: string }) => r.role)).toContain('JobSummaryAccessor');
    expect(
      (await t.call('GET', '/api/v1/users/00000000-0000-4000-8000-000000000000', { cookie: admin })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/api/v1/users/nope', { cookie: admin })).statusCode).toBe(400);
    const summaries = (await t.call('GET', '/api/v1/users', { cookie: admin })).json();
    expect(summaries).toContainEqual({
      id: ids.client,
      username: 'client',
      displayName: 'Carl Bennett',
      email: 'client@northbridge.example',
    });

    const client = await t.login('client');
    const agree = await t.call('PATCH', '/api/v1/users/user-agree-tos-latest', { cookie: client });
    expect(agree.json()).toMatchObject({ success: true, statusCode: 200 });
    expect(
      (await t.call('GET', `/api/v1/users/${ids.client}`, { cookie: admin })).json().agreedLatestTermsOfService,
    ).toBe(true);
    expect((await t.call('PATCH', '/api/v1/users/user-agree-pp-latest', { cookie: client })).statusCode).toBe(200);
    expect(await audits('user.agree-terms', ids.client!)).toHaveLength(1);
    const perms = (await t.call('GET', '/api/v1/users/user-permissions', { cookie: client })).json();
    expect(perms).toContain('AnalysisLanding_VIEW');
    expect(perms).not.toContain('User_Update');
  });

  it('deactivation signs the user out at once; reactivation lets them back in; both audited', async () => {
    const victim = await t.login('accountManager');
    expect((await t.call('GET', '/api/v1/auth/me', { cookie: victim })).statusCode).toBe(200);
    const res = await t.call('PATCH', '/api/v1/users/deactivate', {
      cookie: admin,
      body: form({ id: ids.accountManager! }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      statusCode: 200,
      message: expect.stringContaining('signed out'),
    });
    expect((await t.call('GET', '/api/v1/auth/me', { cookie: victim })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/v1/auth/login', { body: { username: 'accountManager', password: 'demo' } }))
        .statusCode,
    ).toBe(403);
    expect(usernames(await list('deactivated'))).toContain('accountManager');
    const [audit] = await audits('user.deactivate', ids.accountManager!);
    expect(audit).toMatchObject({ username: 'sysAdmin', issuerId: issuerIds.pacific, outcome: 'success' });
    const back = await t.call('PATCH', '/api/v1/users/reactivate', {
      cookie: admin,
      body: form({ id: ids.accountManager! }),
    });
    expect(back.statusCode).toBe(200);
    expect(
      (await t.call('POST', '/api/v1/auth/login', { body: { username: 'accountManager', password: 'demo' } }))
        .statusCode,
    ).toBe(200);
    expect(await audits('user.reactivate', ids.accountManager!)).toHaveLength(1);
  });

  it('validates the form field id', async () => {
    const missing = await t.call('PATCH', '/api/v1/users/deactivate', { cookie: admin, body: form({ other: 'x' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'body.id', message: 'User id is required' }]);
    const malformed = await t.call('PATCH', '/api/v1/users/reactivate', { cookie: admin, body: form({ id: 'abc' }) });
    expect(malformed.json().errors).toEqual([{ path: 'body.id', message: 'User id must be an id' }]);
    const self = await t.call('PATCH', '/api/v1/users/deactivate', {
      cookie: admin,
      body: form({ id: ids.sysAdmin! }),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([{ path: 'body.id', message: 'You cannot deactivate yourself' }]);
    const unknown = await t.call('POST', '/api/v1/users/invite', {
      cookie: admin,
      body: form({ id: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.statusCode).toBe(404);
    const noEmail = await t.call('POST', '/api/v1/users/invite', {
      cookie: admin,
      body: form({ id: ids['no-email']! }),
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors[0].path).toBe('body.id');
    const gone = await t.call('POST', '/api/v1/users/invite', { cookie: admin, body: form({ id: ids.gone! }) });
    expect(gone.statusCode).toBe(409);
  });

  it('creates a user and invites them: the email carries a working single-use sign-in link', async () => {
    const created = await t.call('POST', '/api/v1/users', {
      cookie: admin,
      body: {
        username: 'newbie',
        email: 'Newbie@Northbridge.example',
        givenName: 'Nina',
        surname: 'Ewbie',
        issuerId: issuerIds.northbridge,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(
      (
        await t.call('POST', '/api/v1/users', { cookie: admin, body: { username: 'NEWBIE', email: 'other@x.example' } })
      ).json().errors,
    ).toEqual([{ path: 'body.username', message: expect.stringContaining('already exists') }]);
    expect(
      (
        await t.call('POST', '/api/v1/users', {
          cookie: admin,
          body: { username: 'other', email: 'newbie@northbridge.example' },
        })
      ).statusCode,
    ).toBe(409);
    const badEmail = await t.call('POST', '/api/v1/users', {
      cookie: admin,
      body: { username: 'x', email: 'not-an-email' },
    });
    expect(badEmail.json().errors).toEqual([{ path: 'body.email', message: 'Enter a valid email address' }]);

    const invite = await t.call('POST', '/api/v1/users/invite', { cookie: admin, body: form({ id }) });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json().message).toContain('newbie@northbridge.example');
    const [mail] = await t.db.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'newbie@northbridge.example'));
    expect(mail).toBeDefined();
    expect(mail!.fromAddress).toContain('no-reply@lloyds.localhost');
    const token = decodeURIComponent(/token=([^\s"<]+)/.exec(mail!.text)![1]!);
    const [audit] = await audits('user.invite', id);
    expect(JSON.stringify(audit)).not.toContain(token);
    const signIn = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === 'sextant_session')!;
    const me = await t.call('GET', '/api/v1/auth/me', { cookie: `sextant_session=${cookie.value}` });
    expect(me.json()).toMatchObject({ username: 'newbie', displayName: 'Nina Ewbie' });
    expect((await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token } })).statusCode).toBe(400);
    const detail = (await t.call('GET', `/api/v1/users/${id}`, { cookie: admin })).json();
    expect(detail).toMatchObject({
      authenticated: true,
      issuers: [{ issuerName: 'Northbridge Bank', userRole: 'Member', isDomainUser: true }],
    });
    expect(await audits('user.create', id)).toHaveLength(1);
  });

  it('sets and clears a user branding (multipart id, brandingId), refusing unknown brandings', async () => {
    const set = await t.call('PATCH', '/api/v1/users/user-set-branding', {
      cookie: admin,
      body: form({ id: ids.client!, brandingId: brandingIds.hsbc! }),
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.call('GET', `/api/v1/users/${ids.client}`, { cookie: admin })).json()).toMatchObject({
      brandingId: brandingIds.hsbc,
      effectiveBrandingDisplayName: 'HSBC',
    });
    const unknown = await t.call('PATCH', '/api/v1/users/user-set-branding', {
      cookie: admin,
      body: form({ id: ids.client!, brandingId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.call('PATCH', '/api/v1/users/user-set-branding', {
      cookie: admin,
      body: form({ id: ids.client!, brandingId: 'hsbc' }),
    });
    expect(malformed.json().errors).toEqual([{ path: 'body.brandingId', message: 'Branding id must be an id' }]);
    const cleared = await t.call('PATCH', '/api/v1/users/user-set-branding', {
      cookie: admin,
      body: form({ id: ids.client! }),
    });
    expect(cleared.statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/users/${ids.client}`, { cookie: admin })).json()).toMatchObject({
      brandingId: null,
      effectiveBrandingDisplayName: 'Lloyds',
    });
    const rows = await audits('user.branding', ids.client!);
    expect(rows.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        { from: null, to: brandingIds.hsbc },
        { from: brandingIds.hsbc, to: null },
      ]),
    );
  });

  it('enforces the declared permissions', async () => {
    const client = await t.login('client');
    const jm = await t.login('ptcoJobManager');
    expect((await t.call('POST', '/api/v1/users/active', { cookie: client, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/users/active', { cookie: jm, body: {} })).statusCode).toBe(403);
    expect(
      (await t.call('PATCH', '/api/v1/users/deactivate', { cookie: client, body: form({ id: ids.issuer! }) }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/users/${ids.issuer}`, { cookie: client })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/users/active', { body: {} })).statusCode).toBe(401);
    const owners = (await t.call('GET', '/api/v1/users/potential-job-analysis-owners', { cookie: jm }))
      .json()
      .map((u: { username: string }) => u.username);
    expect(owners).toEqual(expect.arrayContaining(['developer', 'ptcoJobManager', 'sysAdmin', 'tester']));
    expect(owners).not.toContain('client');
    expect((await t.call('GET', '/api/v1/users/potential-job-analysis-owners', { cookie: client })).statusCode).toBe(
      403,
    );
  });

  it('confines an issuer manager to the users of their own issuer', async () => {
    await grant('issuer', 'UserManagement_VIEW', 'User_Update');
    await grant('client', 'UserManagement_VIEW', 'User_Update');
    const manager = await t.login('issuer');
    expect(usernames(await list('active', {}, manager)).filter((u) => u !== 'newbie')).toEqual([
      'campaignManager',
      'client',
      'issuer',
    ]);
    expect((await t.call('GET', `/api/v1/users/${ids.issuerPlus}`, { cookie: manager })).statusCode).toBe(404);
    const other = await t.call('PATCH', '/api/v1/users/deactivate', {
      cookie: manager,
      body: form({ id: ids.issuerPlus! }),
    });
    expect(other.statusCode).toBe(404);
    expect((await t.db.db.select().from(users).where(eq(users.id, ids.issuerPlus!)))[0]!.isDeactivated).toBe(false);
    expect(
      (await t.call('PATCH', '/api/v1/users/deactivate', { cookie: manager, body: form({ id: ids.campaignManager! }) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call('PATCH', '/api/v1/users/reactivate', { cookie: manager, body: form({ id: ids.campaignManager! }) }))
        .statusCode,
    ).toBe(200);
    const noIssuer = await t.call('POST', '/api/v1/users', {
      cookie: manager,
      body: { username: 'mgr-made', email: 'mgr@northbridge.example' },
    });
    expect(noIssuer.statusCode).toBe(400);
    expect(noIssuer.json().errors[0].path).toBe('body.issuerId');
    expect(
      (
        await t.call('POST', '/api/v1/users', {
          cookie: manager,
          body: { username: 'mgr-made', email: 'mgr@northbridge.example', issuerId: issuerIds.meridian },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/v1/users', {
          cookie: manager,
          body: { username: 'mgr-made', email: 'mgr@northbridge.example', issuerId: issuerIds.northbridge },
        })
      ).statusCode,
    ).toBe(200);
    // A plain member holding the same permissions manages nobody.
    const member = await t.login('client');
    expect((await list('active', {}, member)).totalCount).toBe(0);
    expect(
      (await t.call('PATCH', '/api/v1/users/deactivate', { cookie: member, body: form({ id: ids.campaignManager! }) }))
        .statusCode,
    ).toBe(404);
  });

  it('answers eligibility for an unapproved user, who cannot use the admin API', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'waiting', password: 'demo' } });
    const cookie = `sextant_session=${res.cookies.find((c) => c.name === 'sextant_session')!.value}`;
    expect((await t.call('GET', '/api/v1/users/user-eligible-status', { cookie })).json()).toEqual({
      eligible: false,
      approved: false,
      pending: true,
      isDeactivated: false,
      reason: 'UserEligibility',
    });
    const approve = await t.call('PATCH', '/api/v1/users/approve', { cookie: admin, body: form({ id: ids.waiting! }) });
    expect(approve.statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/users/user-eligible-status', { cookie })).json()).toMatchObject({
      eligible: true,
      reason: null,
    });
    expect(usernames(await list('pending'))).toEqual([]);
    expect(await audits('user.approve', ids.waiting!)).toHaveLength(1);
  });

  it('lists directly assigned jobs, potential issuers and potential issuer users', async () => {
    const [job] = await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Albion analysis', type: 'base', ownerId: ids.ptcoJobManager!, issuerId: issuerIds.northbridge! })
      .returning();
    await t.db.db.insert(jobArtifacts).values({
      name: 'Second analysis',
      type: 'base',
      ownerId: ids.ptcoJobManager!,
      issuerId: issuerIds.northbridge!,
    });
    await t.db.db
      .insert(jobArtifactUsers)
      .values({ jobArtifactId: job!.id, userId: ids.accountManager!, connectionType: 'DirectAssignment' });
    const res = await t.call('POST', `/api/v1/users/directly-assigned?userId=${ids.accountManager}`, {
      cookie: admin,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      totalCount: 1,
      collection: [{ id: job!.id, name: 'Albion analysis', isDirectAssignment: true, isPublished: false }],
    });
    expect(
      (await t.call('GET', `/api/v1/users/${ids.accountManager}`, { cookie: admin })).json()
        .hasMoreJobArtifactsToAssign,
    ).toBe(true);
    const pui = (await t.call('GET', `/api/v1/users/${ids.client}/potential-user-issuers`, { cookie: admin })).json();
    expect(pui.find((i: { issuerId: string }) => i.issuerId === issuerIds.northbridge)).toMatchObject({
      isAssigned: true,
      userRole: 'Member',
      matchesEmailDomain: true,
    });
    expect(pui.find((i: { issuerId: string }) => i.issuerId === issuerIds.meridian)).toMatchObject({
      isAssigned: false,
      userRole: null,
      matchesEmailDomain: false,
    });
    const piu = (
      await t.call('GET', `/api/v1/users/potential-issuer-users?issuerId=${issuerIds.northbridge}&search=a`, {
        cookie: admin,
      })
    )
      .json()
      .map((u: { username: string }) => u.username);
    expect(piu).toContain('accountManager');
    expect(piu).not.toContain('campaignManager');
    expect(
      (
        await t.call('GET', '/api/v1/users/potential-issuer-users?issuerId=00000000-0000-4000-8000-000000000000', {
          cookie: admin,
        })
      ).statusCode,
    ).toBe(404);
  });
  it("invites in the reader's issuer language with the branding (Meridian: German, HSBC)", async () => {
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuerPlus'));
    const res = await t.call('POST', '/api/v1/users/invite', { cookie: admin, body: form({ id: u!.id }) });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    expect(mail!.subject).toBe('Ihre Einladung zu HSBC');
    expect(mail!.fromAddress).toBe('"HSBC B2B Analytics" <no-reply@hsbc.localhost>');
    expect(mail!.text).toContain('Hallo Priya Shah,');
    expect(mail!.text).toContain('Sara Admin hat Sie zu HSBC eingeladen.');
    expect(mail!.text).toContain('Sie erhalten diese Nachricht im Auftrag von HSBC.');
    expect(mail!.text).not.toContain('Sextant');
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.html).toMatch(/<a href="http[^"]+\/login\/magic\?token=/);
  });
});
