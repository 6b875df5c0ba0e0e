import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { brandings, emailOutbox, sessions, signInTokens, systemAuditLog, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe.each(dbKinds())('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '8' });
  });
  afterAll(async () => t?.close());

  it('signs in with a password, sets a hardened cookie, and signs out', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'issuer', password: 'demo' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.username).toBe('issuer');
    expect(body.user.roles.standard.map((r: { role: string }) => r.role)).toEqual(['issuer']);
    expect(body.user.permissions).toContain('AnalysisJobList_VIEW');
    expect(body.user.permissions).not.toContain('User_CRUD');
    expect(body.user.language).toBe('en'); // Northbridge Bank speaks English
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = `sextant_session=${res.cookies[0]!.value}`;
    // The token itself is never stored: only its SHA-256.
    const rows = await t.db.db.select().from(sessions);
    expect(rows.some((s) => s.id === res.cookies[0]!.value)).toBe(false);
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/logout', { cookie })).statusCode).toBe(200);
    const after = await t.call('GET', '/api/v1/auth/me', { cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('Unauthenticated');
  });

  it('refuses wrong credentials with a specific error and audits the failure without the password', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'client', password: 'wrong-secret' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'InvalidCredentials',
      message: 'The username or password is incorrect',
    });
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'auth.sign-in'), eq(systemAuditLog.outcome, 'failure')));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('wrong-secret');
  });

  it('answers malformed bodies with the field and reason', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: '  ' } });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.username', 'body.password']));
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.call('POST', '/api/v1/auth/login', { body: { username: 'accountManager', password: `bad${i}` } }))
          .statusCode,
      ).toBe(401);
    }
    const locked = await t.call('POST', '/api/v1/auth/login', {
      body: { username: 'accountManager', password: 'demo' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RateLimited');
  });

  it('counts failures per client address; a spoofed X-Forwarded-For does not reset the count', async () => {
    // 4 failures were made above from the same address; 8 is the limit in this suite.
    for (let i = 0; i < 4; i++) {
      await t.call('POST', '/api/v1/auth/login', {
        body: { username: `nobody${i}`, password: 'x' },
        headers: { 'x-forwarded-for': `10.9.8.${i}` },
      });
    }
    const res = await t.call('POST', '/api/v1/auth/login', {
      body: { username: 'tester', password: 'demo' },
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(res.statusCode).toBe(429);
    await t.db.db.delete((await import('@sextant/db')).rateLimits);
  });

  it('refuses cross-site state-changing requests but accepts same-origin and header-less clients', async () => {
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'issuer', password: 'demo' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe('CrossSiteRequestRefused');
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { username: 'issuer', password: 'demo' },
    });
    expect(site.statusCode).toBe(403);
    const script = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'issuer', password: 'demo' },
    });
    expect(script.statusCode).toBe(200);
  });

  it('expires idle sessions with the session-expired error', async () => {
    const cookie = await t.login('ptcoJobManager');
    await t.db.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 2 * 3_600_000) });
    invalidateAllSessions(); // a direct database edit: the session cache would answer for up to 5 s
    const res = await t.call('GET', '/api/v1/auth/me', { cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SessionExpired');
  });

  it('refuses deactivated accounts', async () => {
    await t.db.db.update(users).set({ isDeactivated: true }).where(eq(users.username, 'campaignManager'));
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'campaignManager', password: 'demo' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AccountDeactivated');
    await t.db.db.update(users).set({ isDeactivated: false }).where(eq(users.username, 'campaignManager'));
  });

  it('signs in by magic link: single use, hashed, confirmed by POST only', async () => {
    const req = await t.call('POST', '/api/v1/auth/magic-link', {
      body: { email: 'Client@Northbridge.example', callbackUrl: '/analysis' },
    });
    expect(req.statusCode).toBe(200);
    const [mail] = await t.db.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'client@northbridge.example'));
    expect(mail?.status).toBe('outbox');
    const token = linkToken(mail!.text)!;
    expect(token).toBeTruthy();
    const stored = await t.db.db.select().from(signInTokens);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(600_000);
    const ok = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ callbackUrl: '/analysis', user: { username: 'client' } });
    const again = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('InvalidToken');
  });

  it('rejects expired magic links and never reveals whether an address exists', async () => {
    await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'issuerplus@meridian.example' } });
    const [mail] = await t.db.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'issuerplus@meridian.example'));
    await t.db.db.update(signInTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token: linkToken(mail!.text)! } });
    expect(expired.json().code).toBe('InvalidToken');
    const known = await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'tester@sextant.example' } });
    const unknown = await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'nobody@nowhere.example' } });
    expect(unknown.json().message).toBe(known.json().message);
    expect(
      await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nobody@nowhere.example')),
    ).toHaveLength(0);
  });

  it('rate-limits magic-link requests per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'developer@sextant.example' } })).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('sends ineligible users to the lobby: /me works, everything else is refused with UserEligibility', async () => {
    await t.db.db.update(users).set({ approved: false }).where(eq(users.username, 'issuerPlus'));
    const cookie = await t.login('issuerPlus');
    const me = await t.call('GET', '/api/v1/auth/me', { cookie });
    expect(me.json().eligible).toBe(false);
    expect(me.json().language).toBe('de'); // Meridian Trust speaks German
    const other = await t.call('GET', '/api/v2/brandings/all', { cookie });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('UserEligibility');
    await t.db.db.update(users).set({ approved: true }).where(eq(users.username, 'issuerPlus'));
  });

  it('switches roles for users who can, replacing their roles, and switches back', async () => {
    const cookie = await t.login('sysAdmin');
    const switched = await t.call('POST', '/api/v1/auth/switch-roles', {
      cookie,
      body: { roles: ['client', 'JobSummaryAccessor'] },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().permissions).not.toContain('User_CRUD');
    expect(switched.json().ownRoles.standard[0].role).toBe('sysAdmin');
    expect((await t.call('POST', '/api/v1/system-mode?mode=Live', { cookie })).statusCode).toBe(403);
    const back = await t.call('DELETE', '/api/v1/auth/switch-roles', { cookie });
    expect(back.json().permissions).toContain('User_CRUD');
    const clientCookie = await t.login('client');
    expect(
      (await t.call('POST', '/api/v1/auth/switch-roles', { cookie: clientCookie, body: { roles: ['sysAdmin'] } }))
        .statusCode,
    ).toBe(403);
  });

  it('maintenance mode shows only the maintenance message to users without the bypass; read-only refuses writes', async () => {
    const dev = await t.login('developer');
    const issuer = await t.login('issuer');
    expect((await t.call('POST', '/api/v1/system-mode?mode=Maintenance', { cookie: dev })).statusCode).toBe(200);
    const blocked = await t.call('GET', '/api/v2/brandings/all', { cookie: issuer });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().message).toBe(
      'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience',
    );
    expect((await t.call('GET', '/api/v2/brandings/all', { cookie: dev })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/system-mode')).json()).toEqual({ mode: 'Maintenance' });
    await t.call('POST', '/api/v1/system-mode?mode=ReadOnly', { cookie: dev });
    const write = await t.call('POST', '/api/v1/augmented-text?status=true', { cookie: await t.login('sysAdmin') });
    expect(write.statusCode).toBe(503);
    expect(write.json().code).toBe('ReadOnly');
    expect((await t.call('GET', '/api/v2/brandings/all', { cookie: issuer })).statusCode).toBe(200);
    await t.call('POST', '/api/v1/system-mode?mode=Live', { cookie: dev });
    expect((await t.call('GET', '/api/v1/system-mode')).json()).toEqual({ mode: 'Live' });
  });

  it('picks the public branding by domain', async () => {
    const res = await t.call('GET', '/api/v2/brandings/by-domain', { headers: { host: 'mastercard.localhost:3000' } });
    expect(res.json()).toMatchObject({
      brandingKey: 'mastercard',
      theme: 'mastercard',
      brandingDisplayName: 'Mastercard',
    });
    const other = await t.call('GET', '/api/v2/brandings/by-domain', { headers: { host: 'unknown.example' } });
    expect(other.json().brandingKey).toBe('paytech');
  });
});

