/**
 * Issue 13, items 5–9: each attack performed over HTTP against a real app, failing if it works again.
 * Open redirect after sign-in, parallel password guessing past the lockout, argon2 work for unknown users,
 * X-Forwarded-For spoofing, missing security headers, sign-in links kept or logged, prototype keys as paging
 * properties.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { emailOutbox, rateLimits } from '@sextant/db';
import { createTestDb, dbKinds, type TestDb } from '@sextant/db/testing';
import { createTestApp, TEST_ORIGIN, type TestApp } from './harness.ts';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { syncReferenceData } from '../src/seed/reference.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createProq } from '../src/proq/index.ts';
import { argon2Stats, UNKNOWN_USER_HASH_BUDGET_PER_MINUTE } from '../src/lib/passwords.ts';

const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const login = (t: TestApp, username: string, password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/v1/auth/login', { body: { username, password }, headers });
const counts = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe.each(dbKinds())('sign-in attacks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      MAGIC_LINK_MAX_PER_EMAIL: '100',
      MAGIC_LINK_MAX_PER_IP: '100',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    });
  }, 180_000);
  afterAll(async () => t?.close());

  // Each is what a browser would make of the callback: another origin, or a path that becomes one once decoded.
  const REDIRECTS = [
    '/\t/evil.example/', // the reported one: browsers drop the tab → //evil.example/
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '/\\evil.example/',
    '/\\/evil.example/',
    '//evil.example/',
    '///evil.example/',
    '/.//evil.example/',
    '/%09/evil.example/',
    '/%2F%2Fevil.example/',
    '/%2f/evil.example/',
    '/%5Cevil.example/',
    '%2F%2Fevil.example/',
    'https://evil.example/',
    'http://127.0.0.1:3000@evil.example/',
    'javascript:alert(1)',
    ' //evil.example/',
  ];

  it.each(REDIRECTS)('a magic link with callbackUrl %j leads to "/" only', async (callbackUrl) => {
    const email = 'client@northbridge.example';
    await t.db.db.delete(emailOutbox);
    const req = await t.call('POST', '/api/v1/auth/magic-link', { body: { email, callbackUrl } });
    expect(req.statusCode).toBe(200);
    const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const verify = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token: linkToken(mail!.text) } });
    expect(verify.statusCode).toBe(200);
    const returned = verify.json().callbackUrl as string;
    expect(returned).toBe('/');
    // And what a browser makes of it stays here.
    expect(new URL(returned, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
  });

  it('keeps a same-origin callback path as rebuilt by the URL parser', async () => {
    const email = 'tester@sextant.example';
    await t.db.db.delete(emailOutbox);
    await t.call('POST', '/api/v1/auth/magic-link', {
      body: { email, callbackUrl: '/jobs/x/summary?slicer=Overall#top' },
    });
    const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const verify = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token: linkToken(mail!.text) } });
    expect(verify.json().callbackUrl).toBe('/jobs/x/summary?slicer=Overall#top');
  });

  it('judges exactly the limit of 25 parallel wrong passwords for one account, then locks it', async () => {
    const limit = t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    expect(limit).toBe(5);
    const codes = (
      await Promise.all(Array.from({ length: 25 }, (_, i) => login(t, 'accountManager', `wrong-${i}`)))
    ).map((r) => r.statusCode);
    expect(counts(codes)).toEqual({ 401: limit, 429: 25 - limit });
    const right = await login(t, 'accountManager', 'demo');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RateLimited');
  });

  it('does not count a right password against the limit', async () => {
    for (let i = 0; i < 4; i++) expect((await login(t, 'developer', `bad-${i}`)).statusCode).toBe(401);
    expect((await login(t, 'developer', 'demo')).statusCode).toBe(200);
    // The count started again: another 5 wrong ones are judged before the lock.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(t, 'developer', `bad-again-${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('spends no argon2 hash on unknown users beyond a small budget, and still takes as long', async () => {
    const known = performance.now();
    expect((await login(t, 'issuer', 'not-the-password')).statusCode).toBe(401);
    const knownMs = performance.now() - known;
    const before = argon2Stats.verifications + argon2Stats.hashes;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const attempts = 60;
    const results = await Promise.all(
      Array.from({ length: attempts }, async (_, i) => {
        const at = performance.now();
        const res = await login(t, `no-such-user-${i}`, 'guess');
        return { code: res.statusCode, ms: performance.now() - at };
      }),
    );
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const argon2Work = argon2Stats.verifications + argon2Stats.hashes - before;
    expect(results.every((r) => r.code === 401)).toBe(true);
    // At most the budget (plus what refilled during the test) ran a real hash; every other attempt waited instead.
    expect(argon2Work).toBeLessThanOrEqual(UNKNOWN_USER_HASH_BUDGET_PER_MINUTE + 2);
    const fastest = Math.min(...results.map((r) => r.ms));
    expect(fastest).toBeGreaterThan(knownMs * 0.3);
    console.info(
      `[unknown users] ${attempts} attempts: ${argon2Work} argon2 runs, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, ` +
        `wall ${wallMs.toFixed(0)} ms; one known-user check ${knownMs.toFixed(0)} ms, fastest unknown ${fastest.toFixed(0)} ms`,
    );
  });

  it('answers 400 for paging properties that are prototype keys', async () => {
    const admin = await t.login('sysAdmin');
    for (const propertyName of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const [url, body] of [
        ['/api/v1/users/active', { orderBy: { propertyName, direction: 'asc' } }],
        ['/api/v1/users/active', { secondaryOrderBy: { propertyName } }],
        ['/api/v1/buyers/get', { orderBy: { propertyName } }],
        [
          '/api/v1/buyers/get',
          { filters: { filterItems: [{ propertyName, itemComparisonOperator: 'Equal', itemValue: 'x' }] } },
        ],
      ] as const) {
        const res = await t.call('POST', url, { cookie: admin, body });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('ValidationError');
      }
    }
  });
});

describe('X-Forwarded-For and the per-address lockout', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const app = async (env: Record<string, string>) => {
    const t = await createTestApp('pglite', { LOGIN_MAX_FAILURES_PER_IP: '5', ...env });
    apps.push(t);
    return t;
  };

  it('without TRUST_PROXY, a forged header changes nothing: the socket address is locked out', async () => {
    const t = await app({});
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await login(t, `spray-${i}`, 'x', { 'x-forwarded-for': `10.0.0.${i}` })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await login(t, 'issuer', 'demo', { 'x-forwarded-for': '10.1.1.1' })).statusCode).toBe(429);
  }, 120_000);

  it.each(['1', 'true'])(
    'with TRUST_PROXY=%s only the entry our proxy added counts; what the client wrote before it does not',
    async (trust) => {
      const t = await app({ TRUST_PROXY: trust });
      const codes: number[] = [];
      // The client forges a new leftmost address each time; the proxy appends the real one (203.0.113.9).
      for (let i = 0; i < 8; i++)
        codes.push(
          (await login(t, `spray-${i}`, 'x', { 'x-forwarded-for': `10.0.0.${i}, 198.51.100.${i}, 203.0.113.9` }))
            .statusCode,
        );
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // Another client behind the same proxy is not locked out.
      expect((await login(t, 'issuer', 'demo', { 'x-forwarded-for': '10.0.0.1, 203.0.113.77' })).statusCode).toBe(200);
      const keys = (await t.db.db.select().from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith('login:ip'));
      expect(keys.sort()).toEqual(['login:ip:203.0.113.77', 'login:ip:203.0.113.9']);
    },
    120_000,
  );

  it('with TRUST_PROXY=2 the address the outer proxy saw counts', async () => {
    const t = await app({ TRUST_PROXY: '2' });
    for (let i = 0; i < 6; i++)
      await login(t, `spray-${i}`, 'x', { 'x-forwarded-for': `10.0.0.${i}, 192.0.2.5, 203.0.113.9` });
    const keys = (await t.db.db.select().from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith('login:ip'));
    expect(keys).toEqual(['login:ip:192.0.2.5']);
  }, 120_000);

  it('refuses a TRUST_PROXY that would trust every hop', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'all' })).toThrow(/TRUST_PROXY: must be false, true/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '3' }).TRUST_PROXY).toBe(3);
  });
});

describe('security headers on the app and the API', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let dist: string;
  const BOOT = 'window.__boot = 1;';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sextant-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${BOOT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    t = await createTestApp('pglite', { TRUST_PROXY: '1' });
    web = await buildApp({
      config: t.config,
      dbh: t.db,
      web: dist,
      logger: false,
      proq: createProq({ db: t.db, listen: false }),
    });
    await web.ready();
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  const expectStandard = (headers: Record<string, unknown>, what: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('same-origin');
    expect(headers['x-frame-options'], what).toBe('DENY');
    return csp;
  };

  it('sends them on the page, with the inline boot script allowed by its hash only', async () => {
    for (const url of ['/', '/jobs/123/printable/insights', '/login?callbackUrl=%2F']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = expectStandard(res.headers, url);
      const hash = createHash('sha256').update(BOOT).digest('base64');
      expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends them on API answers, errors, refusals and 404s too', async () => {
    const cases = [
      await t.call('GET', '/api/v1/auth/methods'),
      await t.call('GET', '/api/v1/auth/me'),
      await t.call('GET', '/api/v1/nothing-here'),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: 'https://evil.example' } }),
      await t.call('POST', '/api/v1/auth/login', { body: { username: '' } }),
    ];
    expect(cases.map((c) => c.statusCode)).toEqual([200, 401, 404, 403, 400]);
    cases.forEach((c, i) => expectStandard(c.headers, `case ${i}`));
  });

  it('adds HSTS when the request came over https', async () => {
    const res = await t.call('GET', '/api/v1/auth/methods', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.call('GET', '/api/v1/auth/methods');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.each(dbKinds())('sign-in links are neither logged nor kept once delivered in production (%s)', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: SMTPServer;
  const logs: string[] = [];
  const received: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString()));
        stream.on('end', () => {
          received.push(body.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    db = await createTestDb(kind);
    dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-test-data-'));
    await syncReferenceData(db.db);
    await seedDemo(db.db, 'a-strong-production-password');
    const config = loadConfig({
      APP_ENV: 'production',
      LOG_LEVEL: 'trace',
      DATA_DIR: dataDir,
      NETWORK_MERCHANTS: '1000', // the vendor index prepared at start (outside APP_ENV=test): a small network
      PUBLIC_URL: TEST_ORIGIN,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    });
    app = await buildApp({ config, dbh: db, web: false, logStream: { write: (line) => void logs.push(line) } });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.ctx.proq.stop().catch(() => undefined);
    await app?.close();
    await db?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('delivers the live link, keeps only a redacted copy, logs no token, and the link still signs in', async () => {
    const email = 'tester@sextant.example';
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-link',
      headers: { origin: TEST_ORIGIN },
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const token = linkToken(received[0]!)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const rows = await db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('sent');
    expect(rows[0]!.text).toContain('/login/magic?token=[removed]');
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(token);
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-link/verify',
      headers: { origin: TEST_ORIGIN },
      payload: { token },
    });
    expect(verify.statusCode).toBe(200);
    expect(logs.join('\n')).not.toContain(token);
  });

  it('never serves the dev outbox', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: TEST_ORIGIN },
      payload: { username: 'developer', password: 'a-strong-production-password' },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = `sextant_session=${signIn.cookies.find((c) => c.name === 'sextant_session')!.value}`;
    const outbox = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox', headers: { cookie } });
    expect(outbox.statusCode).toBe(503);
    expect(outbox.json().code).toBe('EnvironmentMismatch');
  });
});

describe('without SMTP, production keeps no link either; development keeps it for the Dev outbox', () => {
  it.each([
    ['production', false],
    ['development', true],
  ] as const)(
    'APP_ENV=%s',
    async (appEnv, kept) => {
      const logs: string[] = [];
      const db = await createTestDb('pglite');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-test-data-'));
      await syncReferenceData(db.db);
      await seedDemo(db.db, 'pw');
      const config = loadConfig({
        APP_ENV: appEnv,
        LOG_LEVEL: 'trace',
        DATA_DIR: dataDir,
        NETWORK_MERCHANTS: '1000', // the vendor index prepared at start: a small network
      });
      const app = await buildApp({ config, dbh: db, web: false, logStream: { write: (l) => void logs.push(l) } });
      try {
        await app.ready();
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/magic-link',
          headers: { origin: TEST_ORIGIN },
          payload: { email: 'client@northbridge.example' },
        });
        expect(res.statusCode).toBe(200);
        const [row] = await db.db.select().from(emailOutbox);
        const token = linkToken(row!.text);
        expect(Boolean(token && token !== '[removed]' && token.length > 20)).toBe(kept);
        if (!kept) expect(row!.text).toContain('token=[removed]');
        if (kept) expect(logs.join('\n')).not.toContain(token!);
        expect(logs.join('\n')).toMatch(/magic|outbox|SMTP/i);
        expect(logs.join('\n')).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
      } finally {
        await app.ctx.proq.stop().catch(() => undefined);
        await app.close();
        await db.close();
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      }
    },
    120_000,
  );
});
