import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
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
    // The test server listens on loopback: allowed only by the operator's setting (off by default, issue #31).
    t = await createTestApp(kind, {
      NETWORK_MERCHANTS: '500',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '200',
      SFTP_ALLOW_PRIVATE_HOSTS: 'true',
    });
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
    expect(wrong).toMatchObject({ success: false, files: [], hostKeyFingerprint: sftp.hostKeyFingerprint });
    expect(wrong.message).toBe(
      'Connection failed: The server refused the sign-in: check the user name and the password or key',
    );
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
    // summarised: neither the socket's error nor the address and port (issue #31: no port-scanner oracle)
    expect(closed.message).toBe(
      'Connection failed: The server could not be reached, or did not answer as an SFTP server',
    );
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

  // Issue #31: the saved source's test took host and port from the request and sent the stored password there.
  it('attack: the stored secret goes only to the stored host, port and user; another target needs it again', async () => {
    const attacker = await startSftpServer({ username: 'drop', password: 'attacker-knows-nothing' });
    try {
      const audits = async () =>
        (
          await t.db.db
            .select()
            .from(systemAuditLog)
            .where(and(eq(systemAuditLog.action, 'sftp.test'), eq(systemAuditLog.targetId, configId)))
        ).length;
      const before = await audits();
      for (const over of [{ port: attacker.port }, { username: 'someone-else' }, { host: 'localhost' }]) {
        const res = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
          cookie: admin,
          body: input({ password: undefined, ...over }),
        });
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          path: 'password',
          message: expect.stringContaining('Enter the password again'),
        });
      }
      expect(attacker.passwordsSeen).toEqual([]);
      // with the secret entered again, another target is tested (and the stored secret still never leaves)
      const other = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
        cookie: admin,
        body: input({ port: attacker.port, password: 'typed-again' }),
      });
      expect(other.json()).toMatchObject({ success: false, hostKeyPinned: false });
      expect(attacker.passwordsSeen).toEqual(['typed-again']);
      // an update to another host must carry the secret too
      const moved = await t.call('PUT', `/api/v1/devops/sftp-configurations/${configId}`, {
        cookie: admin,
        body: input({ password: undefined, port: attacker.port }),
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors[0].path).toBe('password');
      const [row] = await t.db.db.select().from(sftpConfigs).where(eq(sftpConfigs.id, configId));
      expect(row!.port).toBe(sftp.port);
      // every test that connected is audited, with its outcome and without the secret
      expect(await audits()).toBe(before + 1);
      const [audit] = await t.db.db
        .select()
        .from(systemAuditLog)
        .where(and(eq(systemAuditLog.action, 'sftp.test'), eq(systemAuditLog.targetId, configId)))
        .orderBy(desc(systemAuditLog.id))
        .limit(1);
      expect(audit!.details).toMatchObject({ port: attacker.port, success: false, credentials: 'entered' });
      expect(JSON.stringify(audit!.details)).not.toContain('typed-again');
    } finally {
      await attacker.close();
    }
  });

  it('attack: a member who may only read the issuer cannot test (and so use) its stored secret', async () => {
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    const memberships = await t.db.db.select().from(issuerMemberships).where(eq(issuerMemberships.userId, u!.id));
    expect(memberships.map((m) => m.issuerId)).toContain(northbridgeId);
    await t.db.db
      .insert(userPermissions)
      .values(['DevOps_Area_VIEW', 'IssuerArea_CRUD'].map((permission) => ({ userId: u!.id, permission })))
      .onConflictDoNothing();
    invalidateAllSessions();
    // a Member (not Manager) of Northbridge: may read its sources, not manage them
    const role = memberships.find((m) => m.issuerId === northbridgeId)!.role;
    const membershipOf = and(eq(issuerMemberships.userId, u!.id), eq(issuerMemberships.issuerId, northbridgeId));
    await t.db.db.update(issuerMemberships).set({ role: 'Member' }).where(membershipOf);
    invalidateAllSessions();
    const reader = await t.login('issuer');
    expect((await t.call('GET', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: reader })).statusCode).toBe(
      200,
    );
    const res = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
      cookie: reader,
      body: input({ password: undefined }),
    });
    expect(res.statusCode).toBe(404);
    await t.db.db.update(issuerMemberships).set({ role }).where(membershipOf);
    await t.db.db
      .delete(userPermissions)
      .where(
        and(
          eq(userPermissions.userId, u!.id),
          inArray(userPermissions.permission, ['DevOps_Area_VIEW', 'IssuerArea_CRUD']),
        ),
      );
    invalidateAllSessions();
  });

  // Issue #31: loopback, link-local and private targets made the test a port scanner of the server's own network.
  it('attack: private, loopback and link-local targets are refused unless the operator allows them', async () => {
    const config = t.app.ctx.config;
    config.SFTP_ALLOW_PRIVATE_HOSTS = false;
    try {
      for (const host of [
        '127.0.0.1',
        'localhost',
        '169.254.169.254',
        '10.1.2.3',
        '192.168.0.10',
        '[::1]',
        '::ffff:127.0.0.1',
      ]) {
        const res = await t.call('POST', '/api/v1/devops/sftp-configurations/test', {
          cookie: admin,
          body: input({ host, port: sftp.port }),
        });
        expect(res.statusCode, host).toBe(200);
        const body = res.json();
        expect(body, host).toMatchObject({ success: false, hostKeyFingerprint: null });
        expect(body.message, host).toContain('SFTP_ALLOW_PRIVATE_HOSTS');
        expect(body.message, host).not.toContain(String(sftp.port));
      }
      const pass = sftp.passwordsSeen.length;
      const saved = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
        cookie: admin,
        body: input({ password: undefined }),
      });
      expect(saved.json()).toMatchObject({ success: false });
      expect(sftp.passwordsSeen.length).toBe(pass);
    } finally {
      config.SFTP_ALLOW_PRIVATE_HOSTS = true;
    }
  });

  it('pins the host key on the first connection and shows it', async () => {
    const detail = (await t.call('GET', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: admin })).json();
    // the test of the stored settings above ('keeps the stored password') was the first connection
    expect(detail.hostKeyFingerprint).toBe(sftp.hostKeyFingerprint);
    expect(Date.parse(detail.hostKeyPinnedAt)).toBeLessThanOrEqual(Date.now());
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

  // Issue #31: no host-key verification: whoever answered at the stored address received the stored secret.
  it('attack: an impostor at the stored address (another host key) gets no secret; a manager accepts a new key', async () => {
    await sftp.close();
    const impostor = await startSftpServer({ username: 'drop', password: 'unknown', port: sftp.port });
    const original = sftp;
    sftp = impostor;
    try {
      const res = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
        cookie: admin,
        body: input({ password: undefined }),
      });
      const body = res.json();
      expect(body).toMatchObject({ success: false, hostKeyFingerprint: impostor.hostKeyFingerprint });
      expect(body.message).toContain(`not the pinned ${original.hostKeyFingerprint}`);
      expect(impostor.passwordsSeen).toEqual([]);
      // a pull refuses it too, and keeps the pin
      await t.app.ctx.proq.start();
      await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/pull`, { cookie: admin });
      const failed = await until(
        async () => (await t.call('GET', `/api/v1/devops/sftp-configurations/${configId}`, { cookie: admin })).json(),
        (d) => d.lastPullStatus === 'failed',
      );
      await t.app.ctx.proq.stop();
      // the failed manual pull waits for its retry: not part of what follows
      await t.db.query(`DELETE FROM proq_commands WHERE target_entity_id = $1 AND state = 'Pending'`, [configId]);
      expect(failed.lastPullMessage).toContain('host key');
      expect(failed.hostKeyFingerprint).toBe(original.hostKeyFingerprint);
      expect(impostor.passwordsSeen).toEqual([]);
      // accepting a new key needs manage rights, is audited, and names a well-formed fingerprint
      const bad = await t.call('PUT', `/api/v1/devops/sftp-configurations/${configId}/host-key`, {
        cookie: admin,
        body: { hostKeyFingerprint: 'not-a-fingerprint' },
      });
      expect(bad.statusCode).toBe(400);
      const manager = await t.login('ptcoJobManager');
      expect(
        (
          await t.call('PUT', `/api/v1/devops/sftp-configurations/${configId}/host-key`, {
            cookie: manager,
            body: { hostKeyFingerprint: impostor.hostKeyFingerprint },
          })
        ).statusCode,
      ).toBe(403);
      const accepted = await t.call('PUT', `/api/v1/devops/sftp-configurations/${configId}/host-key`, {
        cookie: admin,
        body: { hostKeyFingerprint: impostor.hostKeyFingerprint },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().hostKeyFingerprint).toBe(impostor.hostKeyFingerprint);
      const audit = await t.db.db
        .select()
        .from(systemAuditLog)
        .where(and(eq(systemAuditLog.action, 'sftp.hostKey'), eq(systemAuditLog.targetId, configId)));
      expect(audit[0]!.details).toMatchObject({
        from: original.hostKeyFingerprint,
        to: impostor.hostKeyFingerprint,
      });
      const now = await t.call('POST', `/api/v1/devops/sftp-configurations/${configId}/test`, {
        cookie: admin,
        body: input({ password: undefined }),
      });
      expect(now.json().message).toContain('refused the sign-in');
      expect(impostor.passwordsSeen).toEqual([PASSWORD]);
    } finally {
      await t.app.ctx.proq.stop();
    }
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
