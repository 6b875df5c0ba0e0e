import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { brandings, issuers, jobArtifacts, systemAuditLog, userPermissions, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

describe.each(dbKinds())('issuers API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let brandingId: string;
  let northbridgeId: string;
  let meridianId: string;
  const byKey = async (key: string) => (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, key)))[0]!;
  const userId = async (username: string) =>
    (await t.db.db.select().from(users).where(eq(users.username, username)))[0]!.id;
  const grant = async (username: string, ...perms: string[]) => {
    const id = await userId(username);
    await t.db.db
      .insert(userPermissions)
      .values(perms.map((permission) => ({ userId: id, permission })))
      .onConflictDoNothing();
    invalidateAllSessions(); // a direct database edit: signed-in sessions would keep the old permissions until the TTL
  };
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Harbour Bank',
    issuerKey: 'harbour',
    scheme: 'Visa',
    language: 'en',
    sendMagicLinks: false,
    brandingId,
    analysisDataDownloadProfileId: 'p-analysis',
    matchedDataOnlyDownloadProfileId: 'p-mdo',
    onboardingDataDownloadProfileId: 'p-onboarding',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    brandingId = (await t.db.db.select().from(brandings).where(eq(brandings.brandingKey, 'test')))[0]!.brandingId;
    northbridgeId = (await byKey('northbridge')).id;
    meridianId = (await byKey('meridian')).id;
  });
  afterAll(async () => t?.close());

  it('creates an issuer with the required fields, optional lists defaulting to empty, codes upper-cased, audited', async () => {
    const res = await t.call('POST', '/api/v1/issuers', {
      cookie: admin,
      body: valid({ currency: 'eur', fallbackCountryIso3: 'irl' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, statusCode: 200 });
    const got = (await t.call('GET', `/api/v1/issuers/${body.id}`, { cookie: admin })).json();
    expect(got).toMatchObject({
      name: 'Harbour Bank',
      issuerKey: 'harbour',
      scheme: 'Visa',
      currency: 'EUR',
      fallbackCountryIso3: 'IRL',
      issuerCapabilities: [],
      issuerVirtualLockboxes: [],
      brandingDisplayName: 'Test',
      jobsCount: 0,
      usersCount: 0,
    });
    const rows = await audits('issuer.create', body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'sysAdmin', issuerId: body.id, outcome: 'success' });
  });

  it('names every missing required field (SPEC §5)', async () => {
    const res = await t.call('POST', '/api/v1/issuers', { cookie: admin, body: {} });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    for (const f of [
      'name',
      'issuerKey',
      'scheme',
      'language',
      'sendMagicLinks',
      'brandingId',
      'analysisDataDownloadProfileId',
      'matchedDataOnlyDownloadProfileId',
      'onboardingDataDownloadProfileId',
    ]) {
      expect(byPath[`body.${f}`], f).toMatch(/is required/);
    }
    expect(byPath['body.capabilities']).toBeUndefined();
    expect(byPath['body.virtualLockboxes']).toBeUndefined();
    const blank = await t.call('POST', '/api/v1/issuers', {
      cookie: admin,
      body: valid({ name: '   ', issuerKey: 'blank-name' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContainEqual({ path: 'body.name', message: 'Name is required' });
    const scheme = await t.call('POST', '/api/v1/issuers', {
      cookie: admin,
      body: valid({ scheme: 'Amex', issuerKey: 'amex' }),
    });
    expect(scheme.json().errors[0]).toMatchObject({
      path: 'body.scheme',
      message: expect.stringContaining('Mastercard, Visa, Unknown'),
    });
  });

  it.each([
    ['currency', 'GB', 'Currency must be exactly 3 characters'],
    ['currency', 'GBPX', 'Currency must be exactly 3 characters'],
    ['fallbackCountryIso3', 'GB', 'Fallback country must be exactly 3 characters'],
    ['fallbackCountryIso3', 'GBRX', 'Fallback country must be exactly 3 characters'],
  ])('refuses %s "%s" on create and update, changing nothing', async (field, value, message) => {
    const key = `bad-${field}-${value}`.toLowerCase();
    const res = await t.call('POST', '/api/v1/issuers', {
      cookie: admin,
      body: valid({ issuerKey: key, [field]: value }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: `body.${field}`, message });
    expect((await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, key))).length).toBe(0);
    const upd = await t.call('PUT', `/api/v1/issuers?id=${northbridgeId}`, { cookie: admin, body: { [field]: value } });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().errors).toContainEqual({ path: `body.${field}`, message });
    const after = await byKey('northbridge');
    expect(after.currency).toBe('GBP');
    expect(after.fallbackCountryIso3).toBe('GBR');
  });

  it('refuses a duplicate issuer key (any case) with 409 naming the field, and an unknown branding with 404', async () => {
    const dup = await t.call('POST', '/api/v1/issuers', { cookie: admin, body: valid({ issuerKey: 'NorthBridge' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ path: 'body.issuerKey', message: expect.stringContaining('already exists') }]);
    const unknownBranding = await t.call('POST', '/api/v1/issuers', {
      cookie: admin,
      body: valid({ issuerKey: 'nobrand', brandingId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknownBranding.statusCode).toBe(404);
    expect(unknownBranding.json().message).toBe('Branding was not found');
    const rename = await t.call('PUT', '/api/v1/issuers', {
      cookie: admin,
      body: { id: meridianId, issuerKey: 'northbridge' },
    });
    expect(rename.statusCode).toBe(409);
    expect((await byKey('meridian')).issuerKey).toBe('meridian');
  });

  it('rejects malformed bodies and unknown ids', async () => {
    expect((await t.call('GET', '/api/v1/issuers/not-an-id', { cookie: admin })).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await t.call('GET', `/api/v1/issuers/${missing}`, { cookie: admin })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/issuers/${missing}/full`, { cookie: admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/v1/issuers/${missing}`, { cookie: admin })).statusCode).toBe(404);
    expect(
      (await t.call('PUT', `/api/v1/issuers?id=${missing}`, { cookie: admin, body: { name: 'x' } })).statusCode,
    ).toBe(404);
    const noId = await t.call('PUT', '/api/v1/issuers', { cookie: admin, body: { name: 'x' } });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toEqual([{ path: 'query.id', message: 'Issuer id is required' }]);
    const mismatch = await t.call('PUT', `/api/v1/issuers?id=${northbridgeId}`, {
      cookie: admin,
      body: { id: meridianId, name: 'x' },
    });
    expect(mismatch.statusCode).toBe(400);
    const extra = await t.call('PUT', `/api/v1/issuers?id=${northbridgeId}`, {
      cookie: admin,
      body: { colour: 'red' },
    });
    expect(extra.statusCode).toBe(400);
    const caps = await t.call('POST', `/api/v1/issuers/issuer-admin-capabilities?issuerId=${northbridgeId}`, {
      cookie: admin,
      body: { capabilities: ['Teleport'] },
    });
    expect(caps.statusCode).toBe(400);
    expect(caps.json().errors[0].path).toBe('body.capabilities.0');
    const capsUnknown = await t.call('POST', `/api/v1/issuers/issuer-admin-capabilities?issuerId=${missing}`, {
      cookie: admin,
      body: { capabilities: ['Stp'] },
    });
    expect(capsUnknown.statusCode).toBe(404);
  });

  it('updates fields (id in query or body) and admin lists, auditing what changed', async () => {
    const upd = await t.call('PUT', `/api/v1/issuers?id=${meridianId}`, {
      cookie: admin,
      body: {
        currency: 'chf',
        sendMagicLinks: false,
        issuerEmailDomains: ['Meridian.example', 'meridian-bank.example'],
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toEqual({ success: true, statusCode: 200, message: 'Issuer updated' });
    const full = (await t.call('GET', `/api/v1/issuers/${meridianId}/full`, { cookie: admin })).json();
    expect(full).toMatchObject({
      currency: 'CHF',
      sendMagicLinks: false,
      issuerEmailDomains: ['meridian.example', 'meridian-bank.example'],
      usernames: ['issuerPlus'],
      numberNonEmailDomainUsers: 0,
    });
    expect(full.members).toEqual([
      expect.objectContaining({ username: 'issuerPlus', memberRole: 'Manager', isDomainUser: true }),
    ]);
    const [audit] = await audits('issuer.update', meridianId);
    expect(audit!.details).toMatchObject({ changed: { currency: { from: 'EUR', to: 'CHF' } } });

    const byBody = await t.call('PUT', '/api/v1/issuers', {
      cookie: admin,
      body: { id: meridianId, name: 'Meridian Trust AG' },
    });
    expect(byBody.statusCode).toBe(200);
    expect((await byKey('meridian')).name).toBe('Meridian Trust AG');

    for (const [path, body, field] of [
      ['issuer-admin-capabilities', { capabilities: ['Stp', 'Boost', 'Stp'] }, 'capabilities'],
      ['issuer-admin-virtual-lockbox-update', { virtualLockboxes: ['Its'] }, 'virtualLockboxes'],
      [
        'issuer-admin-input-data-option-update',
        { inputDataOptions: ['MergeLink', 'MergeMagicLink'] },
        'inputDataOptions',
      ],
    ] as const) {
      const res = await t.call('POST', `/api/v1/issuers/${path}?issuerId=${meridianId}`, { cookie: admin, body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().success).toBe(true);
      expect((await audits(`issuer.update.${field}`, meridianId)).length).toBe(1);
    }
    const m = await byKey('meridian');
    expect(m.capabilities).toEqual(['Stp', 'Boost']);
    expect(m.virtualLockboxes).toEqual(['Its']);
    expect(m.inputDataOptions).toEqual(['MergeLink', 'MergeMagicLink']);
  });

  it('pages, sorts and filters with every comparison operator', async () => {
    const list = async (body: object) => {
      const res = await t.call('POST', '/api/v1/issuers/get', { cookie: admin, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const names = (r: { collection: { issuerKey: string }[] }) => r.collection.map((i) => i.issuerKey);
    const f = (propertyName: string, itemComparisonOperator: string, itemValue: unknown) => ({
      filters: { filterItems: [{ propertyName, itemComparisonOperator, itemValue }] },
    });
    const all = await list({});
    expect(all.pageSize).toBe(25);
    expect(all.totalCount).toBeGreaterThanOrEqual(4);
    const sorted = [...names(all)].sort((a, b) =>
      all.collection
        .find((x: { issuerKey: string }) => x.issuerKey === a)
        .name.localeCompare(all.collection.find((x: { issuerKey: string }) => x.issuerKey === b).name),
    );
    expect(names(all)).toEqual(sorted);
    const page2 = await list({ pageSize: 2, pageNumber: 2, orderBy: { propertyName: 'issuerKey', direction: 'desc' } });
    expect(page2).toMatchObject({
      currentPage: 2,
      pageSize: 2,
      hasPreviousPage: true,
      totalPages: Math.ceil(all.totalCount / 2),
    });
    expect(page2.collection).toHaveLength(2);
    const northbridge = all.collection.find((i: { issuerKey: string }) => i.issuerKey === 'northbridge');
    expect(northbridge).toMatchObject({
      usersCount: 3,
      usernames: ['campaignManager', 'client', 'issuer'],
      brandingDisplayName: 'Lloyds',
      hasSupplierIncludeList: false,
    });

    expect(names(await list(f('issuerKey', 'Equal', 'NORTHBRIDGE')))).toEqual(['northbridge']);
    expect(names(await list(f('issuerKey', 'NotEqual', 'northbridge')))).not.toContain('northbridge');
    expect(names(await list(f('name', 'Contains', 'commerce')))).toEqual(['pacific']);
    expect(names(await list(f('name', 'StartsWith', 'north')))).toEqual(['northbridge']);
    expect(names(await list(f('name', 'EndsWith', 'bank')))).toEqual(
      expect.arrayContaining(['northbridge', 'pacific']),
    );
    expect(names(await list(f('usersCount', 'GreaterThan', 1)))).toEqual(['northbridge']);
    expect(names(await list(f('usersCount', 'GreaterThanOrEqual', '3')))).toEqual(['northbridge']);
    expect(names(await list(f('usersCount', 'LessThan', 1)))).not.toContain('northbridge');
    expect(names(await list(f('usersCount', 'LessThanOrEqual', 1)))).toContain('pacific');
    expect(names(await list(f('issuerCapabilities', 'Equal', 'TandEcard')))).toEqual(
      expect.arrayContaining(['northbridge', 'pacific']),
    );
    expect(
      names(
        await list({
          filters: { filterItems: [{ propertyName: 'scheme', itemComparisonOperator: 'Equal', itemValue: '' }] },
        }),
      ).length,
    ).toBe(all.totalCount);
    const bad = await t.call('POST', '/api/v1/issuers/get', { cookie: admin, body: f('secret', 'Equal', 'x') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('filters.filterItems.0.propertyName');
    const badNum = await t.call('POST', '/api/v1/issuers/get', {
      cookie: admin,
      body: f('usersCount', 'Equal', 'many'),
    });
    expect(badNum.statusCode).toBe(400);
  });

  it('enforces the declared permissions', async () => {
    const client = await t.login('client');
    const jm = await t.login('ptcoJobManager');
    expect((await t.call('POST', '/api/v1/issuers/get', { cookie: client, body: {} })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/issuers/${northbridgeId}`, { cookie: client })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/issuers/get', { cookie: jm, body: {} })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/issuers', { cookie: jm, body: valid({ issuerKey: 'jm' }) })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call('PUT', `/api/v1/issuers?id=${northbridgeId}`, { cookie: jm, body: { name: 'x' } })).statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/v1/issuers/${northbridgeId}`, { cookie: jm })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/issuers/getAllCapabilities')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/issuers/getAllCapabilities', { cookie: client })).json()).toContainEqual({
      id: 'TandEcard',
      name: 'T&E Card',
    });
    expect(
      (await t.call('GET', '/api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers', { cookie: client })).json(),
    ).toEqual([
      { key: 'Boost', label: 'Boost' },
      { key: 'BoostEu', label: 'Boost EU' },
      { key: 'Its', label: 'ITS' },
    ]);
    expect((await t.call('GET', '/api/v1/issuers/getAllIssuerLanguages', { cookie: client })).json()).toContainEqual({
      key: 'de',
      name: 'German',
    });
  });

  it('confines tenant users: members read only their issuers, only managers change them', async () => {
    await grant('issuer', 'Issuer_View', 'Issuer_Update');
    await grant('client', 'Issuer_View', 'Issuer_Update');
    const manager = await t.login('issuer');
    const member = await t.login('client');
    const list = (await t.call('POST', '/api/v1/issuers/get', { cookie: manager, body: {} })).json();
    expect(list.collection.map((i: { issuerKey: string }) => i.issuerKey)).toEqual(['northbridge']);
    expect((await t.call('GET', `/api/v1/issuers/${meridianId}`, { cookie: manager })).statusCode).toBe(404);
    expect(
      (await t.call('PUT', `/api/v1/issuers?id=${meridianId}`, { cookie: manager, body: { name: 'Mine now' } }))
        .statusCode,
    ).toBe(404);
    const own = await t.call('PUT', `/api/v1/issuers?id=${northbridgeId}`, {
      cookie: manager,
      body: { language: 'fr' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await t.call('GET', `/api/v1/issuers/${northbridgeId}`, { cookie: member })).statusCode).toBe(200);
    const denied = await t.call('PUT', `/api/v1/issuers?id=${northbridgeId}`, {
      cookie: member,
      body: { language: 'de' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await byKey('northbridge')).language).toBe('fr');
    const assigned = (
      await t.call('GET', `/api/v1/issuers/${await userId('issuer')}/assigned-user-issuers`, { cookie: admin })
    ).json();
    expect(assigned).toEqual([
      {
        issuerId: northbridgeId,
        issuerName: 'Northbridge Bank',
        issuerBrandingName: 'Lloyds',
        userRole: 'Manager',
        isDomainUser: true,
        emailDomains: ['northbridge.example'],
      },
    ]);
    expect(
      (await t.call('GET', `/api/v1/issuers/${await userId('issuerPlus')}/assigned-user-issuers`, { cookie: manager }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes an issuer without jobs; refuses one with jobs (409), audited', async () => {
    const owner = await userId('ptcoJobManager');
    await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Pacific analysis', type: 'base', ownerId: owner, issuerId: (await byKey('pacific')).id });
    const withJobs = await t.call('DELETE', `/api/v1/issuers/${(await byKey('pacific')).id}`, { cookie: admin });
    expect(withJobs.statusCode).toBe(409);
    expect(withJobs.json().message).toMatch(/still has 1 job/);
    const created = (
      await t.call('POST', '/api/v1/issuers', { cookie: admin, body: valid({ issuerKey: 'short-lived' }) })
    ).json();
    const del = await t.call('DELETE', `/api/v1/issuers/${created.id}`, { cookie: admin });
    expect(del.json()).toEqual({ success: true, statusCode: 200, message: 'Issuer deleted' });
    expect((await t.call('GET', `/api/v1/issuers/${created.id}`, { cookie: admin })).statusCode).toBe(404);
    expect(await audits('issuer.delete', created.id)).toHaveLength(1);
  });
});
