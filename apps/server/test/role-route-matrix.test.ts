/**
 * Role × route matrix, generated from the route registry: every API route is called by an anonymous client and
 * by a user holding exactly one role, for every role. Enforcement must match the route's declared access:
 * anonymous → 401 on non-public routes; a role lacking a required permission → 403; a role holding them → not
 * 401/403. A route registered without a declaration cannot even start (checked below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { sessions, userRoles, users } from '@sextant/db';
import { and, eq } from 'drizzle-orm';
import {
  JOB_TABS,
  JOB_TYPES,
  RETIRED_ROLES,
  ROLES,
  isRetiredRole,
  mayCreateJobType,
  permissionsOf,
  type TRole,
} from '@sextant/shared';
import { accessAllows, accessPlugin, type RegisteredRoute } from '../src/plugins/access.ts';
import { newToken, sha256 } from '../src/lib/crypto.ts';
import { invalidateUser } from '../src/plugins/auth-cache.ts';
import { seesSupplierScores } from '../src/modules/results/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, ZERO_UUID).replace(/\*$/, 'x');
/** Routes that end the caller's own session are exercised last, once. */
const SESSION_ENDING = new Set(['POST /api/v1/auth/logout']);

describe('role × route matrix', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  const cookies = new Map<TRole, string>();

  beforeAll(async () => {
    t = await createTestApp('pglite');
    // Reads first: a write that changes the caller's own user (terms accepted, profile settings) keeps that user's
    // sessions out of the session cache for a while, and every read after it would load the session again.
    const writes = (r: RegisteredRoute) => (r.method === 'GET' ? 0 : 1);
    routes = t.app.accessRegistry
      .filter((r) => !SESSION_ENDING.has(`${r.method} ${r.url}`))
      .sort((a, b) => writes(a) - writes(b));
    for (const role of ROLES) {
      const [u] = await t.db.db
        .insert(users)
        .values({
          idpId: `matrix-${role}`,
          idProviderName: 'matrix',
          username: `matrix-${role}`,
          displayName: role,
          approved: true,
          // Internal staff: the matrix checks route permissions, not tenant scope (tested per module).
          isInternal: true,
        })
        .returning();
      await t.db.db.insert(userRoles).values({ userId: u!.id, role });
      const token = newToken();
      await t.db.db
        .insert(sessions)
        .values({ id: sha256(token), userId: u!.id, expiresAt: new Date(Date.now() + 3_600_000), method: 'password' });
      cookies.set(role, `sextant_session=${token}`);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists each API route once, each one reachable by some user', () => {
    // Registration without a declaration is refused (last test); this checks the declarations themselves: a route
    // requiring a permission that no role grants could never be called. Users combine roles (e.g. a standard role and
    // an accessor role), so reachability is over all roles together.
    expect(routes.length).toBeGreaterThan(10);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const everyone = { permissions: permissionsOf(ROLES), user: { canSwitchRoles: true } } as Parameters<
      typeof accessAllows
    >[1];
    const unreachable = routes.filter((r) => !accessAllows(r.access, everyone)).map((r) => `${r.method} ${r.url}`);
    expect(unreachable).toEqual([]);
  });

  it('refuses anonymous callers on every non-public route', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const res = await t.call(r.method, concreteUrl(r.url), {
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      if (r.access.public) {
        if (res.statusCode === 401 || res.statusCode === 403)
          failures.push(`${r.method} ${r.url} is public but answered ${res.statusCode}`);
      } else if (res.statusCode !== 401)
        failures.push(`${r.method} ${r.url} answered ${res.statusCode} to an anonymous caller`);
    }
    expect(failures).toEqual([]);
  });

  it('allows exactly the roles whose permissions satisfy each route', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const role of ROLES) {
      const cookie = cookies.get(role)!;
      const auth = { permissions: permissionsOf([role]), user: { canSwitchRoles: false } } as Parameters<
        typeof accessAllows
      >[1];
      for (const r of routes) {
        if (r.access.public) continue;
        const res = await t.call(r.method, concreteUrl(r.url), {
          cookie,
          body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        });
        const allowed = accessAllows(r.access, auth);
        checked++;
        if (allowed && (res.statusCode === 401 || res.statusCode === 403))
          failures.push(
            `${role} should reach ${r.method} ${r.url} but got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        if (!allowed && res.statusCode !== 403)
          failures.push(`${role} should be refused ${r.method} ${r.url} but got ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(ROLES.length * 5);
  }, 180_000);

  // Issue #33: permissions that were granted but gated nothing. Each now gates a declared route (checked for every
  // role above) or a rule of a route; these pin which route and which roles.
  it('gates the translations page read-only by Translations_VIEW and edits by Translations_CRUD', async () => {
    const declared = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.access as { permissions: string[] } | undefined;
    expect(declared('GET', '/api/v1/translations')?.permissions).toEqual(['Translations_VIEW']);
    expect(declared('GET', '/api/v1/translations/export.csv')?.permissions).toEqual(['Translations_VIEW']);
    expect(declared('PUT', '/api/v1/translations')?.permissions).toEqual(['Translations_CRUD']);
    expect(declared('POST', '/api/v1/translations/import')?.permissions).toEqual(['Translations_CRUD']);
    const readOnly = cookies.get('readOnly')!;
    expect((await t.call('GET', '/api/v1/translations?language=de', { cookie: readOnly })).statusCode).toBe(200);
    const put = await t.call('PUT', '/api/v1/translations', {
      cookie: readOnly,
      body: { language: 'de', namespace: 'shell', key: 'x', value: 'y' },
    });
    expect(put.statusCode).toBe(403);
    expect(
      (await t.call('GET', '/api/v1/translations?language=de', { cookie: cookies.get('client')! })).statusCode,
    ).toBe(403);
  });

  it('gates the end-to-end test run by E2ETestRun and user deletion by User_Delete', async () => {
    const declared = (method: string, url: string) =>
      (routes.find((r) => r.method === method && r.url === url)?.access as { permissions: string[] } | undefined)
        ?.permissions;
    expect(declared('POST', '/api/v1/system-audit/system-health-check')).toEqual(['E2ETestRun']);
    expect(declared('POST', '/api/v1/system-audit/command-execute-validate')).toEqual(['E2ETestRun']);
    expect(declared('DELETE', '/api/v1/users/:id')).toEqual(['User_Delete']);
    expect(declared('GET', '/api/v1/users/:id/deletion-preview')).toEqual(['User_Delete']);
    const run = (role: TRole) =>
      t.call('POST', '/api/v1/system-audit/system-health-check', { cookie: cookies.get(role)!, body: {} });
    expect((await run('tester')).statusCode).toBe(200);
    expect((await run('sysAdmin')).statusCode).toBe(403);
    const remove = (role: TRole) => t.call('DELETE', `/api/v1/users/${ZERO_UUID}`, { cookie: cookies.get(role)! });
    expect((await remove('sysAdmin')).statusCode).toBe(404);
    expect((await remove('ptcoJobManager')).statusCode).toBe(403);
  });

  it('lets each job creator create only its job types (SelfServe, MatchedDataOnly; job staff any)', async () => {
    const creatable = (role: TRole) => JOB_TYPES.filter((type) => mayCreateJobType(permissionsOf([role]), type));
    expect(creatable('selfServeJobCreator')).toEqual(['base']);
    expect(creatable('matchedDataOnlyJobCreator')).toEqual(['matched-data-only']);
    expect(creatable('ptcoJobManager')).toEqual(['base', 'matched-data-only', 'advanced']);
    expect(creatable('issuer')).toEqual([]);
    const create = (role: TRole, type: string) =>
      t.call('POST', `/api/v1/job-artifacts?name=Self&type=${type}&issuerId=${ZERO_UUID}`, {
        cookie: cookies.get(role)!,
        body: {},
      });
    const refused = await create('selfServeJobCreator', 'advanced');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/cannot create Consultant Upload jobs|cannot create .* jobs/);
    expect((await create('selfServeJobCreator', 'matched-data-only')).statusCode).toBe(403);
    // Its own type passes the type rule and meets the next one (an issuer it does not work with).
    expect((await create('selfServeJobCreator', 'base')).statusCode).toBe(400);
    expect((await create('matchedDataOnlyJobCreator', 'base')).statusCode).toBe(403);
  });

  it('shapes supplier results by SuppliersScore_VIEW and gates nothing by the retired LegacyJobViewAccessor', async () => {
    // SuppliersScore_VIEW (SPEC §6 "suppliers score view", ptcoJobManager and above): the suppliers routes are the
    // Suppliers tab's (JobSuppliersAccessor); the permission decides whether their answers carry the scores
    // (results suppliers.test.ts checks the columns, rows, filters, export and detail of a real job).
    expect(ROLES.filter((r) => permissionsOf([r]).has('SuppliersScore_VIEW'))).toEqual([
      'ptcoJobManager',
      'sysAdmin',
      'tester',
      'developer',
    ]);
    const declared = (url: string) =>
      (routes.find((r) => r.method === 'GET' && r.url === url)?.access as { permissions: string[] } | undefined)
        ?.permissions;
    expect(declared('/api/v1/jobs/:jobId/results/suppliers')).toEqual(['JobSuppliersAccessor']);
    expect(declared('/api/v1/jobs/:jobId/results/suppliers/:supplierKey')).toEqual(['JobSuppliersAccessor']);
    for (const role of ['client', 'issuer', 'issuerPlus', 'accountManager'] as const)
      expect(seesSupplierScores({ permissions: permissionsOf([role, 'JobSuppliersAccessor']) }), role).toBe(false);
    for (const role of ['ptcoJobManager', 'sysAdmin', 'tester', 'developer'] as const)
      expect(seesSupplierScores({ permissions: permissionsOf([role]) }), role).toBe(true);
    expect(seesSupplierScores({ permissions: permissionsOf(['client'], ['SuppliersScore_VIEW']) })).toBe(true);

    // LegacyJobViewAccessor: SPEC has no legacy job view; no route or job tab needs it, and it is never granted anew.
    expect(RETIRED_ROLES).toEqual(['LegacyJobViewAccessor']);
    expect(routes.filter((r) => JSON.stringify(r.access).includes('LegacyJobViewAccessor'))).toEqual([]);
    expect(JOB_TABS.filter((tab) => tab.permissions.some((p) => isRetiredRole(p)))).toEqual([]);
    const [admin] = await t.db.db.select().from(users).where(eq(users.username, 'matrix-sysAdmin'));
    const [target] = await t.db.db.select().from(users).where(eq(users.username, 'matrix-client'));
    const grant = () =>
      t.call('POST', `/api/v1/authorization/${target!.id}/user-roles`, {
        cookie: cookies.get('sysAdmin')!,
        body: { roles: ['client', 'LegacyJobViewAccessor'] },
      });
    // without holding it, nobody may grant it (403); an administrator still holding it from before gets a 400
    expect((await grant()).statusCode).toBe(403);
    await t.db.db.insert(userRoles).values({ userId: admin!.id, role: 'LegacyJobViewAccessor' });
    invalidateUser(admin!.id);
    try {
      const refused = await grant();
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain('LegacyJobViewAccessor is retired');
    } finally {
      await t.db.db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, admin!.id), eq(userRoles.role, 'LegacyJobViewAccessor')));
      invalidateUser(admin!.id);
    }
    const [roles] = await t.db.db.select().from(userRoles).where(eq(userRoles.userId, target!.id));
    expect(roles!.role).toBe('client');
  });

  it('cannot register an API route without a declared access', async () => {
    const app = Fastify();
    await app.register(cookie);
    await app.register(accessPlugin);
    expect(() => app.get('/api/v1/undeclared', async () => 'x')).toThrow(/does not declare config.access/);
    await app.close();
  });
});
