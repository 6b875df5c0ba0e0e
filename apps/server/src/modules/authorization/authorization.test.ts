import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import type { TJobAbilities } from '@sextant/shared';
import {
  issuers,
  jobArtifacts,
  jobArtifactUsers,
  systemAuditLog,
  userPermissions,
  userRoles,
  users,
} from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('authorization API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const jobs: Record<string, string> = {};
  const rolesOf = async (username: string) =>
    (await t.db.db.select().from(userRoles).where(eq(userRoles.userId, ids[username]!))).map((r) => r.role).sort();
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));
  const setRoles = (cookie: string, username: string, roles: unknown) =>
    t.call('POST', `/api/v1/authorization/${ids[username] ?? username}/user-roles`, { cookie, body: { roles } });
  const mapped = async (username: string, body: object = {}, query = '') => {
    const res = await t.call('POST', `/api/v1/authorization/auth-mapped-job-artifacts${query}`, {
      cookie: await t.login(username),
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      totalCount: number;
      collection: {
        id: string;
        name: string;
        abilities: TJobAbilities;
        connectionType: string | null;
        isDirectAssignment: boolean;
        ownerName: string;
        issuerName: string;
      }[];
    };
  };
  const names = (r: { collection: { name: string }[] }) => r.collection.map((j) => j.name).sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    const rows = await t.db.db
      .insert(jobArtifacts)
      .values([
        {
          name: 'J1 Northbridge',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.northbridge!,
          createdOn: day(1),
          isPublished: true,
        },
        {
          name: 'J2 Meridian',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.meridian!,
          createdOn: day(2),
        },
        {
          name: 'J3 Pacific',
          type: 'advanced',
          ownerId: ids.accountManager!,
          issuerId: issuerIds.pacific!,
          createdOn: day(3),
        },
        {
          name: 'J4 Meridian assigned',
          type: 'matched-data-only',
          ownerId: ids.sysAdmin!,
          issuerId: issuerIds.meridian!,
          createdOn: day(4),
        },
        {
          name: 'J5 Northbridge hidden',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.northbridge!,
          createdOn: day(5),
          isHidden: true,
        },
      ])
      .returning();
    for (const r of rows) jobs[r.name.split(' ')[0]!] = r.id;
    await t.db.db
      .insert(jobArtifactUsers)
      .values({ jobArtifactId: jobs.J4!, userId: ids.client!, connectionType: 'DirectAssignment' });
  });
  afterAll(async () => t?.close());

  it('returns the current user’s roles split into standard and tabbed-view, and the role catalogue', async () => {
    const client = await t.login('client');
    const res = await t.call('GET', '/api/v1/authorization/user-roles', { cookie: client });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.standard).toEqual([{ role: 'client', displayName: 'Client', description: expect.any(String) }]);
    expect(body.tabbedView.map((r: { role: string }) => r.role)).toContain('JobSummaryAccessor');
    expect((await t.call('GET', '/api/v1/authorization/user-roles')).statusCode).toBe(401);
    const all = await t.call('GET', '/api/v1/authorization/all-roles', { cookie: admin });
    const dev = all.json().standard.find((r: { role: string }) => r.role === 'developer');
    expect(dev).toMatchObject({
      kind: 'standard',
      displayName: 'Developer',
      permissions: expect.arrayContaining(['DevArea_CRUD', 'User_CRUD']),
    });
    expect(all.json().tabbedView).toHaveLength(22);
    expect((await t.call('GET', '/api/v1/authorization/all-roles', { cookie: client })).statusCode).toBe(403);
  });

  it('grants roles whose permissions the caller holds, at once and audited', async () => {
    // campaignManager is a tenant user (Northbridge): the role granted is a tenant one (issuer adds Chatbot_VIEW);
    // roles carrying platform-only permissions (ptcoJobManager and up) are refused to tenant users (tenant-escalation).
    const client = await t.login('campaignManager');
    const chatbot = async () => (await t.call('GET', '/api/v1/auth/me', { cookie: client })).json().permissions;
    expect(await chatbot()).not.toContain('Chatbot_VIEW');
    const before = await rolesOf('campaignManager');
    const wanted = [...before.filter((r) => r !== 'campaignManager'), 'issuer'];
    // campaignManager carries Campaign_Create, which sysAdmin does not hold: removing it is refused too.
    const refused = await setRoles(admin, 'campaignManager', wanted);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('campaignManager');
    expect(await rolesOf('campaignManager')).toEqual(before);
    const res = await setRoles(admin, 'campaignManager', [...before, 'issuer']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);
    expect(await rolesOf('campaignManager')).toContain('issuer');
    expect(await chatbot()).toContain('Chatbot_VIEW');
    const rows = await audits('user.roles.update', ids.campaignManager!);
    expect(rows.map((r) => r.outcome).sort()).toEqual(['denied', 'success']);
    expect(rows.find((r) => r.outcome === 'success')!.details).toMatchObject({ add: ['issuer'], remove: [] });
    expect(rows.find((r) => r.outcome === 'success')).toMatchObject({ username: 'sysAdmin' });
  });

  it('refuses to grant a role carrying a permission the caller lacks, bad roles and unknown users', async () => {
    const tester = await setRoles(admin, 'client', ['client', 'tester']);
    expect(tester.statusCode).toBe(403);
    expect(tester.json().message).toMatch(/tester.*(JobMaintenance_VIEW|E2ETestRun)/);
    expect(await rolesOf('client')).not.toContain('tester');
    const demote = await setRoles(admin, 'developer', ['sysAdmin']);
    expect(demote.statusCode).toBe(403);
    expect(await rolesOf('developer')).toContain('developer');
    const bad = await setRoles(admin, 'client', ['emperor']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.roles.0');
    expect((await setRoles(admin, '00000000-0000-4000-8000-000000000000', ['client'])).statusCode).toBe(404);
    expect((await setRoles(await t.login('ptcoJobManager'), 'client', ['client'])).statusCode).toBe(403);
  });

  it('lets an issuer manager grant only roles they hold, only to their issuer’s users', async () => {
    await t.db.db.insert(userPermissions).values({ userId: ids.issuer!, permission: 'User_Update' });
    const manager = await t.login('issuer');
    const ok = await setRoles(manager, 'client', [...(await rolesOf('client')), 'JobDetailsAccessor', 'issuerPlus']);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rolesOf('client')).toEqual(expect.arrayContaining(['JobDetailsAccessor', 'issuerPlus']));
    const legacy = await setRoles(manager, 'client', [...(await rolesOf('client')), 'LegacyJobViewAccessor']);
    expect(legacy.statusCode).toBe(403);
    expect((await setRoles(manager, 'client', [...(await rolesOf('client')), 'ptcoJobManager'])).statusCode).toBe(403);
    expect((await setRoles(manager, 'issuerPlus', ['issuerPlus'])).statusCode).toBe(404);
    expect(await rolesOf('issuerPlus')).toContain('JobSummaryAccessor');
  });

  it('maps jobs by owner, direct assignment, issuer manager and Buyers_ViewAll (one access rule)', async () => {
    const all = await mapped('sysAdmin');
    expect(names(all)).toEqual(['J1 Northbridge', 'J2 Meridian', 'J3 Pacific', 'J4 Meridian assigned']);
    expect(all.collection.map((j) => j.name)).toEqual([
      'J4 Meridian assigned',
      'J3 Pacific',
      'J2 Meridian',
      'J1 Northbridge',
    ]);
    expect(all.collection.find((j) => j.name.startsWith('J4'))!.connectionType).toBe('Owner');
    expect(all.collection.find((j) => j.name.startsWith('J1'))!.connectionType).toBeNull();
    expect((await mapped('sysAdmin', {}, '?includeHidden=true')).totalCount).toBe(4);
    expect((await mapped('developer', {}, '?includeHidden=true')).totalCount).toBe(5);
    const manager = await mapped('issuer');
    expect(manager.collection).toEqual([
      expect.objectContaining({ name: 'J1 Northbridge', connectionType: 'IssuerManager' }),
    ]);
    const member = await mapped('client');
    expect(member.collection).toEqual([
      expect.objectContaining({
        name: 'J4 Meridian assigned',
        connectionType: 'DirectAssignment',
        isDirectAssignment: true,
      }),
    ]);
    expect(names(await mapped('accountManager'))).toEqual(['J3 Pacific']);
    expect(names(await mapped('issuerPlus'))).toEqual(['J2 Meridian', 'J4 Meridian assigned']);
    // Each row carries what the caller may do with the job, by the rule the job routes enforce.
    const owned = all.collection.find((j) => j.name.startsWith('J4'))!;
    expect(owned.abilities).toMatchObject({ canRename: true, canChangeOwner: true, canDelete: true });
    const assigned = member.collection[0]!;
    expect(assigned.abilities).toMatchObject({
      canRename: false,
      canChangeOwner: false,
      canPublish: false,
      canDelete: false,
    });
    const rename = await t.call('PATCH', `/api/v1/jobs/${assigned.id}`, {
      cookie: await t.login('client'),
      body: { name: 'Not mine' },
    });
    expect(rename.statusCode).toBe(403);
    const filtered = await mapped('sysAdmin', {
      filters: {
        filterItems: [
          { propertyName: 'issuerName', itemComparisonOperator: 'StartsWith', itemValue: 'Meridian' },
          { propertyName: 'isPublished', itemComparisonOperator: 'Equal', itemValue: false },
        ],
      },
      orderBy: { propertyName: 'name', direction: 'asc' },
    });
    expect(filtered.collection.map((j) => j.name)).toEqual(['J2 Meridian', 'J4 Meridian assigned']);
    const paged = await mapped('sysAdmin', { pageSize: 3, pageNumber: 2 });
    expect(paged).toMatchObject({
      totalCount: 4,
      totalPages: 2,
      currentPage: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
  });

  it('lists the owners of the jobs the caller can see', async () => {
    const of = async (username: string) =>
      (
        await t.call('GET', '/api/v1/authorization/job-owners-filter-items', { cookie: await t.login(username) })
      ).json();
    expect(await of('client')).toEqual([{ id: ids.sysAdmin, ownerName: 'sysAdmin', displayName: 'Sara Admin' }]);
    expect((await of('sysAdmin')).map((o: { ownerName: string }) => o.ownerName)).toEqual([
      'accountManager',
      'ptcoJobManager',
      'sysAdmin',
    ]);
    expect(await of('accountManager')).toEqual([
      { id: ids.accountManager, ownerName: 'accountManager', displayName: 'Aaron Murphy' },
    ]);
  });
});
