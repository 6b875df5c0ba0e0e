import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { systemAuditLog, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('dev API (%s)', (kind) => {
  let t: TestApp;
  let prod: TestApp;
  let dev: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    prod = await createTestApp(kind, { APP_ENV: 'production', DEMO_SEED: 'true' });
    dev = await t.login('developer');
    admin = await t.login('sysAdmin');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  it('raises the log level for a limited time, audited, and ends it on request', async () => {
    const before = (await t.call('GET', '/api/v1/dev/debug-logging', { cookie: dev })).json();
    expect(before).toMatchObject({ level: 'silent', baseLevel: 'silent', revertsAt: null });
    const res = await t.call('POST', '/api/v1/dev/debug-logging', {
      cookie: dev,
      body: { level: 'debug', minutes: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json();
    expect(state.level).toBe('debug');
    const minutesLeft = (Date.parse(state.revertsAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4.9);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    expect(t.app.log.level).toBe('debug');
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(eq(systemAuditLog.action, 'dev.debug-logging.raise'));
    expect(audit).toHaveLength(1);
    const ended = (await t.call('DELETE', '/api/v1/dev/debug-logging', { cookie: dev })).json();
    expect(ended).toMatchObject({ level: 'silent', revertsAt: null });
    const tooLong = await t.call('POST', '/api/v1/dev/debug-logging', {
      cookie: dev,
      body: { level: 'debug', minutes: 600 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('minutes');
  });

  it('anonymises a CSV with consistent pseudonyms and keeps the other columns', async () => {
    const csv =
      'Supplier ID;Supplier Name;Contact Email;Address Line 1;Amount\nS1;Acme Ltd;a@acme.com;1 Main St;10\nS2;ACME LTD ;b@x.com;2 High St;20\nS1;Beta GmbH;a@acme.com;;30\n';
    const preview = await t.upload('/api/v1/dev/anonymize-csv/preview', { name: 'spend.csv', content: csv }, dev);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().columns.map((c: { kind: string }) => c.kind)).toEqual([
      'id',
      'company',
      'email',
      'address',
      'keep',
    ]);
    const res = await t.upload('/api/v1/dev/anonymize-csv', { name: 'spend.csv', content: csv }, dev);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body
      .trim()
      .split('\n')
      .map((l) => l.split(';'));
    expect(rows[0]).toEqual(['Supplier ID', 'Supplier Name', 'Contact Email', 'Address Line 1', 'Amount']);
    expect(rows[1]![0]).toBe(rows[3]![0]); // S1 twice → same pseudonym
    expect(rows[1]![1]).toBe(rows[2]![1]); // "Acme Ltd" and "ACME LTD " → same
    expect(rows[1]![1]).not.toBe(rows[3]![1]);
    expect(rows[3]![3]).toBe(''); // empty stays empty
    expect(rows.map((r) => r[4])).toEqual(['Amount', '10', '20', '30']);
    expect(res.body).not.toMatch(/acme|beta|Main St/i);
    const bad = await t.upload(
      '/api/v1/dev/anonymize-csv/preview',
      { name: 'x.bin', content: Buffer.from([0, 1, 2, 0]) },
      dev,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('lower roles are refused the dev area (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/dev/debug-logging'],
      ['POST', '/api/v1/dev/reset-all-jobs'],
      ['POST', '/api/v1/dev/database-anonymizer'],
      ['GET', '/api/v1/dev/outbox'],
    ] as const) {
      const res = await t.call(method, url, {
        cookie: admin,
        body: method === 'POST' ? { confirm: 'RESET' } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('resets all jobs through a ProQ command, confirmed and audited', async () => {
    const wrong = await t.call('POST', '/api/v1/dev/reset-all-jobs', { cookie: dev, body: { confirm: 'yes' } });
    expect(wrong.statusCode).toBe(400);
    const res = await t.call('POST', '/api/v1/dev/reset-all-jobs', { cookie: dev, body: { confirm: 'RESET' } });
    expect(res.statusCode, res.body).toBe(200);
    const cmd = await t.app.ctx.proq.get(Number(res.json().commandId));
    expect(cmd?.commandType).toBe('dev.resetAllJobs');
    const audit = await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'dev.jobs.reset-all'));
    expect(audit).toHaveLength(1);
  });

  it('anonymises the database except the caller, empties the outbox, audited', async () => {
    const res = await t.call('POST', '/api/v1/dev/database-anonymizer', {
      cookie: dev,
      body: { confirm: 'ANONYMIZE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().users).toBeGreaterThan(5);
    const others = await t.db.db.select().from(users).where(ne(users.username, 'developer'));
    expect(others.every((u) => u.displayName.startsWith('User ') && u.email?.endsWith('@example.invalid'))).toBe(true);
    const me = (await t.db.db.select().from(users).where(eq(users.username, 'developer')))[0]!;
    expect(me.displayName).toBe('Dev Eloper');
    expect(
      await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'dev.database.anonymise')),
    ).toHaveLength(1);
  });

  it('refuses reset and database anonymiser in production (503), changing nothing', async () => {
    const cookie = await prod.login('developer');
    for (const [url, confirm] of [
      ['/api/v1/dev/reset-all-jobs', 'RESET'],
      ['/api/v1/dev/database-anonymizer', 'ANONYMIZE'],
    ] as const) {
      const res = await prod.call('POST', url, { cookie, body: { confirm } });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().code).toBe('EnvironmentMismatch');
    }
    const names = (await prod.db.db.select().from(users)).map((u) => u.displayName);
    expect(names.some((n) => n.startsWith('User '))).toBe(false);
    // debug logging stays available there
    expect((await prod.call('GET', '/api/v1/dev/debug-logging', { cookie })).statusCode).toBe(200);
  });
});
