import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { issuers, systemAuditLog, userPermissions, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { purgeAuditLog } from './audit-logs.service.ts';

const DAY = 86_400_000;

describe.each(dbKinds())('system audit logs API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let northbridgeId: string;
  let meridianId: string;
  const list = (body: unknown, cookie = admin) => t.call('POST', '/api/v1/system-audit-logs/get', { cookie, body });
  const f = (propertyName: string, itemComparisonOperator: string, itemValue: unknown) => ({
    propertyName,
    itemComparisonOperator,
    itemValue,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    northbridgeId = (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge')))[0]!.id;
    meridianId = (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'meridian')))[0]!.id;
    const now = Date.now();
    await t.db.db.insert(systemAuditLog).values([
      { at: new Date(now - 400 * DAY), action: 'test.ancient', username: 'old', targetType: 'thing', targetId: 'a1' },
      {
        at: new Date(now - 10 * DAY),
        action: 'test.recent',
        username: 'alice',
        issuerId: northbridgeId,
        targetType: 'buyer',
        targetId: 'b1',
        details: { name: 'x' },
      },
      {
        at: new Date(now - 5 * DAY),
        action: 'test.recent',
        username: 'bob',
        issuerId: meridianId,
        targetType: 'buyer',
        targetId: 'b2',
        outcome: 'denied',
      },
      {
        at: new Date(now - 1 * DAY),
        action: 'test.other',
        username: 'alice',
        issuerId: meridianId,
        targetType: 'issuer',
        targetId: meridianId,
      },
    ]);
  });
  afterAll(async () => t?.close());

  it('lists entries newest first, paged, with issuer names and details', async () => {
    const res = await list({ pageSize: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(2);
    expect(body.totalCount).toBeGreaterThanOrEqual(5); // the seeded four plus sysAdmin's sign-in
    const ats = body.collection.map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const recent = await list({
      filters: { filterItems: [f('username', 'Equal', 'alice'), f('action', 'Equal', 'test.recent')] },
    });
    const entry = recent.json().collection[0];
    expect(entry).toMatchObject({
      issuerName: 'Northbridge Bank',
      targetType: 'buyer',
      targetId: 'b1',
      details: { name: 'x' },
    });
    const one = await t.call('GET', `/api/v1/system-audit-logs/${entry.id}`, { cookie: admin });
    expect(one.json()).toEqual(entry);
  });

  it('filters by user, issuer, action, target, outcome and date range', async () => {
    const names = async (items: unknown[]) =>
      (await list({ filters: { filterItems: items }, orderBy: { propertyName: 'at', direction: 'asc' } }))
        .json()
        .collection.map((e: { action: string; username: string }) => `${e.action}/${e.username}`);
    expect(await names([f('issuerId', 'Equal', meridianId)])).toEqual(['test.recent/bob', 'test.other/alice']);
    expect(await names([f('issuerName', 'Contains', 'north')])).toEqual(['test.recent/alice']);
    expect(await names([f('action', 'StartsWith', 'test.'), f('targetType', 'Equal', 'buyer')])).toEqual([
      'test.recent/alice',
      'test.recent/bob',
    ]);
    expect(await names([f('targetId', 'Equal', 'b2')])).toEqual(['test.recent/bob']);
    expect(await names([f('outcome', 'Equal', 'denied'), f('action', 'StartsWith', 'test.')])).toEqual([
      'test.recent/bob',
    ]);
    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const to = new Date(Date.now() - 2 * DAY).toISOString();
    expect(await names([f('at', 'GreaterThanOrEqual', from), f('at', 'LessThanOrEqual', to)])).toEqual([
      'test.recent/bob',
    ]);
    const bad = await list({ filters: { filterItems: [f('at', 'GreaterThanOrEqual', 'yesterday')] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'filters.filterItems.0.itemValue', message: 'must be an ISO date' }]);
    const unknown = await list({ filters: { filterItems: [f('details', 'Contains', 'x')] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('filters.filterItems.0.propertyName');
    expect((await t.call('GET', '/api/v1/system-audit-logs/abc', { cookie: admin })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/system-audit-logs/999999999', { cookie: admin })).statusCode).toBe(404);
  });

  it('offers facets and the retention', async () => {
    const res = await t.call('GET', '/api/v1/system-audit-logs/facets', { cookie: admin });
    expect(res.json()).toMatchObject({
      actions: expect.arrayContaining(['test.ancient', 'test.other', 'test.recent']),
      targetTypes: expect.arrayContaining(['buyer', 'issuer', 'thing']),
      retentionDays: 365,
    });
  });

  it('refuses callers without SystemLogs_VIEW and scopes tenant users to their issuers', async () => {
    const manager = await t.login('ptcoJobManager');
    expect((await list({}, manager)).statusCode).toBe(403);
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    await t.db.db.insert(userPermissions).values({ userId: u!.id, permission: 'SystemLogs_VIEW' });
    const tenant = await t.login('issuer');
    const res = await list({ pageSize: 100 }, tenant);
    expect(res.statusCode).toBe(200);
    const issuerIds = new Set(res.json().collection.map((e: { issuerId: string }) => e.issuerId));
    expect([...issuerIds]).toEqual([northbridgeId]);
    const foreign = (await list({ filters: { filterItems: [f('targetId', 'Equal', 'b2')] } })).json().collection[0];
    expect((await t.call('GET', `/api/v1/system-audit-logs/${foreign.id}`, { cookie: tenant })).statusCode).toBe(404);
  });

  it('purges entries older than the retention and records the purge', async () => {
    const deleted = await purgeAuditLog(t.db.db, 365);
    expect(deleted).toBe(1);
    const left = await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'test.ancient'));
    expect(left).toHaveLength(0);
    const [purge] = await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'audit.purge'));
    expect(purge!.details).toMatchObject({ deleted: 1, retentionDays: 365 });
    expect(await purgeAuditLog(t.db.db, 365)).toBe(0);
    // A shorter retention takes more; recent entries stay.
    expect(await purgeAuditLog(t.db.db, 7)).toBe(1);
    expect((await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'test.other'))).length).toBe(1);
  });
});
