/**
 * Sign-in against real protocol peers on loopback: an OpenID Connect provider (oidc-provider, authorization
 * code + PKCE) and an SMTP server (smtp-server) receiving the magic-link email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import Provider from 'oidc-provider';
import { emailOutbox, signInTokens, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { OIDC_STATE_COOKIE, resetOidcCache } from './auth.service.ts';

const APP_URL = 'http://127.0.0.1:3000';

/** A tiny cookie-keeping client that follows the provider's redirects by hand. */
class Browser {
  private jar = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      this.jar.set(k!.trim(), v.join('='));
    }
    return res;
  }
}

describe('single sign-on with a real OIDC provider', () => {
  let provider: Server;
  let issuerUrl: string;
  let t: TestApp;
  const accounts: Record<string, { email: string; email_verified?: boolean; given_name: string; family_name: string }> =
    {
      'sub-alice': { email: 'issuer@northbridge.example', given_name: 'Alice', family_name: 'Sso' },
      // claims the local "client" account's email without the provider vouching for it
      'sub-claimer': { email: 'CLIENT@northbridge.example', given_name: 'Claire', family_name: 'Mer' },
      // the local "tester" again, this time verified by the provider
      'sub-tester': { email: 'tester@sextant.example', email_verified: true, given_name: 'Tomas', family_name: 'Berg' },
    };

  beforeAll(async () => {
    provider = createServer();
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const oidc = new Provider(issuerUrl, {
      clients: [
        {
          client_id: 'sextant',
          client_secret: 'sextant-secret',
          redirect_uris: [`${APP_URL}/api/v1/auth/oidc/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
      cookies: { keys: ['test-cookie-key'] },
      findAccount: async (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: async () => ({ sub, ...(accounts[sub] ?? {}) }),
      }),
    });
    provider.on('request', oidc.callback());
    resetOidcCache();
    t = await createTestApp('pglite', {
      OIDC_ISSUER_URL: issuerUrl,
      OIDC_CLIENT_ID: 'sextant',
      OIDC_CLIENT_SECRET: 'sextant-secret',
      OIDC_ALLOW_INSECURE: 'true',
      PUBLIC_URL: APP_URL,
      OIDC_PROVIDER_NAME: 'test-idp',
    });
  });
  afterAll(async () => {
    await t?.close();
    provider?.close();
    resetOidcCache();
  });

  /**
   * Runs a sign-in up to the provider's redirect back to us; `callback` opens that URL as the browser that started
   * it (default), or as another one (its Cookie header).
   */
  async function ssoSignIn(
    sub: string,
    opts: { tamper?: (callback: URL) => void; callbackUrl?: string; asBrowser?: (starter: string) => string } = {},
  ) {
    const start = await t.call(
      'GET',
      `/api/v1/auth/oidc/start?callbackUrl=${encodeURIComponent(opts.callbackUrl ?? '/analysis')}`,
    );
    expect(start.statusCode).toBe(302);
    const stateCookie = start.cookies.find((c) => c.name === OIDC_STATE_COOKIE)!;
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth/oidc' });
    const starter = `${OIDC_STATE_COOKIE}=${stateCookie.value}`;
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    const browser = new Browser();
    let res = await browser.fetch(authorize.toString());
    let location = new URL(res.headers.get('location')!, issuerUrl);
    for (let step = 0; step < 10 && location.origin === issuerUrl; step++) {
      if (location.pathname.startsWith('/interaction/')) {
        const page = await browser.fetch(location.toString());
        const html = await page.text();
        const prompt = html.includes('name="login"') ? 'login' : 'consent';
        const body = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'x' } : { prompt });
        res = await browser.fetch(location.toString(), {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      } else {
        res = await browser.fetch(location.toString());
      }
      location = new URL(res.headers.get('location')!, issuerUrl);
    }
    expect(location.origin).toBe(APP_URL);
    opts.tamper?.(location);
    const cookie = opts.asBrowser ? opts.asBrowser(starter) : starter;
    return t.call('GET', `${location.pathname}${location.search}`, cookie ? { cookie } : {});
  }

  it('signs in with authorization code + PKCE and provisions a new identity unapproved, never linked by email', async () => {
    const cb = await ssoSignIn('sub-alice');
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/analysis');
    const cookie = `sextant_session=${cb.cookies.find((c) => c.name === 'sextant_session')!.value}`;
    const me = (await t.call('GET', '/api/v1/auth/me', { cookie })).json();
    expect(me).toMatchObject({ idProviderName: 'test-idp', idpId: 'sub-alice', givenName: 'Alice', eligible: false });
    // The local "issuer" account with the same email is a different user.
    const [local] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    expect(me.id).not.toBe(local!.id);
    // A second sign-in finds the same user by (idProviderName, idpId).
    const again = await ssoSignIn('sub-alice');
    const cookie2 = `sextant_session=${again.cookies.find((c) => c.name === 'sextant_session')!.value}`;
    expect((await t.call('GET', '/api/v1/auth/me', { cookie: cookie2 })).json().id).toBe(me.id);
  });

  it('never links, merges or mails a sign-in link on an email the provider did not verify', async () => {
    const admin = await t.login('sysAdmin');
    const cb = await ssoSignIn('sub-claimer');
    expect(cb.headers.location).toBe('/analysis');
    const [claimer] = await t.db.db.select().from(users).where(eq(users.idpId, 'sub-claimer'));
    const [client] = await t.db.db.select().from(users).where(eq(users.username, 'client'));
    expect(claimer).toMatchObject({ email: 'CLIENT@northbridge.example', emailVerified: false });
    // Before: grouped with the local "client" account on the email alone, and mergeable.
    const groups = (await t.call('GET', '/api/v1/linked-accounts', { cookie: admin })).json();
    const emailsOf = (g: { accounts: { id: string }[] }[]) => g.flatMap((x) => x.accounts.map((a) => a.id));
    expect(emailsOf(groups)).not.toContain(claimer!.id);
    const preview = await t.call('POST', '/api/v1/linked-accounts/preview', {
      cookie: admin,
      body: { sourceUserId: client!.id, targetUserId: claimer!.id },
    });
    expect(preview.json().blockers).toContainEqual(expect.stringMatching(/to keep \(.*\) is not verified/));
    const merge = await t.call('POST', '/api/v1/linked-accounts/merge', {
      cookie: admin,
      body: { sourceUserId: client!.id, targetUserId: claimer!.id },
    });
    expect(merge.statusCode).toBe(409);
    const [after] = await t.db.db.select().from(users).where(eq(users.username, 'client'));
    expect(after!.isDeactivated).toBe(false);
    // Nor does it suggest the issuer of that email's domain when an administrator assigns issuers.
    const suggested = await t.call('GET', `/api/v1/users/${claimer!.id}/potential-user-issuers`, { cookie: admin });
    expect(suggested.statusCode, suggested.body).toBe(200);
    expect(suggested.json().length).toBeGreaterThan(0);
    expect(suggested.json().filter((i: { matchesEmailDomain: boolean }) => i.matchesEmailDomain)).toEqual([]);
    // A sign-in link for that email goes to the verified local account only.
    await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'client@northbridge.example' } });
    const [link] = await t.db.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.email, 'client@northbridge.example'));
    expect(link!.userId).toBe(client!.id);

    // The same person verified by the provider is grouped with the local account.
    await ssoSignIn('sub-tester');
    const [sso] = await t.db.db.select().from(users).where(eq(users.idpId, 'sub-tester'));
    expect(sso!.emailVerified).toBe(true);
    const verified = (await t.call('GET', '/api/v1/linked-accounts', { cookie: admin })).json();
    expect(emailsOf(verified)).toContain(sso!.id);
    // Once the provider stops vouching for it, the email is unverified again.
    accounts['sub-tester']!.email_verified = false;
    await ssoSignIn('sub-tester');
    expect((await t.db.db.select().from(users).where(eq(users.idpId, 'sub-tester')))[0]!.emailVerified).toBe(false);
    expect(emailsOf((await t.call('GET', '/api/v1/linked-accounts', { cookie: admin })).json())).not.toContain(sso!.id);
  });

  it('signs existing identities in during read-only mode but provisions no new one', async () => {
    const dev = await t.login('developer');
    expect((await t.call('POST', '/api/v1/system-mode?mode=ReadOnly', { cookie: dev })).statusCode).toBe(200);
    try {
      const known = await ssoSignIn('sub-alice');
      expect(known.headers.location).toBe('/analysis');
      const fresh = await ssoSignIn('sub-newcomer');
      expect(fresh.headers.location).toBe('/login?error=ReadOnly');
      expect(fresh.cookies.find((c) => c.name === 'sextant_session')).toBeUndefined();
      expect(await t.db.db.select().from(users).where(eq(users.idpId, 'sub-newcomer'))).toHaveLength(0);
    } finally {
      await t.call('POST', '/api/v1/system-mode?mode=Live', { cookie: dev });
    }
  });

  it('refuses a callback whose state is unknown', async () => {
    const cb = await ssoSignIn('sub-bob', { tamper: (u) => u.searchParams.set('state', 'forged-state') });
    expect(cb.statusCode).toBe(302);
    expect(String(cb.headers.location)).toMatch(/^\/login\?error=/);
    expect(cb.cookies.find((c) => c.name === 'sextant_session')).toBeUndefined();
  });

  it('refuses a callback opened in a browser that did not start the sign-in (login CSRF)', async () => {
    // The attacker signs in at the provider with their own account and, instead of following the redirect back,
    // has the victim open it: without the state cookie of the attacker's browser the callback signs nobody in.
    const withoutCookie = await ssoSignIn('sub-mallory', { asBrowser: () => '' });
    expect(withoutCookie.statusCode).toBe(302);
    expect(withoutCookie.headers.location).toBe('/login?error=InvalidToken');
    expect(withoutCookie.cookies.find((c) => c.name === 'sextant_session')).toBeUndefined();
    // A victim who has a sign-in of her own under way holds another state: refused too.
    const victimStart = await t.call('GET', '/api/v1/auth/oidc/start');
    const victimState = victimStart.cookies.find((c) => c.name === OIDC_STATE_COOKIE)!.value;
    const otherBrowser = await ssoSignIn('sub-mallory', { asBrowser: () => `${OIDC_STATE_COOKIE}=${victimState}` });
    expect(otherBrowser.headers.location).toBe('/login?error=InvalidToken');
    expect(otherBrowser.cookies.find((c) => c.name === 'sextant_session')).toBeUndefined();
    // The state cookie is cleared by the callback either way.
    expect(otherBrowser.cookies.find((c) => c.name === OIDC_STATE_COOKIE)?.value).toBe('');
    expect(await t.db.db.select().from(users).where(eq(users.idpId, 'sub-mallory'))).toHaveLength(0);
  });

  it('follows only same-origin callback paths after single sign-on', async () => {
    const cb = await ssoSignIn('sub-alice', { callbackUrl: '/\t/evil.example/' });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/');
    const ok = await ssoSignIn('sub-alice', { callbackUrl: '/jobs?tab=mine#top' });
    expect(ok.headers.location).toBe('/jobs?tab=mine#top');
  });
});

describe('email over real SMTP', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: APP_URL });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the magic-link email over SMTP and the link signs in once', async () => {
    const res = await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'tester@sextant.example' } });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('tester@sextant.example');
    const unfolded = received[0]!.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /\/login\/magic\?token=([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
    expect(token).toBeTruthy();
    const [row] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'tester@sextant.example'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    const verify = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.username).toBe('tester');
  });
});
