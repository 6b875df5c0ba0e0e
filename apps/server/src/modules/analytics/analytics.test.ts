import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { analyticsReports, issuerMemberships, issuers, systemAuditLog, userPermissions, users } from '@sextant/db';
import { scanSql, sqlParameterNames } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { toCsv } from './analytics.csv.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

/** The configured limits a test restores after tuning one on its app. */
const DEFAULTS = loadConfig({});

describe('analytics SQL scanning and CSV cells', () => {
  it('finds :parameters outside strings, comments, casts and quoted identifiers', () => {
    const q = `select ':no' as "x:y", $$ :nope $$, created_at::date -- :c\n from v_users /* :d */ where a = :from and b < :to_ and c = :from`;
    expect(sqlParameterNames(q)).toEqual(['from', 'to_']);
    expect(scanSql("select E'it\\'s :x' , 'a''b :y'").filter((t) => t.kind === 'param')).toEqual([]);
  });

  it('neutralises formulas in text cells and quotes separators', () => {
    /** The CSV text of one value (the line below the header). */
    const csvCell = (v: unknown) => toCsv([{ name: 'c', type: 'text' }], [[v]]).slice('\uFEFFc\r\n'.length, -2);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(['a', 'b'])).toBe('"a, b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsv([{ name: 'n', type: 'text' }], [['x']])).toBe('\uFEFFn\r\nx\r\n');
  });
});

