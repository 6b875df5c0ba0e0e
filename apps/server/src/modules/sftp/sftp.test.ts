import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ssh2 from 'ssh2';
import { dbKinds } from '@sextant/db/testing';
import {
  buyers,
  issuerMemberships,
  issuers,
  jobArtifacts,
  jobFiles,
  jobRuns,
  sftpConfigs,
  systemAuditLog,
  userPermissions,
  users,
} from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startSftpServer, type TestSftpServer } from '../../../test/sftp-server.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

const PASSWORD = 'loopback-secret-9f3c';
const SUPPLIERS = [
  'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
  ...Array.from(
    { length: 12 },
    (_, i) => `V${i};Supplier ${i} Ltd;${i + 1} High Street;AB${i} 1CD;London;GB;${(i + 1) * 100}`,
  ),
].join('\n');

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** No response may carry a secret: neither the field names nor the values. */
function expectNoSecrets(body: string, ...values: string[]) {
  expect(body).not.toMatch(/"(password|privateKey|passphrase|secretEnc)":/);
  for (const v of values) expect(body).not.toContain(v);
}

describe.each(dbKinds())('SFTP sources (%s)', (kind) => {
  let t: TestApp;
  let sftp: TestSftpServer;
  let admin: string;
  let northbridgeId: string;
  let meridianId: string;
  let buyerId: string;
  let configId: string;
  const key = ssh2.utils.generateKeyPairSync('ed25519');
  const input = (over: Record<string, unknown> = {}) => ({
    issuerId: northbridgeId,
    name: 'Northbridge drop',
    host: '127.0.0.1',
    port: sftp.port,
    username: 'drop',
    authMethod: 'password',
    password: PASSWORD,
    folder: '/outgoing',
    filePattern: 'suppliers-*.csv',
    buyerId,
    jobType: 'base',
    scheduleMinutes: null,
    enabled: true,
    ...over,
  });

  beforeAll(async () => {
    sftp = await startSftpServer({ username: 'drop', password: PASSWORD, publicKey: key.public });
    sftp.put('/outgoing/suppliers-2026-11.csv', SUPPLIERS);
    sftp.put('/outgoing/readme.txt', 'not data');
    sftp.put('/outgoing/payments-2026-11.csv', 'a;b\n1;2');
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '500', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    admin = await t.login('sysAdmin');
    const byKey = async (k: string) => (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, k)))[0]!.id;
    northbridgeId = await byKey('northbridge');
    meridianId = await byKey('meridian');
    buyerId = (await t.db.db.select().from(buyers).where(eq(buyers.issuerId, northbridgeId)))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sftp?.close();
  });

  it('tests a connection: lists the folder with the files matching the pattern', async () => {
    const res = await t.call('POST', '/api/v1/devops/sftp-configurations/test', { cookie: admin, body: input() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.files.map((f: { name: string; matches: boolean }) => [f.name, f.matches])).toEqual([
      ['payments-2026-11.csv', false],
      ['readme.txt', false],
      ['suppliers-2026-11.csv', true],
    ]);
    expectNoSecrets(res.body, PASSWORD);
  });

  it('reports a failed connection test: wrong password, wrong folder, nothing listening', async () => {
    const wrong = (
      await t.call('POST', '/api/v1/devops/sftp-configurations/test', {
        cookie: admin,
        body: input({ password: 'wrong-password' }),
      })
    ).json();
    expect(wrong).toMatchObject({ success: false, files: [] });
    expect(wrong.message).toMatch(/^Connection failed: .*authentication/i);
    const folder = (
      await t.call('POST', '/api/v1/devops/sftp-configurations/test', {
        cookie: admin,
        body: input({ folder: '/missing' }),
      })
    ).json();
    expect(folder).toMatchObject({ success: false });
    expect(folder.message).toContain('/missing');
    const closed = (
      await t.call('POST', '/api/v1/devops/sftp-configurations/test', {
        cookie: admin,
        body: input({ port: 1 }),
      })
    ).json();
    expect(closed.success).toBe(false);
    expect(closed.message).toMatch(/ECONNREFUSED/);
  });

  it('signs in with a private key', async () => {
    const res = await t.call('POST', '/api/v1/devops/sftp-configurations/test', {
      cookie: admin,
      body: input({ authMethod: 'privateKey', password: undefined, privateKey: key.private }),
    });
    expect(res.json()).toMatchObject({ success: true });
    const bad = await t.call('POST', '/api/v1/devops/sftp-configurations/test', {
      cookie: admin,
      body: input({ authMethod: 'privateKey', password: undefined, privateKey: 'not a key' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('privateKey');
  });

  it('creates a source with the password stored encrypted and never returned; audited', async () => {
    const res = await t.call('POST', '/api/v1/devops/sftp-configurations', { cookie: admin, body: input() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    configId = body.id;
    expect(body).toMatchObject({ hasPassword: true, hasPrivateKey: false, issuerName: expect.any(String), pulls: [] });
    expectNoSecrets(res.body, PASSWORD);
    const [row] = await t.db.db.select().from(sftpConfigs).where(eq(sftpConfigs.id, configId));
    expect(row!.secretEnc).not.toContain(PASSWORD);
    expect(Buffer.from(row!.secretEnc, 'base64').toString('latin1')).not.toContain(PASSWORD);
    for (const url of ['/api/v1/devops/sftp-configurations', `/api/v1/devops/sftp-configurations/${configId}`]) {
      const got = await t.call('GET', url, { cookie: admin });
      expect(got.statusCode).toBe(200);
      expectNoSecrets(got.body, PASSWORD, row!.secretEnc);
    }
    const audits = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'sftp.create'), eq(systemAuditLog.targetId, configId)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.details)).not.toContain(PASSWORD);
  });

  it('names each invalid field and writes nothing', async () => {
    const before = (await t.db.db.select().from(sftpConfigs)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ port: 70000 }, 'port'],
      [{ host: '' }, 'host'],
      [{ password: undefined }, 'password'],
      [{ scheduleMinutes: 1 }, 'scheduleMinutes'],
      [{ buyerId: '00000000-0000-4000-8000-000000000000' }, 'buyerId'],
      [{ issuerId: 'x' }, 'issuerId'],
    ];
    for (const [over, field] of cases) {
      const res = await t.call('POST', '/api/v1/devops/sftp-configurations', { cookie: admin, body: input(over) });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path.replace(/^body\./, '')),
        field,
      ).toContain(field);
    }
    expect((await t.db.db.select().from(sftpConfigs)).length).toBe(before);
  });

  it('keeps the stored password when an update leaves it out', async () => {
    const res = await t.call('PUT', `/api/v1/devops/sftp-configurations/${configId}`, {
      cookie: admin,
      body: input({ password: undefined, name: 'Northbridge drop folder' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Northbridge drop folder', hasPassword: true });
    const test = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
      cookie: admin,
      body: input({ password: undefined }),
    });
    expect(test.json().success).toBe(true);
  });

  it('a pull creates a job from the matching file, runs it, and ignores the others; a second pull finds nothing new', async () => {
    await t.app.ctx.proq.start();
    const pull = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/pull`, { cookie: admin });
    expect(pull.statusCode, pull.body).toBe(200);
    const detail = await until(
      async () => (await t.call('GET', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: admin })).json(),
      (d) => d.lastPullStatus !== null,
    );
    expect(detail.lastPullStatus, detail.lastPullMessage).toBe('ok');
    expect(detail.pulls).toHaveLength(1);
    expect(detail.pulls[0]).toMatchObject({
      remotePath: '/outgoing/suppliers-2026-11.csv',
      jobName: expect.stringContaining('suppliers-2026-11.csv'),
    });
    expect(detail.lastPullMessage).toContain('2 not matching');
    const jobId = detail.pulls[0].jobId as string;
    const [job] = await t.db.db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId));
    expect(job).toMatchObject({ issuerId: northbridgeId, buyerId, type: 'base' });
    const files = await t.db.db.select().from(jobFiles).where(eq(jobFiles.jobArtifactId, jobId));
    expect(files.map((f) => [f.originalName, f.status])).toEqual([['suppliers-2026-11.csv', 'validated']]);
    expect((await t.db.db.select().from(jobRuns).where(eq(jobRuns.jobArtifactId, jobId))).length).toBe(1);
    const jobsBefore = (await t.db.db.select().from(jobArtifacts)).length;
    await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/pull`, { cookie: admin });
    const again = await until(
      async () => (await t.call('GET', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: admin })).json(),
      (d) => d.lastPullMessage?.startsWith('No new files'),
    );
    expect(again.lastPullMessage).toMatch(/^No new files matching suppliers-\*\.csv/);
    expect((await t.db.db.select().from(jobArtifacts)).length).toBe(jobsBefore);
    await t.app.ctx.proq.stop();
  }, 120_000);

  it('refuses lower roles (403) and hides other issuers’ sources (404)', async () => {
    const manager = await t.login('ptcoJobManager');
    expect((await t.call('GET', '/api/v1/devops/sftp-configurations', { cookie: manager })).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/devops/sftp-configurations', { cookie: manager, body: input() })).statusCode,
    ).toBe(403);
    // Meridian's source is invisible to a Northbridge manager who holds the DevOps permissions.
    const meridianBuyer = (await t.db.db.select().from(buyers).where(eq(buyers.issuerId, meridianId)))[0]!.id;
    const created = await t.call('POST', '/api/v1/devops/sftp-configurations', {
      cookie: admin,
      body: input({ issuerId: meridianId, buyerId: meridianBuyer, name: 'Meridian drop' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const meridianConfig = created.json().id as string;
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    const memberships = await t.db.db.select().from(issuerMemberships).where(eq(issuerMemberships.userId, u!.id));
    expect(memberships.map((m) => m.issuerId)).not.toContain(meridianId);
    await t.db.db.update(issuerMemberships).set({ role: 'Manager' }).where(eq(issuerMemberships.userId, u!.id));
    await t.db.db
      .insert(userPermissions)
      .values(['DevOps_Area_VIEW', 'IssuerArea_CRUD'].map((permission) => ({ userId: u!.id, permission })))
      .onConflictDoNothing();
    invalidateAllSessions();
    const other = await t.login('issuer');
    const listed = (await t.call('GET', '/api/v1/devops/sftp-configurations', { cookie: other })).json();
    expect(listed.map((c: { id: string }) => c.id)).toEqual([configId]);
    for (const [method, url] of [
      ['GET', `/api/v1/devops/sftp-configurations/${meridianConfig}`],
      ['DELETE', `/api/v1/devops/sftp-configurations/${meridianConfig}`],
      ['POST', `/api/v1/devops/sftp-configurations/${meridianConfig}/pull`],
    ] as const)
      expect((await t.call(method, url, { cookie: other })).statusCode, `${method} ${url}`).toBe(404);
    const test = await t.call('POST', `/api/v1/devops/sftp-configurations/${meridianConfig}/test`, {
      cookie: other,
      body: input({ password: undefined }),
    });
    expect(test.statusCode).toBe(404);
    const put = await t.call('PUT', `/api/v1/devops/sftp-configurations/${meridianConfig}`, {
      cookie: other,
      body: input({ issuerId: meridianId, buyerId: meridianBuyer }),
    });
    expect(put.statusCode).toBe(404);
    const create = await t.call('POST', '/api/v1/devops/sftp-configurations', {
      cookie: other,
      body: input({ issuerId: meridianId, buyerId: meridianBuyer }),
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors[0].path).toBe('issuerId');
  });

  it('schedules pulls as ProQ commands and deletes a source, audited', async () => {
    const res = await t.call('PUT', `/api/v1/devops/sftp-configurations/${configId}`, {
      cookie: admin,
      body: input({ password: undefined, scheduleMinutes: 60 }),
    });
    const body = res.json();
    expect(body.nextPullAt).not.toBeNull();
    const queued = await t.app.ctx.proq.get(
      (
        await t.db.query<{ id: number }>(
          `SELECT id FROM proq_commands WHERE command_type = 'sftp.pull' AND state = 'Pending' AND target_entity_id = $1`,
          [configId],
        )
      )[0]!.id,
    );
    expect(new Date(queued!.scheduledTime!).toISOString()).toBe(body.nextPullAt);
    const del = await t.call('DELETE', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: admin });
    expect(del.statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: admin })).statusCode).toBe(
      404,
    );
  });
});
