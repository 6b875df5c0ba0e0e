import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { buyers, issuers, jobArtifacts, systemAuditLog, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('buyers API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let issuerUser: string;
  let northbridgeId: string;
  let meridianId: string;
  const issuerId = async (key: string) =>
    (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, key)))[0]!.id;
  const buyerId = async (name: string) => (await t.db.db.select().from(buyers).where(eq(buyers.name, name)))[0]!.id;
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('ptcoJobManager');
    issuerUser = await t.login('issuer'); // Manager of Northbridge; BuyerCreate but no BuyerManagement_*
    northbridgeId = await issuerId('northbridge');
    meridianId = await issuerId('meridian');
  });
  afterAll(async () => t?.close());

  it('lists buyers paged with issuer names, sorted by name, filterable by issuer and name', async () => {
    const all = await t.call('POST', '/api/v1/buyers/get', { cookie: admin, body: { pageSize: 2 } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ pageSize: 2, totalCount: 5, totalPages: 3, hasNextPage: true });
    expect(all.json().collection[0]).toMatchObject({
      name: 'Albion Foods plc',
      issuerName: 'Northbridge Bank',
      jobsCount: 0,
    });
    const filtered = await t.call('POST', '/api/v1/buyers/get', {
      cookie: admin,
      body: {
        filters: {
          filterItems: [
            { propertyName: 'issuerId', itemComparisonOperator: 'Equal', itemValue: northbridgeId },
            { propertyName: 'name', itemComparisonOperator: 'Contains', itemValue: 'severn' },
          ],
        },
      },
    });
    expect(filtered.json().collection.map((b: { name: string }) => b.name)).toEqual(['Severn Logistics Ltd']);
    const badProp = await t.call('POST', '/api/v1/buyers/get', {
      cookie: admin,
      body: { orderBy: { propertyName: 'secret', direction: 'asc' } },
    });
    expect(badProp.statusCode).toBe(400);
    expect(badProp.json().errors[0].path).toBe('orderBy.propertyName');
  });

  it('accepts orderBy as a property name with an optional direction, as clients of the original API send it', async () => {
    const names = async (orderBy: unknown) => {
      const res = await t.call('POST', '/api/v1/buyers/get', { cookie: admin, body: { orderBy, pageSize: 50 } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().collection.map((b: { name: string }) => b.name) as string[];
    };
    const ascending = await names({ propertyName: 'name', direction: 'asc' });
    expect(ascending.length).toBeGreaterThan(2);
    expect(await names('name')).toEqual(ascending);
    expect(await names('name asc')).toEqual(ascending);
    expect(await names('name desc')).toEqual([...ascending].reverse());
    expect(await names('  name   DESC ')).toEqual([...ascending].reverse());
    const unknown = await t.call('POST', '/api/v1/buyers/get', { cookie: admin, body: { orderBy: 'secret desc' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('orderBy.propertyName');
    const malformed = await t.call('POST', '/api/v1/buyers/get', { cookie: admin, body: { orderBy: 'name sideways' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('orderBy');
  });

  it('creates a buyer with field-level validation, a unique name per issuer and an audit entry', async () => {
    const empty = await t.call('POST', '/api/v1/buyers', { cookie: admin, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.issuerId', message: 'Issuer is required' },
        { path: 'body.name', message: 'Name is required' },
      ]),
    );
    const badCountry = await t.call('POST', '/api/v1/buyers', {
      cookie: admin,
      body: { issuerId: northbridgeId, name: 'Thames Water', countryIso3: 'GB' },
    });
    expect(badCountry.json().errors).toEqual([
      { path: 'body.countryIso3', message: 'Country must be exactly 3 characters' },
    ]);
    const res = await t.call('POST', '/api/v1/buyers', {
      cookie: admin,
      body: { issuerId: northbridgeId, name: '  Thames Water  ', countryIso3: 'gbr' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    const got = (await t.call('GET', `/api/v1/buyers/${id}`, { cookie: admin })).json();
    expect(got).toMatchObject({
      name: 'Thames Water',
      countryIso3: 'GBR',
      issuerId: northbridgeId,
      createdByUsername: 'ptcoJobManager',
    });
    expect(await audits('buyer.create', id)).toHaveLength(1);
    const dup = await t.call('POST', '/api/v1/buyers', {
      cookie: admin,
      body: { issuerId: northbridgeId, name: 'THAMES water' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ path: 'body.name', message: expect.stringContaining('already exists') }]);
    // The same name at another issuer is fine.
    const other = await t.call('POST', '/api/v1/buyers', {
      cookie: admin,
      body: { issuerId: meridianId, name: 'Thames Water' },
    });
    expect(other.statusCode).toBe(200);
    const unknownIssuer = await t.call('POST', '/api/v1/buyers', {
      cookie: admin,
      body: { issuerId: '00000000-0000-4000-8000-000000000009', name: 'X' },
    });
    expect(unknownIssuer.statusCode).toBe(404);
  });

  it('updates and deletes buyers, refusing to delete one with jobs', async () => {
    const id = await buyerId('Rheinwerk Maschinenbau GmbH');
    const upd = await t.call('PUT', `/api/v1/buyers/${id}`, {
      cookie: admin,
      body: { name: 'Rheinwerk AG', countryIso3: '' },
    });
    expect(upd.json()).toEqual({ success: true, statusCode: 200, message: 'Buyer updated' });
    const row = (await t.db.db.select().from(buyers).where(eq(buyers.id, id)))[0]!;
    expect(row).toMatchObject({ name: 'Rheinwerk AG', countryIso3: null });
    const [audit] = await audits('buyer.update', id);
    expect(audit!.details).toMatchObject({ name: { from: 'Rheinwerk Maschinenbau GmbH', to: 'Rheinwerk AG' } });
    const move = await t.call('PUT', `/api/v1/buyers/${id}`, { cookie: admin, body: { issuerId: northbridgeId } });
    expect(move.statusCode).toBe(400);

    const [owner] = await t.db.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
    await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Rheinwerk 2025', type: 'base', ownerId: owner!.id, issuerId: meridianId, buyerId: id });
    const refused = await t.call('DELETE', `/api/v1/buyers/${id}`, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Rheinwerk AG has 1 job; delete or move it first');
    await t.db.db.delete(jobArtifacts).where(eq(jobArtifacts.buyerId, id));
    const del = await t.call('DELETE', `/api/v1/buyers/${id}`, { cookie: admin });
    expect(del.statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/buyers/${id}`, { cookie: admin })).statusCode).toBe(404);
    expect(await audits('buyer.delete', id)).toHaveLength(1);
  });

  it('lets issuer users create buyers inline for their own issuer only, and keeps other tenants’ buyers invisible', async () => {
    expect((await t.call('POST', '/api/v1/buyers/get', { cookie: issuerUser, body: {} })).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/buyers', { cookie: issuerUser, body: { issuerId: northbridgeId, name: 'Y' } }))
        .statusCode,
    ).toBe(403);
    const own = await t.call('POST', '/api/v1/buyers/inline', {
      cookie: issuerUser,
      body: { issuerId: northbridgeId, name: 'Kentish Ales Ltd' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await audits('buyer.create', own.json().id)).toEqual([
      expect.objectContaining({ username: 'issuer', details: expect.objectContaining({ via: 'inline' }) }),
    ]);
    const foreign = await t.call('POST', '/api/v1/buyers/inline', {
      cookie: issuerUser,
      body: { issuerId: meridianId, name: 'Sneaky GmbH' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.db.db.select().from(buyers).where(eq(buyers.name, 'Sneaky GmbH'))).length).toBe(0);

    const ownList = await t.call('GET', `/api/v1/buyers/by-issuer/${northbridgeId}`, { cookie: issuerUser });
    expect(ownList.json().map((b: { name: string }) => b.name)).toContain('Kentish Ales Ltd');
    expect((await t.call('GET', `/api/v1/buyers/by-issuer/${meridianId}`, { cookie: issuerUser })).statusCode).toBe(
      404,
    );
  });

  it('scopes buyer management to member issuers for users without Buyers_ViewAll', async () => {
    // issuerPlus (Manager of Meridian) given the management permissions but not Buyers_ViewAll.
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuerPlus'));
    const { userPermissions } = await import('@sextant/db');
    await t.db.db.insert(userPermissions).values([
      { userId: u!.id, permission: 'BuyerManagement_VIEW' },
      { userId: u!.id, permission: 'BuyerManagement_CRUD' },
    ]);
    const cookie = await t.login('issuerPlus');
    const list = await t.call('POST', '/api/v1/buyers/get', { cookie, body: {} });
    expect(list.statusCode).toBe(200);
    const issuerIds = new Set(list.json().collection.map((b: { issuerId: string }) => b.issuerId));
    expect([...issuerIds]).toEqual([meridianId]);
    const northBuyer = await buyerId('Albion Foods plc');
    expect((await t.call('GET', `/api/v1/buyers/${northBuyer}`, { cookie })).statusCode).toBe(404);
    expect(
      (await t.call('PUT', `/api/v1/buyers/${northBuyer}`, { cookie, body: { name: 'Hijacked' } })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/v1/buyers/${northBuyer}`, { cookie })).statusCode).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/buyers', { cookie, body: { issuerId: northbridgeId, name: 'Hijack Ltd' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.db.db.select().from(buyers).where(eq(buyers.id, northBuyer)))[0]!.name).toBe('Albion Foods plc');
  });
});