describe.each(dbKinds())('analytics API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  const run = (body: Record<string, unknown>, cookie = admin) =>
    t.call('POST', '/api/v1/analytics/run', { cookie, body });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    manager = await t.login('ptcoJobManager');
  });
  afterAll(async () => t?.close());

  it('documents the views and answers rows with typed columns', async () => {
    const views = await t.call('GET', '/api/v1/analytics/views', { cookie: manager });
    expect(views.statusCode).toBe(200);
    expect(views.json().views.map((v: { name: string }) => v.name)).toEqual(
      expect.arrayContaining(['v_users', 'v_issuers', 'v_jobs', 'v_sign_ins', 'v_audit_events']),
    );
    const res = await run({
      sql: "select username, approved, roles, created_at, 2::bigint as n, '2025-03-01'::date as d from v_users where username = :u;",
      parameters: [{ name: 'u', type: 'text' }],
      values: { u: 'issuer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.columns).toEqual([
      { name: 'username', type: 'text' },
      { name: 'approved', type: 'boolean' },
      { name: 'roles', type: 'text' },
      { name: 'created_at', type: 'date' },
      { name: 'n', type: 'number' },
      { name: 'd', type: 'date' },
    ]);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0][0]).toBe('issuer');
    expect(body.rows[0][1]).toBe(true);
    expect(body.rows[0][2]).toContain('issuer');
    expect(body.rows[0][4]).toBe(2);
    expect(body.rows[0][5]).toBe('2025-03-01');
    expect(body.truncated).toBe(false);
  });

  it('exposes no credentials: the views have no password, token or session id columns, and tables are out of reach', async () => {
    const cols = await run({
      sql: "select table_name, column_name from information_schema.columns where table_schema = 'analytics'",
    });
    expect(cols.statusCode, cols.body).toBe(200);
    const names = (cols.json().rows as string[][]).map((r) => r[1]);
    expect(names.length).toBeGreaterThan(40);
    for (const n of names) expect(n).not.toMatch(/password|hash|token|secret/);
    const table = await run({ sql: 'select password_hash from public.users' });
    expect(table.statusCode).toBe(400);
    expect(table.json().message).toMatch(
      /^Only the documented analytics views can be queried: (permission denied|public.users)/,
    );
  });

  it.each([
    ['delete from v_users', 'DELETE'],
    ['insert into analytics_reports (name, sql) values (1, 2)', 'INSERT'],
    ['with gone as (delete from users returning 1) select * from gone', 'DELETE'],
    ['select 1; drop table users', 'DROP'],
    ['select * into copy_of_users from v_users', 'INTO'],
    ['update users set approved = false', 'UPDATE'],
  ])('refuses a query that writes: %s', async (sql, word) => {
    const res = await run({ sql });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Only read-only queries are allowed/);
    expect(res.json().errors[0].path).toBe('sql');
    expect(res.json().message).toContain(word);
  });

  it('refuses a query not starting with SELECT or WITH, and several statements', async () => {
    const res = await run({ sql: 'explain select 1' });
    expect(res.json().message).toMatch(/^Only read-only queries are allowed: a query must start with SELECT or WITH/);
    const two = await run({ sql: 'select 1; select 2' });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/Only one statement is allowed/);
  });

  it('enforces read-only in the database too (a write hidden from the keyword check)', async () => {
    // nextval writes; it passes the keyword check and is refused by the READ ONLY transaction or the role.
    const res = await run({ sql: "select nextval('public.system_audit_log_id_seq')" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Only (read-only queries are allowed|the documented analytics views)/);
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'analytics.query.run'), eq(systemAuditLog.outcome, 'denied')));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('stops a query that runs too long with a clear error', async () => {
    t.config.ANALYTICS_TIMEOUT_MS = 300;
    try {
      const started = Date.now();
      const res = await run({ sql: 'select count(*) from generate_series(1, 100000000000) a' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^The query took longer than 0.3 s and was stopped/);
      expect(Date.now() - started).toBeLessThan(8000);
      // pg_sleep is not even executable by the reader.
      const sleep = await run({ sql: 'select pg_sleep(5)' });
      expect(sleep.statusCode).toBe(400);
      expect(sleep.json().message).toMatch(/^The function pg_sleep is not available to analytics queries/);
      // The sandbox is usable afterwards.
      expect((await run({ sql: 'select 1 as one' })).json().rows).toEqual([[1]]);
    } finally {
      t.config.ANALYTICS_TIMEOUT_MS = DEFAULTS.ANALYTICS_TIMEOUT_MS;
    }
  });

  it('applies the row limit and says the result was truncated', async () => {
    t.config.ANALYTICS_ROW_LIMIT = 10;
    try {
      const res = await run({ sql: 'select g from generate_series(1, 50) g order by g desc' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ rowCount: 10, truncated: true, rowLimit: 10 });
      expect(res.json().rows[0]).toEqual([50]);
    } finally {
      t.config.ANALYTICS_ROW_LIMIT = DEFAULTS.ANALYTICS_ROW_LIMIT;
    }
  });

  it('validates parameters with field-level messages', async () => {
    const undefinedParam = await run({ sql: 'select * from v_users where username = :who' });
    expect(undefinedParam.statusCode).toBe(400);
    expect(undefinedParam.json().errors).toEqual([
      { path: 'parameters', message: 'The query uses :who but no parameter of that name is defined' },
    ]);
    const params = [
      { name: 'since', label: 'Since', type: 'date' },
      { name: 'n', type: 'integer', required: false, defaultValue: 5 },
    ];
    const sql = 'select count(*) as c from v_audit_events where at >= :since limit :n';
    const missing = await run({ sql, parameters: params });
    expect(missing.json().errors).toEqual([{ path: 'values.since', message: 'Since is required' }]);
    const badDate = await run({ sql, parameters: params, values: { since: '2025-02-30' } });
    expect(badDate.json().errors).toEqual([{ path: 'values.since', message: 'Since must be a date (YYYY-MM-DD)' }]);
    const badInt = await run({ sql, parameters: params, values: { since: '2025-01-01', n: '1.5' } });
    expect(badInt.json().errors).toEqual([{ path: 'values.n', message: 'n must be a whole number' }]);
    const good = await run({ sql, parameters: params, values: { since: '2000-01-01' } });
    expect(good.statusCode, good.body).toBe(200);
    const badName = await run({ sql: 'select 1', parameters: [{ name: '1x', type: 'text' }] });
    expect(badName.json().errors[0].path).toBe('body.parameters.0.name');
    const badType = await run({ sql: 'select 1', parameters: [{ name: 'x', type: 'money' }] });
    expect(badType.json().errors[0]).toMatchObject({
      path: 'body.parameters.0.type',
      message: expect.stringContaining('text, number'),
    });
    const syntax = await run({ sql: 'select * from v_nothing' });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().message).toMatch(/^The query could not run: relation "v_nothing" does not exist/);
  });

  it('saves, lists, runs, exports, updates and deletes reports, auditing each change', async () => {
    const bad = await t.call('POST', '/api/v1/analytics/reports', { cookie: admin, body: { sql: '' } });
    expect(bad.statusCode).toBe(400);
    const byPath = Object.fromEntries(
      (bad.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(byPath['body.name']).toBe('Name is required');
    expect(byPath['body.sql']).toBe('SQL is required');
    const writing = await t.call('POST', '/api/v1/analytics/reports', {
      cookie: admin,
      body: { name: 'Bad', sql: 'delete from v_users' },
    });
    expect(writing.statusCode).toBe(400);
    expect(writing.json().message).toMatch(/^Only read-only queries are allowed/);
    const undefinedParam = await t.call('POST', '/api/v1/analytics/reports', {
      cookie: admin,
      body: { name: 'Bad', sql: 'select :x' },
    });
    expect(undefinedParam.json().errors).toEqual([
      { path: 'body.parameters', message: 'The query uses :x but no parameter of that name is defined' },
    ]);

    const created = await t.call('POST', '/api/v1/analytics/reports', {
      cookie: manager,
      body: {
        name: 'Users per status',
        description: 'How many users are in each state',
        sql: "select status, count(*)::int as users, '=1+1' as formula from v_users where username <> :skip group by status order by status",
        parameters: [{ name: 'skip', type: 'text', required: false, defaultValue: 'nobody' }],
        chart: { type: 'bar', xColumn: 'status', yColumns: ['users'] },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const got = (await t.call('GET', `/api/v1/analytics/reports/${id}`, { cookie: admin })).json();
    expect(got).toMatchObject({
      name: 'Users per status',
      createdByUsername: 'ptcoJobManager',
      chart: { type: 'bar' },
    });
    const list = await t.call('POST', '/api/v1/analytics/reports/get', {
      cookie: admin,
      body: {
        filters: { filterItems: [{ propertyName: 'name', itemComparisonOperator: 'Contains', itemValue: 'status' }] },
      },
    });
    expect(list.json().collection.map((r: { id: string }) => r.id)).toEqual([id]);

    const result = await t.call('POST', `/api/v1/analytics/reports/${id}/run`, { cookie: admin, body: { values: {} } });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().rows).toContainEqual(['active', expect.any(Number), '=1+1']);

    const csv = await t.call('GET', `/api/v1/analytics/reports/${id}/csv?skip=issuer`, { cookie: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="users-per-status-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain('status,users,formula\r\n');
    expect(csv.body).toContain(",'=1+1\r\n");

    const adhocCsv = await t.call('POST', '/api/v1/analytics/run/csv', {
      cookie: admin,
      body: { sql: "select '@x' as a" },
    });
    expect(adhocCsv.body).toBe("\uFEFFa\r\n'@x\r\n");

    const upd = await t.call('PUT', `/api/v1/analytics/reports/${id}`, {
      cookie: admin,
      body: { name: 'Users by status', chart: { type: 'pie', xColumn: 'status', yColumns: ['users'] } },
    });
    expect(upd.json()).toEqual({ success: true, statusCode: 200, message: 'Report updated' });
    const updWrite = await t.call('PUT', `/api/v1/analytics/reports/${id}`, {
      cookie: admin,
      body: { sql: 'truncate users' },
    });
    expect(updWrite.statusCode).toBe(400);
    expect((await t.db.db.select().from(analyticsReports).where(eq(analyticsReports.id, id)))[0]!.name).toBe(
      'Users by status',
    );

    const del = await t.call('DELETE', `/api/v1/analytics/reports/${id}`, { cookie: admin });
    expect(del.statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/analytics/reports/${id}`, { cookie: admin })).statusCode).toBe(404);
    const actions = (await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.targetId, id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'analytics.report.create',
        'analytics.report.run',
        'analytics.report.export',
        'analytics.report.update',
        'analytics.report.delete',
      ]),
    );
  });

  it('refuses callers without AnalyticsQuery_VIEW, and tenant users even with it', async () => {
    const issuer = await t.login('issuer');
    expect((await run({ sql: 'select 1' }, issuer)).statusCode).toBe(403);
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    await t.db.db.insert(userPermissions).values({ userId: u!.id, permission: 'AnalyticsQuery_VIEW' });
    invalidateAllSessions(); // a direct database edit: the session cache would answer with the old permissions
    const res = await run({ sql: 'select 1' }, issuer);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/only internal staff/);
    // The same user without memberships would pass: the refusal is the tenant rule, not the permission.
    const [n] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    expect(
      (await t.db.db.select().from(issuerMemberships).where(eq(issuerMemberships.issuerId, n!.id))).length,
    ).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/v1/analytics/run', { body: { sql: 'select 1' } })).statusCode).toBe(401);
  });
});
