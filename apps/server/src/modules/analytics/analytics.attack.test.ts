/**
 * Attacks on the analytics query sandbox over HTTP (DESIGN §6): as an internal user with
 * AnalyticsQuery_VIEW, try to leave the documented analytics views (role reset with set_config, dynamic SQL in
 * query_to_xml / ts_stat, file and large-object functions, dblink, advisory locks) and to hold the server with a
 * slow query. Every attempt must answer an error without data, and other requests must keep their normal speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { emailOutbox, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';

/** The configured limits a test restores after tuning one on its app. */
const DEFAULTS = loadConfig({});

const MARKER = `magic-token-${Math.random().toString(36).slice(2)}`;

describe.each(dbKinds())('analytics sandbox attacks (%s)', (kind) => {
  let t: TestApp;
  let manager: string;
  let secrets: string[];
  const run = (sql: string, cookie = manager) => t.call('POST', '/api/v1/analytics/run', { cookie, body: { sql } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = await t.login('ptcoJobManager');
    // A live sign-in link waiting in the outbox: its token must never be readable through analytics.
    await t.db.db.insert(emailOutbox).values({
      toAddress: 'ptco.jobmanager@example.com',
      fromAddress: 'no-reply@sextant.local',
      subject: 'Your sign-in link',
      text: `Sign in: http://127.0.0.1:3000/magic?token=${MARKER}`,
    });
    const hashes = await t.db.db.select({ h: users.passwordHash }).from(users);
    secrets = [MARKER, ...hashes.map((r) => r.h).filter((h): h is string => !!h)];
    expect(secrets.length).toBeGreaterThan(3);
  });
  afterAll(async () => t?.close());

  const expectNoSecret = (body: string) => {
    for (const s of secrets) expect(body).not.toContain(s);
    expect(body).not.toMatch(/\$argon2|magic-token-/);
  };

  it.each([
    [
      'the role reset with set_config, then query_to_xml over users',
      "WITH s AS MATERIALIZED (SELECT set_config('role','none',true) r) SELECT query_to_xml('select username, password_hash from public.users', true, false, '') FROM s",
    ],
    [
      'the same over the email outbox (sign-in tokens)',
      "WITH s AS MATERIALIZED (SELECT set_config('role','none',true) r) SELECT query_to_xml('select text from public.email_outbox', true, false, '') FROM s",
    ],
    ['set_config spelled as a Unicode identifier', `select U&"\\0073et_config"('role', 'none', true)`],
    [
      'query_to_xml without a role change',
      "select query_to_xml('select password_hash from public.users', true, false, '')",
    ],
    ['table_to_xml', "select table_to_xml('public.email_outbox', true, false, '')"],
    ['ts_stat dynamic SQL', "select * from ts_stat('select to_tsvector(password_hash) from public.users')"],
    ['a direct read of public.users', 'select username, password_hash from public.users'],
    ['a direct read of public.email_outbox', 'select text from public.email_outbox'],
    ['a read of the sessions table', 'select * from public.sessions'],
    ['pg_read_file', "select pg_read_file('/etc/passwd')"],
    ['lo_import', "select lo_import('/etc/passwd')"],
    ['dblink', "select * from dblink('dbname=postgres', 'select password_hash from public.users') as t(h text)"],
    ['an advisory lock the migrator and the queue use', 'select pg_advisory_lock(727274001)'],
    ['statement_timeout switched off', "select set_config('statement_timeout', '0', false)"],
  ])('refuses %s, without data', async (_name, sql) => {
    const res = await run(sql);
    expect(res.statusCode, res.body).toBe(400);
    expectNoSecret(res.body);
  });

  it('keeps the sandbox usable for the documented views after the attempts', async () => {
    const res = await run("select username from v_users where username = 'ptcoJobManager'");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([['ptcoJobManager']]);
  });

  it('a slow query is stopped with a clear error, and other requests keep their normal speed meanwhile', async () => {
    // Another endpoint that reads the database: the saved reports list.
    const me = async () => {
      const started = performance.now();
      const res = await t.call('POST', '/api/v1/analytics/reports/get', { cookie: manager, body: {} });
      expect(res.statusCode, res.body).toBe(200);
      return performance.now() - started;
    };
    for (let i = 0; i < 3; i++) await me(); // warm up
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push(await me());

    const admin = await t.login('sysAdmin');
    // Both sandboxes (reader connections or workers) started, so the timing below measures queries, not start-up.
    const warm = await Promise.all([run('select 1'), run('select 2', admin)]);
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200]);
    t.config.ANALYTICS_TIMEOUT_MS = 3000;
    try {
      const started = performance.now();
      // Hidden in a string so no keyword check sees it, plus a long computation that needs no function at all.
      const sleeping = run("select query_to_xml('select pg_sleep(30)', true, false, '')");
      const counting = run('select count(*) from generate_series(1, 100000000000) a', admin);
      // A frozen server shows here as a late timer (PGlite used to run the sleep on the main thread).
      const waitFrom = performance.now();
      await new Promise((r) => setTimeout(r, 1000));
      const lag = performance.now() - waitFrom - 1000;
      const busy: number[] = [];
      for (let i = 0; i < 5; i++) busy.push(await me());
      const [s, c] = await Promise.all([sleeping, counting]);
      const total = performance.now() - started;
      console.info(
        `[${kind}] reports list quiet ms ${quiet.map(Math.round).join(',')}; during slow analytics ms ${busy.map(Math.round).join(',')} (timer lag ${Math.round(lag)} ms); ` +
          `slow queries answered after ${Math.round(total)} ms (${s.statusCode}, ${c.statusCode})`,
      );
      expect(s.statusCode, s.body).toBe(400);
      expect(c.statusCode, c.body).toBe(400);
      expect(c.json().message).toMatch(/^The query took longer than 3 s and was stopped/);
      expect(total).toBeLessThan(10_000);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      expect(median(busy)).toBeLessThan(Math.max(250, median(quiet) * 5));
      expect(Math.max(...busy)).toBeLessThan(1500);
      expect(lag).toBeLessThan(500);
    } finally {
      t.config.ANALYTICS_TIMEOUT_MS = DEFAULTS.ANALYTICS_TIMEOUT_MS;
    }
    // And the sandbox answers again afterwards.
    const again = await run('select count(*)::int as n from v_users');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('one user cannot hold every sandbox: a second concurrent query of the same user is refused', async () => {
    t.config.ANALYTICS_TIMEOUT_MS = 1500;
    try {
      const first = run('select count(*) from generate_series(1, 100000000000) a');
      await new Promise((r) => setTimeout(r, 100));
      const second = await run('select 1');
      expect(second.statusCode, second.body).toBe(429);
      expect(second.json().message).toMatch(/already have an analytics query running/);
      expect((await first).statusCode).toBe(400);
    } finally {
      t.config.ANALYTICS_TIMEOUT_MS = DEFAULTS.ANALYTICS_TIMEOUT_MS;
    }
  });

  if (kind === 'postgres')
    it('the reader is its own login: not a superuser, not a member of the application role, no table rights', async () => {
      const [r] = await t.db.query<{
        super: boolean;
        login: boolean;
        member: boolean;
        users: boolean;
        outbox: boolean;
        setconfig: boolean;
        sleep: boolean;
      }>(
        `select r.rolsuper as super, r.rolcanlogin as login,
           pg_has_role('sextant_analytics_reader', current_user, 'member') as member,
           has_table_privilege('sextant_analytics_reader', 'public.users', 'select') as users,
           has_table_privilege('sextant_analytics_reader', 'public.email_outbox', 'select') as outbox,
           has_function_privilege('sextant_analytics_reader', 'set_config(text,text,boolean)', 'execute') as setconfig,
           has_function_privilege('sextant_analytics_reader', 'pg_sleep(double precision)', 'execute') as sleep
         from pg_roles r where r.rolname = 'sextant_analytics_reader'`,
      );
      expect(r).toEqual({
        super: false,
        login: true,
        member: false,
        users: false,
        outbox: false,
        setconfig: false,
        sleep: false,
      });
      const who = await run('select current_user as u, session_user as s');
      expect(who.json().rows).toEqual([['sextant_analytics_reader', 'sextant_analytics_reader']]);
    });

  if (kind === 'postgres')
    it('without the function revocation (a non-superuser deployment) the separate login still holds: no data, stopped in time', async () => {
      // As if the application could not revoke: set_config, query_to_xml and pg_sleep executable by everybody again.
      for (const f of [
        'set_config(text,text,boolean)',
        'query_to_xml(text,boolean,boolean,text)',
        'pg_sleep(double precision)',
      ])
        await t.db.query(`grant execute on function ${f} to public`);
      try {
        const escape = await run(
          "WITH s AS MATERIALIZED (SELECT set_config('role','none',true) r) SELECT query_to_xml('select username, password_hash from public.users', true, false, '') FROM s",
        );
        expect(escape.statusCode, escape.body).toBe(400);
        expect(escape.json().message).toMatch(/^Only the documented analytics views can be queried: permission denied/);
        expectNoSecret(escape.body);
        const [app] = await t.db.query<{ u: string }>('select current_user as u');
        const become = await run(`select set_config('role', '${app!.u}', true)`);
        expect(become.statusCode, become.body).toBe(400);
        expectNoSecret(become.body);
        // The statement timeout switched off inside the query: the server cancels the backend itself.
        t.config.ANALYTICS_TIMEOUT_MS = 1000;
        const started = performance.now();
        const sleep = await run("select set_config('statement_timeout', '0', true), pg_sleep(30)");
        const took = performance.now() - started;
        expect(sleep.statusCode, sleep.body).toBe(400);
        expect(sleep.json().message).toMatch(/^The query took longer than 1 s and was stopped/);
        expect(took).toBeLessThan(5000);
      } finally {
        t.config.ANALYTICS_TIMEOUT_MS = DEFAULTS.ANALYTICS_TIMEOUT_MS;
        for (const f of [
          'set_config(text,text,boolean)',
          'query_to_xml(text,boolean,boolean,text)',
          'pg_sleep(double precision)',
        ])
          await t.db.query(`revoke execute on function ${f} from public`);
      }
    });

  it('the email outbox row is still there (the attack test inspected real data)', async () => {
    const rows = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Your sign-in link'));
    expect(rows[0]?.text).toContain(MARKER);
  });
});
