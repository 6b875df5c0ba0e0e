/**
 * Reliability over HTTP: the session cache answers repeated requests without the database but every
 * change made through the API is effective at once (sign-out, role switch, role change, membership removal);
 * health probes; Prometheus metrics and who may read them; request and correlation ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { buyers, issuers, sessions, users } from '@sextant/db';
import { createTestApp, TEST_ORIGIN, type TestApp } from './harness.ts';
import { authCacheSize, invalidateAllSessions } from '../src/plugins/auth-cache.ts';
import { currentCorrelationId } from '../src/lib/request-context.ts';
import { buildApp } from '../src/app.ts';
import { createProq } from '../src/proq/index.ts';

const TTL_MS = 2_000;

/** A fresh session (the harness shares one cookie per user across tests). */
async function freshLogin(t: TestApp, username: string): Promise<string> {
  const res = await t.call('POST', '/api/v1/auth/login', { body: { username, password: 'demo' } });
  expect(res.statusCode, res.body).toBe(200);
  return `sextant_session=${res.cookies.find((c) => c.name === 'sextant_session')!.value}`;
}

describe.each(dbKinds())('session cache (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // A 2 s TTL so the expiry test is short (the default is 60 s on PGlite, 5 s on PostgreSQL).
    t = await createTestApp(kind, { SESSION_CACHE_TTL_SECONDS: String(TTL_MS / 1000) });
    admin = await t.login('sysAdmin');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers from the cache within the TTL, then reads the database again', async () => {
    const cookie = await freshLogin(t, 'client');
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    expect(authCacheSize()).toBeGreaterThan(0);
    // Deleting the row behind the API's back: the cached session still answers (no database read)…
    const token = cookie.split('=')[1]!;
    const { sha256 } = await import('../src/lib/crypto.ts');
    await t.db.db.delete(sessions).where(eq(sessions.id, sha256(token)));
    const started = Date.now();
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    // …until the TTL has passed (counted from when the entry was stored, before the deletion).
    let status = 200;
    while (status === 200 && Date.now() - started < TTL_MS + 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await t.call('GET', '/api/v1/auth/me', { cookie })).statusCode;
    }
    expect(status).toBe(401);
  }, 60_000);

  it('sign-out is effective at once for the same cookie', async () => {
    const cookie = await freshLogin(t, 'client');
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/logout', { cookie, body: {} })).statusCode).toBe(200);
    const after = await t.call('GET', '/api/v1/auth/me', { cookie });
    expect(after.statusCode).toBe(401);
  });

  it('a role switch and switching back are effective at once', async () => {
    const cookie = await freshLogin(t, 'sysAdmin');
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).json().permissions).toContain('User_CRUD');
    const sw = await t.call('POST', '/api/v1/auth/switch-roles', { cookie, body: { roles: ['client'] } });
    expect(sw.statusCode, sw.body).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).json().permissions).not.toContain('User_CRUD');
    expect((await t.call('POST', '/api/v1/system-mode?mode=Live', { cookie })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/v1/auth/switch-roles', { cookie })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/me', { cookie })).json().permissions).toContain('User_CRUD');
  });

  it('a role taken away by an administrator is effective at once for the signed-in user', async () => {
    // (Deactivation signing out at once is covered by users.test.ts.)
    const cookie = await freshLogin(t, 'client');
    const before = (await t.call('GET', '/api/v1/auth/me', { cookie })).json() as { permissions: string[] };
    expect(before.permissions).toContain('JobSummaryAccessor');
    const set = await t.call('POST', `/api/v1/authorization/${ids.client}/user-roles`, {
      cookie: admin,
      body: { roles: ['client'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await t.call('GET', '/api/v1/auth/me', { cookie })).json() as { permissions: string[] };
    expect(after.permissions).not.toContain('JobSummaryAccessor');
  });

  it('a membership removed by an administrator is effective at once (an issuer manager’s job visibility)', async () => {
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const created = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=Cache test&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`,
      { cookie: await t.login('ptcoJobManager'), body: {} },
    );
    expect(created.statusCode, created.body).toBe(200);
    const cookie = await freshLogin(t, 'issuer');
    const list = async () => {
      const res = await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie, body: {} });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { totalCount: number }).totalCount;
    };
    expect(await list()).toBeGreaterThan(0);
    const del = await t.call('DELETE', `/api/v1/issuers/${nb!.id}/members/${ids.issuer}`, { cookie: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(await list()).toBe(0);
  });
});

describe.each(dbKinds())('health, metrics and request ids (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN: 'a-metrics-token-of-32-characters' });
  }, 120_000);
  afterAll(async () => t?.close());

  it('live and ready answer 200 with their checks, without a session', async () => {
    const live = await t.call('GET', '/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json().status).toBe('ok');
    const ready = await t.call('GET', '/health/ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, storage: { ok: true }, queue: { ok: true } },
    });
  });

  it('maintenance mode does not take the probes down', async () => {
    const dev = await t.login('developer');
    expect((await t.call('POST', '/api/v1/system-mode?mode=Maintenance', { cookie: dev })).statusCode).toBe(200);
    try {
      expect((await t.call('GET', '/health/ready')).statusCode).toBe(200);
      expect((await t.call('GET', '/api/v2/brandings/by-domain')).statusCode).toBe(200);
      expect((await t.call('GET', '/api/v1/buyers/by-issuer/x', { cookie: await t.login('client') })).statusCode).toBe(
        503,
      );
    } finally {
      await t.call('POST', '/api/v1/system-mode?mode=Live', { cookie: dev });
    }
  });

  it('serves metrics with request latency, queue, DuckDB, session cache and process series', async () => {
    const cookie = await t.login('client');
    for (let i = 0; i < 3; i++) await t.call('GET', '/api/v1/auth/me', { cookie });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(
      /sextant_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/auth\/me",status_code="200"\} [3-9]/,
    );
    expect(body).toMatch(/sextant_proq_queue_depth\{state="Pending"\} \d+/);
    expect(body).toMatch(/sextant_proq_oldest_pending_age_seconds \d/);
    expect(body).toMatch(/sextant_job_runs_completed_24h \d+/);
    expect(body).toMatch(/sextant_duckdb_memory_bytes \d+/);
    expect(body).toMatch(/sextant_session_cache_entries [1-9]/);
    expect(body).toContain('sextant_proq_command_duration_seconds');
    expect(body).toMatch(/process_resident_memory_bytes \d+/);
    // Raw URLs (with ids) never become labels.
    expect(body).not.toMatch(/route="\/api\/v1\/jobs\/[0-9a-f-]{36}/);
  });

  it('refuses metrics to forwarded or remote requests without the token', async () => {
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(403);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer a-metrics-token-of-32-characterX' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer a-metrics-token-of-32-characters' },
    });
    expect(right.statusCode).toBe(200);
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const sane = await t.call('GET', '/health/live', { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(sane.headers['x-request-id']).toBe('lb-7f3a.42:1');
    const unsafe = await t.call('GET', '/health/live', { headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.call('GET', '/api/v1/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 from /health/ready when the database is closed', async () => {
    const other = await createTestApp(kind);
    try {
      expect((await other.call('GET', '/health/ready')).statusCode).toBe(200);
      await other.db.close();
      const res = await other.call('GET', '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: false } } });
      expect(JSON.stringify(res.json())).not.toMatch(/postgres:\/\/|password/i);
      expect((await other.call('GET', '/health/live')).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

describe('correlation id', () => {
  it('is the traceparent trace id, else the request id, and current while the request is handled', async () => {
    const t = await createTestApp('pglite');
    const app = await buildApp({
      config: t.config,
      dbh: t.db,
      web: false,
      logger: false,
      proq: createProq({ db: t.db, listen: false }),
    });
    app.get('/test/correlation', { config: { access: { public: true } } }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { correlationId: currentCorrelationId() ?? null };
    });
    await app.ready();
    try {
      const traced = await app.inject({
        method: 'GET',
        url: '/test/correlation',
        headers: { origin: TEST_ORIGIN, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      });
      expect(traced.json().correlationId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      const plain = await app.inject({ method: 'GET', url: '/test/correlation', headers: { 'x-request-id': 'abc-1' } });
      expect(plain.json().correlationId).toBe('abc-1');
      const bad = await app.inject({ method: 'GET', url: '/test/correlation', headers: { traceparent: 'nonsense' } });
      expect(bad.json().correlationId).toBe(bad.headers['x-request-id']);
      // Concurrent requests keep their own ids.
      const many = await Promise.all(
        ['r-1', 'r-2', 'r-3'].map((id) =>
          app.inject({ method: 'GET', url: '/test/correlation', headers: { 'x-request-id': id } }),
        ),
      );
      expect(many.map((r) => r.json().correlationId)).toEqual(['r-1', 'r-2', 'r-3']);
    } finally {
      await app.close();
      invalidateAllSessions();
      await t.close();
    }
  });
});