describe('environment and domain rules', () => {
  it('hands the browser the idle-logout periods of the site configuration, or 0 when it is off', async () => {
    const on = await createTestApp('pglite', { IDLE_WARNING_SECONDS: '600', IDLE_LOGOUT_AFTER_WARNING_SECONDS: '90' });
    const off = await createTestApp('pglite', {
      AUTO_LOGOUT_ON_IDLE_ENABLED: 'false',
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    try {
      const a = (await on.call('GET', '/api/v1/auth/me', { cookie: await on.login('client') })).json();
      expect(a).toMatchObject({ idleTimeoutSeconds: 690, idleWarningSeconds: 90 });
      const b = (await off.call('GET', '/api/v1/auth/me', { cookie: await off.login('client') })).json();
      expect(b.idleTimeoutSeconds).toBe(0);
      // whether the server prints PDFs itself (else the report pages offer the browser's print)
      expect(a.pdfRendering).toBe(existsSync('/usr/bin/chromium'));
      expect(b.pdfRendering).toBe(false);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it("gives the user's own branding, else their first issuer's, and the issuer's language", async () => {
    const t = await createTestApp('pglite');
    try {
      const me = async () => (await t.call('GET', '/api/v1/auth/me', { cookie: await t.login('issuer') })).json();
      expect(await me()).toMatchObject({ effectiveBrandingDisplayName: 'Lloyds', language: 'en' }); // Northbridge's
      const [mastercard] = await t.db.db.select().from(brandings).where(eq(brandings.brandingKey, 'mastercard'));
      await t.db.db.update(users).set({ brandingId: mastercard!.brandingId }).where(eq(users.username, 'issuer'));
      invalidateAllSessions();
      expect(await me()).toMatchObject({
        effectiveBrandingId: mastercard!.brandingId,
        effectiveBrandingDisplayName: mastercard!.brandingDisplayName,
        branding: { theme: mastercard!.theme },
        language: 'en',
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 EnvironmentMismatch for a route not offered in this environment', async () => {
    const t = await createTestApp('pglite', { APP_ENV: 'production' });
    try {
      const res = await t.call('GET', '/api/v1/dev/outbox', { cookie: await t.login('developer') });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('EnvironmentMismatch');
    } finally {
      await t.close();
    }
  });

  it('signs out a user whose branding domain differs from the host, with the domain-redirect error', async () => {
    const t = await createTestApp('pglite', { CROSS_ORIGIN_MODE: 'false' });
    try {
      const cookie = await t.login('issuer'); // Northbridge Bank → Lloyds branding → lloyds.localhost
      const res = await t.call('GET', '/api/v1/auth/me', { cookie, headers: { host: '127.0.0.1:3000' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('DomainRedirect');
      expect(res.json().message).toContain('lloyds.localhost');
      expect(
        (await t.call('GET', '/api/v1/auth/me', { cookie, headers: { host: 'lloyds.localhost:3000' } })).statusCode,
      ).toBe(401);
      const fresh = await t.call('POST', '/api/v1/auth/login', {
        body: { username: 'issuer', password: 'demo' },
        headers: { host: 'lloyds.localhost:3000', origin: 'http://lloyds.localhost:3000' },
      });
      const onDomain = await t.call('GET', '/api/v1/auth/me', {
        cookie: `sextant_session=${fresh.cookies[0]!.value}`,
        headers: { host: 'lloyds.localhost:3000' },
      });
      expect(onDomain.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
