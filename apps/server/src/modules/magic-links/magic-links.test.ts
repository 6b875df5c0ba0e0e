/**
 * Magic links on both databases: a job-upload link issued by an administrator lets its holder upload into one job
 * and nothing else; it is stored hashed, listed without its token, revoked, finished and expired with specific
 * errors; every change is audited; lower roles and other tenants are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buyers, emailOutbox, issuers, signInTokens, systemAuditLog, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

const CSV = 'Vendor No;Vendor Name;City;Country;Annual Spend\nV1;Acme Ltd;London;GB;100\nV2;Beta GmbH;Berlin;DE;200\n';

describe.each(dbKinds())('magic links (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let jobId: string;
  let otherJobId: string; // a Meridian job (owned by someone else)
  let created: { link: { id: string; state: string }; url: string };
  let token: string;

  const linkCall = (method: string, path: string, tok: string, body?: unknown) =>
    t.call(method, `/api/v1/upload-links/current${path}`, { headers: { 'x-upload-token': tok }, body });
  const uploadWith = (tok: string, name = 'suppliers.csv', content = CSV, dataKind = 'suppliers') => {
    const boundary = `----sx${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/upload-links/current/files?dataKind=${dataKind}`,
      payload,
      headers: {
        origin: TEST_ORIGIN,
        'x-upload-token': tok,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  };
  const newJob = async (issuerKey: string, name: string, cookie = admin) => {
    const [iss] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, issuerKey));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, iss!.id));
    const res = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${iss!.id}&buyerId=${b!.id}`,
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const issue = (cookie: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/v1/magic-links/upload-links', { cookie, body });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    jobId = await newJob('northbridge', 'Upload link job');
    otherJobId = await newJob('meridian', 'Meridian other job', await t.login('ptcoJobManager'));
  }, 120_000);
  afterAll(async () => t?.close());

  it('issues a job-upload link: token shown once, stored hashed, holder listed as MagicLinkUser, audited', async () => {
    const res = await issue(admin, {
      jobId,
      email: 'Buyer@Acme.example',
      displayName: 'Acme AP team',
      expiresInDays: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    created = res.json();
    token = decodeURIComponent(new URL(created.url).hash.replace('#token=', ''));
    expect(created.url).toMatch(/\/upload#token=/);
    expect(created.link).toMatchObject({
      purpose: 'job-upload',
      state: 'Pending',
      email: 'buyer@acme.example',
      jobName: 'Upload link job',
      issuedBy: 'sysAdmin',
    });
    const [row] = await t.db.db.select().from(signInTokens).where(eq(signInTokens.id, created.link.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.call('GET', '/api/v1/magic-links?purpose=job-upload', { cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json().collection.map((l: { id: string }) => l.id)).toContain(created.link.id);
    expect(list.json().pendingCount).toBeGreaterThan(0);
    const jobAdmin = (await t.call('GET', `/api/v1/job-artifacts/${jobId}/admin`, { cookie: admin })).json();
    expect(jobAdmin.authorizedEndUsers).toContainEqual(
      expect.objectContaining({ username: 'upload-link:buyer@acme.example', connectionType: 'MagicLinkUser' }),
    );
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'magic-link.issue'), eq(systemAuditLog.targetId, created.link.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'sysAdmin' });
    expect(JSON.stringify(audit[0]!.details)).not.toContain(token);
  });

  it('lets the holder see its job and upload into it, and nothing else', async () => {
    const view = await linkCall('GET', '', token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ jobName: 'Upload link job', issuerName: 'Northbridge Bank', files: [] });
    expect(view.headers['cache-control']).toBe('no-store');
    const up = await uploadWith(token);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ originalName: 'suppliers.csv', dataKind: 'suppliers', rowCount: 2 });
    const job = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: admin })).json();
    expect(job.files.map((f: { originalName: string }) => f.originalName)).toContain('suppliers.csv');
    expect((await linkCall('GET', '', token)).json().files).toHaveLength(1);
    // the other job got nothing; the token is no session: no job, no results, no sign-in
    const other = (await t.call('GET', `/api/v1/jobs/${otherJobId}`, { cookie: admin })).json();
    expect(other.files).toHaveLength(0);
    for (const url of [`/api/v1/jobs/${jobId}`, `/api/v1/jobs/${jobId}/results/summary`, '/api/v1/auth/me']) {
      const r = await t.call('GET', url, { headers: { 'x-upload-token': token, authorization: `Bearer ${token}` } });
      expect(r.statusCode, url).toBe(401);
    }
    const signIn = await t.call('POST', '/api/v1/auth/magic-link/verify', { body: { token } });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toMatch(/not a sign-in link/);
    const [account] = await t.db.db.select().from(users).where(eq(users.username, 'upload-link:buyer@acme.example'));
    expect(account).toMatchObject({ email: null, passwordHash: null, eligible: false });
    // wrong data kind for a base job, unknown token
    expect((await uploadWith(token, 'p.csv', CSV, 'payments')).statusCode).toBe(400);
    const unknown = await linkCall('GET', '', 'x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not valid/);
  });

  it('refuses a lower role (403) and another issuer’s job (404) for a tenant caller', async () => {
    const client = await t.login('client');
    expect((await issue(client, { jobId, email: 'x@y.example' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/magic-links', { cookie: client })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/v1/magic-links/${created.link.id}/revoke`, { cookie: client })).statusCode).toBe(
      403,
    );
    // a tenant administrator of Northbridge (sysAdmin rights, not internal staff) cannot reach Meridian's job or links
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [sys] = await t.db.db.select().from(users).where(eq(users.username, 'sysAdmin'));
    await t.db.db.update(users).set({ isInternal: false }).where(eq(users.id, sys!.id));
    await t.db.db.execute(
      `insert into issuer_memberships (issuer_id, user_id, role) values ('${nb!.id}', '${sys!.id}', 'Member') on conflict do nothing`,
    );
    invalidateAllSessions();
    try {
      const foreign = await issue(admin, { jobId: otherJobId, email: 'x@y.example' });
      expect(foreign.statusCode).toBe(404);
      const meridianLink = await t.db.db.select().from(signInTokens).where(eq(signInTokens.jobArtifactId, otherJobId));
      expect(meridianLink).toHaveLength(0);
    } finally {
      await t.db.db.update(users).set({ isInternal: true }).where(eq(users.id, sys!.id));
      await t.db.db.execute(`delete from issuer_memberships where user_id = '${sys!.id}'`);
      invalidateAllSessions();
    }
  });

  it('validates input with field errors and refuses an issuer without SendUploadLink (409)', async () => {
    const bad = await issue(admin, { jobId: 'nope', email: 'not-an-email', expiresInDays: 99 });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.jobId', 'body.email', 'body.expiresInDays']));
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    await t.db.db
      .update(issuers)
      .set({ inputDataOptions: ['CsvFileUpload'] })
      .where(eq(issuers.id, nb!.id));
    try {
      const off = await issue(admin, { jobId, email: 'z@z.example' });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toMatch(/SendUploadLink/);
    } finally {
      await t.db.db
        .update(issuers)
        .set({ inputDataOptions: ['CsvFileUpload', 'SendUploadLink'] })
        .where(eq(issuers.id, nb!.id));
    }
  });

  it('revokes a link (then refused with LinkRevoked, 409 on a second revoke), finishes one (LinkUsed), expires one (LinkExpired)', async () => {
    const rev = await t.call('POST', `/api/v1/magic-links/${created.link.id}/revoke`, { cookie: admin });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json()).toMatchObject({ state: 'Revoked', revokedBy: 'sysAdmin' });
    const after = await linkCall('GET', '', token);
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({ code: 'LinkRevoked' });
    expect(after.headers['cache-control']).toBe('no-store');
    expect((await uploadWith(token)).json().code).toBe('LinkRevoked');
    const again = await t.call('POST', `/api/v1/magic-links/${created.link.id}/revoke`, { cookie: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been revoked/);
    const jobAdmin = (await t.call('GET', `/api/v1/job-artifacts/${jobId}/admin`, { cookie: admin })).json();
    expect(
      jobAdmin.authorizedEndUsers.filter((u: { connectionType: string }) => u.connectionType === 'MagicLinkUser'),
    ).toHaveLength(0);
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'magic-link.revoke'), eq(systemAuditLog.targetId, created.link.id)));
    expect(audit[0]!.details).toMatchObject({ before: { state: 'Pending' }, after: { state: 'Revoked' } });

    const second = (await issue(admin, { jobId, email: 'buyer@acme.example' })).json();
    const tok2 = decodeURIComponent(new URL(second.url).hash.replace('#token=', ''));
    expect((await linkCall('POST', '/finish', tok2)).statusCode).toBe(200);
    const used = await uploadWith(tok2);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({ code: 'LinkUsed' });
    expect((await t.call('POST', `/api/v1/magic-links/${second.link.id}/revoke`, { cookie: admin })).statusCode).toBe(
      409,
    );

    const third = (await issue(admin, { jobId, email: 'late@acme.example' })).json();
    const tok3 = decodeURIComponent(new URL(third.url).hash.replace('#token=', ''));
    await t.db.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.id, third.link.id));
    const expired = await linkCall('GET', '', tok3);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'LinkExpired' });
    const states = (await t.call('GET', '/api/v1/magic-links?purpose=job-upload', { cookie: admin })).json().collection;
    expect(Object.fromEntries(states.map((l: { id: string; state: string }) => [l.id, l.state]))).toMatchObject({
      [created.link.id]: 'Revoked',
      [second.link.id]: 'Used',
      [third.link.id]: 'Expired',
    });
    const filtered = (await t.call('GET', '/api/v1/magic-links?state=Expired', { cookie: admin })).json().collection;
    expect(filtered.every((l: { state: string }) => l.state === 'Expired')).toBe(true);
  });

  it('gives a revoked or used sign-in link its own error', async () => {
    await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'client@northbridge.example' } });
    const [row] = await t.db.db.select().from(signInTokens).where(eq(signInTokens.purpose, 'magic-link'));
    const list = (await t.call('GET', '/api/v1/magic-links?purpose=magic-link', { cookie: admin })).json();
    expect(list.collection[0]).toMatchObject({ purpose: 'magic-link', username: 'client', state: 'Pending' });
    expect((await t.call('POST', `/api/v1/magic-links/${row!.id}/revoke`, { cookie: admin })).statusCode).toBe(200);
  });
  it("emails an upload link in the job issuer's language with its branding (German Northbridge: Lloyds)", async () => {
    await t.db.db.update(issuers).set({ language: 'de' }).where(eq(issuers.issuerKey, 'northbridge'));
    try {
      const res = await issue(admin, { jobId, email: 'ap@gruber.example', expiresInDays: 2, sendEmail: true });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ap@gruber.example'));
      expect(mail!.subject).toBe('Laden Sie Ihre Dateien für Upload link job hoch');
      expect(mail!.fromAddress).toBe('"Lloyds B2B Analytics" <no-reply@lloyds.localhost>');
      expect(mail!.text).toContain('Sara Admin bittet Sie, Ihre Dateien für „Upload link job“ bei Lloyds hochzuladen.');
      // the expiry as a German date (e.g. "30. November 2026 um 06:10 UTC"), not an English UTC string
      expect(mail!.text).toMatch(/Verwenden Sie diesen Link bis \d{1,2}\. [A-Za-zä]+ \d{4}/);
      expect(mail!.text).toContain('Sie erhalten diese Nachricht im Auftrag von Lloyds.');
      expect(mail!.text).not.toContain('Sextant');
      expect(mail!.html).toContain('<html lang="de">');
      expect(mail!.html).toContain('alt="Lloyds"');
    } finally {
      await t.db.db.update(issuers).set({ language: 'en' }).where(eq(issuers.issuerKey, 'northbridge'));
    }
  });
});
