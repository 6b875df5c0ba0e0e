/**
 * Attack tests for platform data reachable by tenant users (issue #31 item 2), each performed over HTTP on both
 * databases:
 *
 * 1. An internal administrator grants a tenant user a role or an extra permission carrying a platform-only permission
 *    (PLATFORM_ONLY_PERMISSIONS: translations, chatbot documents, ruleset and system-mode writes, …): refused with a
 *    message naming the permission; a tenant user who may switch roles is not offered, and cannot switch to, such a
 *    role.
 * 2. A tenant user holding platform-only permissions anyway (granted before the rule) is refused every such route,
 *    and does not see them among their permissions; internal staff keep them.
 * 3. Meridian's issuerPlus, given Scoring_VIEW (tenant-scoped), reads a ruleset version: only Meridian's job names
 *    and count, never Northbridge's or Pacific's.
 * 4. A tenant user with the Tools area reads the tool email log (only mail of their issuers), sends in another
 *    tenant's branding (404 like an unknown one), and imports the shared company register (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { brandings, issuers, jobArtifacts, jobRuns, userPermissions, userRoles, users } from '@sextant/db';
import { type TRulesetList, type TRulesetVersionDetail } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

describe.each(dbKinds())('platform data and tenant users (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const brandingIds: Record<string, string> = {};

  const call = async (method: string, url: string, cookie: string, body?: unknown) => {
    const res = await t.call(method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : {} };
  };
  const rolesOf = async (userId: string) =>
    (await t.db.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
  const extrasOf = async (userId: string) =>
    (await t.db.db.select().from(userPermissions).where(eq(userPermissions.userId, userId))).map((r) => r.permission);
  const myPermissions = async (cookie: string) => (await call('GET', '/api/v1/auth/me', cookie)).body.permissions;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    for (const b of await t.db.db.select().from(brandings)) brandingIds[b.brandingKey] = b.brandingId;
  }, 120_000);
  afterAll(async () => t?.close());

  it('attack 1: a platform-only role or permission is refused to a tenant user at grant time and at the switch', async () => {
    // Role grant: sysAdmin (internal) gives Meridian's issuerPlus the sysAdmin role.
    const before = await rolesOf(ids.issuerPlus!);
    const role = await call('POST', `/api/v1/authorization/${ids.issuerPlus}/user-roles`, admin, {
      roles: [...before, 'sysAdmin'],
    });
    // a field error (the administrator stays on the page and reads why), not a 403
    expect(role.status).toBe(400);
    expect(role.body.message).toMatch(/sysAdmin.*only internal staff may hold \(.*Translations_CRUD/);
    expect(await rolesOf(ids.issuerPlus!)).not.toContain('sysAdmin');
    // Extra permissions: each platform-only one is refused, and not offered.
    const url = `/api/v1/users/${ids.issuerPlus}/extra-permissions`;
    for (const permission of ['Translations_CRUD', 'ChatbotDocumentManagement_CRUD', 'Scoring_UPDATE']) {
      const extra = await call('PUT', url, admin, { permissions: [permission] });
      expect(extra.status, permission).toBe(400);
      expect(extra.body.message).toContain(`${permission} to this user: only internal staff may hold it`);
    }
    expect(await extrasOf(ids.issuerPlus!)).toEqual([]);
    const offered = (await call('GET', url, admin)).body.grantable as string[];
    expect(offered).toContain('Scoring_VIEW');
    expect(offered).not.toContain('Translations_CRUD');
    // Internal staff can still be given them.
    const toStaff = await call('PUT', `/api/v1/users/${ids.ptcoJobManager}/extra-permissions`, admin, {
      permissions: ['Translations_CRUD'],
    });
    expect(toStaff.status).toBe(200);
    await call('PUT', `/api/v1/users/${ids.ptcoJobManager}/extra-permissions`, admin, { permissions: [] });

    // Role switching: a tenant user with wide own roles (given before the rule) and canSwitchRoles.
    await t.db.db.insert(userRoles).values({ userId: ids.accountManager!, role: 'sysAdmin' });
    await t.db.db.update(users).set({ canSwitchRoles: true }).where(eq(users.id, ids.accountManager!));
    invalidateAllSessions();
    try {
      const pacific = await t.login('accountManager');
      const switchable = (
        (await call('GET', '/api/v1/auth/switchable-roles', pacific)).body as unknown as {
          role: string;
        }[]
      ).map((r) => r.role);
      expect(switchable).toContain('accountManager');
      expect(switchable).not.toContain('sysAdmin');
      expect(switchable).not.toContain('ptcoJobManager');
      const sw = await call('POST', '/api/v1/auth/switch-roles', pacific, { roles: ['ptcoJobManager'] });
      expect(sw.status).toBe(403);
      expect(sw.body.message).toMatch(/ptcoJobManager: it carries permissions only internal staff may hold/);
      expect(await myPermissions(pacific)).not.toContain('AnalyticsQuery_VIEW');
    } finally {
      await t.db.db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, ids.accountManager!), eq(userRoles.role, 'sysAdmin')));
      await t.db.db.update(users).set({ canSwitchRoles: false }).where(eq(users.id, ids.accountManager!));
      invalidateAllSessions();
    }
  });

  it('attack 2: a tenant user holding platform-only permissions anyway is refused them; internal staff is not', async () => {
    const held = ['Translations_CRUD', 'ChatbotDocumentManagement_CRUD', 'SystemMode_UPDATE', 'Scoring_UPDATE'];
    await t.db.db.insert(userPermissions).values(held.map((permission) => ({ userId: ids.issuer!, permission })));
    invalidateAllSessions();
    try {
      const issuer = await t.login('issuer');
      const perms = (await myPermissions(issuer)) as string[];
      for (const p of held) expect(perms, p).not.toContain(p);
      const attempts: [string, string, unknown][] = [
        // (reading translations needs Translations_VIEW, which tenant roles may hold; writing is platform-only)
        ['PUT', '/api/v1/translations', { language: 'en', key: 'common.save', value: 'Pwned' }],
        ['GET', '/chat/logs', undefined],
        ['DELETE', '/chat/documents?id=00000000-0000-4000-8000-000000000000', undefined],
        ['POST', '/api/v1/system-mode?mode=Live', {}],
        ['POST', '/api/v1/rulesets/scoring', { basedOn: 1 }],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(method, url, issuer, body);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.message, `${method} ${url}`).toMatch(/only internal staff may hold/);
      }
      // The same extra permission on internal staff works.
      expect((await call('GET', '/api/v1/translations?language=de', admin)).status).toBe(200);
    } finally {
      await t.db.db.delete(userPermissions).where(eq(userPermissions.userId, ids.issuer!));
      invalidateAllSessions();
    }
  });

  it('attack 3: Scoring_VIEW shows a tenant user only its own issuers’ jobs that used a version', async () => {
    const jobs = await t.db.db
      .insert(jobArtifacts)
      .values([
        {
          name: 'Meridian — Rheinwerk spend 2026',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.meridian!,
        },
        {
          name: 'Northbridge — Acme Holdings spend',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.northbridge!,
        },
        {
          name: 'Pacific — Cascade Health spend',
          type: 'base',
          ownerId: ids.ptcoJobManager!,
          issuerId: issuerIds.pacific!,
        },
      ])
      .returning();
    await t.db.db.insert(jobRuns).values(
      jobs.map((j) => ({
        jobArtifactId: j.id,
        runNumber: 1,
        status: 'Completed' as const,
        batchId: `b-${j.id}`,
        resultPath: `jobs/${j.id}/runs/1`,
        scoringRulesetVersion: '1',
        confidenceRulesetVersion: '1',
      })),
    );
    // The grant goes through the API: Scoring_VIEW is tenant-scoped, so an internal administrator may give it.
    const granted = await call('PUT', `/api/v1/users/${ids.issuerPlus}/extra-permissions`, admin, {
      permissions: ['Scoring_VIEW', 'Confidence_VIEW'],
    });
    expect(granted.status).toBe(200);
    try {
      const meridian = await t.login('issuerPlus');
      for (const k of ['scoring', 'confidence']) {
        const detail = (await call('GET', `/api/v1/rulesets/${k}/1`, meridian))
          .body as unknown as TRulesetVersionDetail;
        const names = detail.jobs.map((j) => j.jobName);
        expect(names, k).toContain('Meridian — Rheinwerk spend 2026');
        expect(
          names.filter((n) => /Northbridge|Pacific/.test(n)),
          k,
        ).toEqual([]);
        const list = (await call('GET', `/api/v1/rulesets/${k}`, meridian)).body as unknown as TRulesetList;
        expect(list.versions.find((v) => v.version === 1)!.jobsCount, k).toBe(1);
        expect(list.canUpdate).toBe(false);
      }
      // Internal staff still sees every issuer's jobs.
      const all = (await call('GET', '/api/v1/rulesets/scoring/1', admin)).body as unknown as TRulesetVersionDetail;
      expect(all.jobs.map((j) => j.jobName)).toEqual(
        expect.arrayContaining(['Northbridge — Acme Holdings spend', 'Pacific — Cascade Health spend']),
      );
    } finally {
      await call('PUT', `/api/v1/users/${ids.issuerPlus}/extra-permissions`, admin, { permissions: [] });
    }
  });

  it('attack 4: the tool email log and send stay within the caller’s issuers', async () => {
    // Internal staff writes to a Northbridge user in Northbridge's branding (Lloyds).
    const staffMail = await call('POST', '/api/v1/tools/email/send', admin, {
      userIds: [ids.client],
      subject: 'Northbridge renewal figures',
      body: 'Hello {{name}}',
      brandingId: brandingIds.lloyds,
    });
    expect(staffMail.status).toBe(200);
    const granted = await call('PUT', `/api/v1/users/${ids.issuerPlus}/extra-permissions`, admin, {
      permissions: ['Tools_Area_VIEW'],
    });
    expect(granted.status).toBe(200);
    try {
      const meridian = await t.login('issuerPlus');
      const subjects = async (cookie: string) =>
        ((await call('GET', '/api/v1/tools/email/log', cookie)).body.items as { subject: string }[]).map(
          (i) => i.subject,
        );
      expect(await subjects(meridian)).not.toContain('Northbridge renewal figures');
      expect(await subjects(admin)).toContain('Northbridge renewal figures');
      // Another tenant's branding (Lloyds is Northbridge's) is unknown to Meridian, for a send and a preview.
      const message = { addresses: ['someone@meridian.example'], subject: 'Meridian note', body: 'Hi' };
      for (const path of ['send', 'preview']) {
        const foreign = await call('POST', `/api/v1/tools/email/${path}`, meridian, {
          ...message,
          brandingId: brandingIds.lloyds,
        });
        expect(foreign.status, path).toBe(404);
        expect(foreign.body.message).toMatch(/Branding/);
      }
      // Its own branding (HSBC) works, and the message shows in its log.
      const own = await call('POST', '/api/v1/tools/email/send', meridian, {
        ...message,
        brandingId: brandingIds.hsbc,
      });
      expect(own.status).toBe(200);
      expect(await subjects(meridian)).toEqual(['Meridian note']);
      // Northbridge's manager with the Tools area does not see Meridian's message either.
      await t.db.db.insert(userPermissions).values({ userId: ids.issuer!, permission: 'Tools_Area_VIEW' });
      invalidateAllSessions();
      expect(await subjects(await t.login('issuer'))).not.toContain('Meridian note');
      // The company register is shared by every issuer: a tenant cannot import it.
      const imp = await t.upload(
        '/api/v1/tools/companies/register',
        { name: 'register.csv', content: 'number,name\n01234567,PLANTED LTD\n' },
        meridian,
      );
      expect(imp.statusCode).toBe(403);
      expect(imp.json().message).toMatch(/only internal staff/);
    } finally {
      await call('PUT', `/api/v1/users/${ids.issuerPlus}/extra-permissions`, admin, { permissions: [] });
      await t.db.db.delete(userPermissions).where(eq(userPermissions.userId, ids.issuer!));
      invalidateAllSessions();
    }
  });
});
