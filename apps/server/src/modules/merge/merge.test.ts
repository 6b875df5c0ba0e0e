/**
 * Merge.dev connections against a local server speaking Merge's protocol (test/merge-server.ts; never the real
 * Merge): the link token, the public-token exchange with the account token kept encrypted, the import producing
 * validated input files of a job that runs to Ready (summary and advanced layouts), option-off and not-configured refusals
 * naming the issuer and option, tenant scope, a bad record from Merge named in the error, the magic link with its
 * poll and signed webhook, and direct uploads gated by CsvFileUpload.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, issuers, mergeConnections } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TJobDetails } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  MERGE_ACCOUNT_TOKEN,
  MERGE_PUBLIC_TOKEN,
  MERGE_TEST_KEY,
  startMergeServer,
  type MergeTestServer,
} from '../../../test/merge-server.ts';
import { pollConnection } from './merge.service.ts';

const WEBHOOK_KEY = 'merge-webhook-test-key';

describe.each(dbKinds())('Merge connections (%s)', (kind) => {
  let t: TestApp;
  let merge: MergeTestServer;
  let manager: string;
  let admin: string;
  let otherIssuer: string;
  let northbridgeId: string;
  let buyerId: string;
  let baseJob: string;
  let advancedJob: string;

  const setOptions = (options: string[]) =>
    t.db.db.update(issuers).set({ inputDataOptions: options }).where(eq(issuers.id, northbridgeId));
  const newJob = async (name: string, type: string) => {
    const res = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=${type}&issuerId=${northbridgeId}&buyerId=${buyerId}`,
      { cookie: manager },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const details = async (jobId: string) =>
    (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails;
  const link = async (jobId: string, cookie = manager) => {
    const start = await t.call('POST', `/api/v1/jobs/${jobId}/merge/link-token`, { cookie });
    if (start.statusCode !== 200) return start;
    return t.call('POST', `/api/v1/jobs/${jobId}/merge/public-token`, {
      cookie,
      body: { publicToken: MERGE_PUBLIC_TOKEN },
    });
  };

  /** Runs the job through ProQ to Ready and checks the run read the 4 imported suppliers. */
  const runToReady = async (jobId: string) => {
    await t.app.ctx.proq.start();
    const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(run.statusCode, run.body).toBe(200);
    const deadline = Date.now() + 150_000;
    let done = await details(jobId);
    while (done.status === 'Processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      done = await details(jobId);
    }
    expect(done.status, JSON.stringify(done.runs[0])).toBe('Ready');
    const logs = (await t.call('GET', `/api/v1/jobs/${jobId}/logs`, { cookie: manager })).json();
    expect(logs.some((l: { message: string }) => l.message.includes('results ready: 4 suppliers'))).toBe(true);
  };

  beforeAll(async () => {
    merge = await startMergeServer();
    t = await createTestApp(kind, {
      MERGE_API_URL: merge.url,
      MERGE_API_KEY: MERGE_TEST_KEY,
      MERGE_WEBHOOK_KEY: WEBHOOK_KEY,
      NETWORK_MERCHANTS: '2000',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '200',
    });
    manager = await t.login('ptcoJobManager');
    admin = await t.login('sysAdmin');
    otherIssuer = await t.login('issuerPlus');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    northbridgeId = nb!.id;
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, northbridgeId));
    buyerId = b!.id;
    baseJob = await newJob('Merge summary job', 'base');
    advancedJob = await newJob('Merge advanced job', 'advanced');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await merge?.close();
  });

  it('refuses Merge Link with 409 naming the issuer and option while MergeLink is off, and says so in the options', async () => {
    await setOptions(['CsvFileUpload', 'SendUploadLink']);
    const opts = (await t.call('GET', `/api/v1/jobs/${baseJob}/input-options`, { cookie: manager })).json();
    expect(opts).toMatchObject({
      csvFileUpload: true,
      sendUploadLink: true,
      mergeLink: 'off',
      mergeMagicLink: 'off',
      connection: null,
    });
    const res = await t.call('POST', `/api/v1/jobs/${baseJob}/merge/link-token`, { cookie: manager });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Northbridge Bank does not offer connecting an accounting system through Merge (input data option MergeLink is off)',
    );
    expect(merge.requests).toHaveLength(0);
  });

  it('says "not configured" when the server has no Merge key', async () => {
    await setOptions(['CsvFileUpload', 'MergeLink']);
    const key = t.app.ctx.config.MERGE_API_KEY;
    t.app.ctx.config.MERGE_API_KEY = undefined;
    try {
      const opts = (await t.call('GET', `/api/v1/jobs/${baseJob}/input-options`, { cookie: manager })).json();
      expect(opts.mergeLink).toBe('notConfigured');
      // the issuer form says so next to each Merge option
      const items = (await t.call('GET', '/api/v1/issuers/input-data-options', { cookie: admin })).json();
      expect(items).toEqual([
        { option: 'CsvFileUpload', configured: true },
        { option: 'SendUploadLink', configured: true },
        { option: 'MergeLink', configured: false },
        { option: 'MergeMagicLink', configured: false },
      ]);
      const res = await t.call('POST', `/api/v1/jobs/${baseJob}/merge/link-token`, { cookie: manager });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^Merge is not configured on this server \(MERGE_API_KEY is not set\)/);
    } finally {
      t.app.ctx.config.MERGE_API_KEY = key;
    }
  });

  it('creates a link token for the job with Merge’s protocol (accounting category, the job’s end user)', async () => {
    const res = await t.call('POST', `/api/v1/jobs/${baseJob}/merge/link-token`, { cookie: manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      linkToken: `link-token-sextant-job-${baseJob}`,
      connection: { via: 'MergeLink', status: 'Pending', integration: null },
    });
    const sent = merge.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/api/integrations/create-link-token' });
    expect(sent.body).toMatchObject({
      end_user_origin_id: `sextant-job-${baseJob}`,
      categories: ['accounting'],
      end_user_email_address: expect.stringContaining('@'),
    });
    expect(sent.body!.end_user_organization_name).toBeTruthy();
  });

  it('keeps other tenants out: another issuer’s user can neither link nor import into the job (404)', async () => {
    for (const path of ['link-token', 'public-token', 'import']) {
      const res = await t.call('POST', `/api/v1/jobs/${baseJob}/merge/${path}`, {
        cookie: otherIssuer,
        ...(path === 'public-token' ? { body: { publicToken: MERGE_PUBLIC_TOKEN } } : {}),
      });
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
    expect((await t.call('GET', `/api/v1/jobs/${baseJob}/input-options`, { cookie: otherIssuer })).statusCode).toBe(
      404,
    );
  });

  it('exchanges the public token, stores the account token encrypted and imports a valid supplier summary; the job can run', async () => {
    const res = await t.call('POST', `/api/v1/jobs/${baseJob}/merge/public-token`, {
      cookie: manager,
      body: { publicToken: MERGE_PUBLIC_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ status: 'Imported', integration: 'Xero' });
    expect(c.lastMessage).toMatch(/^Imported 4 supplier\(s\), 5 accounts-payable invoice\(s\), 2 payment\(s\)/);
    expect(res.body).not.toContain(MERGE_ACCOUNT_TOKEN);
    const [row] = await t.db.db.select().from(mergeConnections).where(eq(mergeConnections.jobId, baseJob));
    expect(row!.accountTokenEnc).toBeTruthy();
    expect(row!.accountTokenEnc).not.toContain(MERGE_ACCOUNT_TOKEN);
    // Every accounting list was read to its last page (page size 2) with the account token.
    const pages = merge.requests.filter((r) => r.path.startsWith('/api/accounting/v1/'));
    expect(pages.every((r) => r.accountToken === MERGE_ACCOUNT_TOKEN)).toBe(true);
    expect(pages.filter((r) => r.path.startsWith('/api/accounting/v1/invoices')).length).toBe(3);
    expect(pages.some((r) => r.path.includes('contacts?is_supplier=true'))).toBe(true);
    expect(pages.some((r) => r.path.includes('invoices?type=ACCOUNTS_PAYABLE'))).toBe(true);

    const d = await details(baseJob);
    expect(d.files).toHaveLength(1);
    const f = d.files[0]!;
    expect(f).toMatchObject({ originalName: 'merge-suppliers.csv', dataKind: 'suppliers', status: 'validated' });
    expect(f.validation).toMatchObject({ rowCount: 4, validRowCount: 4, fatal: null });
    expect(f.mapping).toMatchObject({
      supplierId: 'Supplier id',
      supplierName: 'Supplier name',
      amount: 'Amount',
      currency: 'Currency',
      country: 'Country',
      postcode: 'Postcode',
      transactionCount: 'Transaction count',
    });
    expect(d.abilities.canRun).toBe(true);
    // The run proceeds as with uploaded CSVs: through every step to Ready, with the imported suppliers.
    await runToReady(baseJob);
  }, 180_000);

  it('imports an advanced job as supplier master, AP invoices and supplier payments, all validated', async () => {
    const res = await link(advancedJob);
    expect(res.statusCode, res.body).toBe(200);
    const d = await details(advancedJob);
    const byKind = Object.fromEntries(d.files.map((f) => [f.dataKind, f]));
    expect(Object.keys(byKind).sort()).toEqual(['invoices', 'payments', 'suppliers']);
    expect(byKind.suppliers!.validation).toMatchObject({ rowCount: 4, validRowCount: 4, fatal: null });
    expect(byKind.invoices!.validation).toMatchObject({ rowCount: 5, validRowCount: 5, fatal: null });
    expect(byKind.invoices!.mapping).toMatchObject({
      documentNumber: 'Invoice number',
      amount: 'Amount',
      date: 'Invoice date',
      dueDate: 'Due date',
    });
    // The accounts-receivable payment (a customer's) is not a supplier payment.
    expect(byKind.payments!.validation).toMatchObject({ rowCount: 2, validRowCount: 2, fatal: null });
    expect(byKind.payments!.mapping).toMatchObject({ amount: 'Amount', date: 'Payment date' });
    await runToReady(advancedJob);
  }, 180_000);

  it('fails the import on an invoice without an amount, naming it, and keeps the previous files', async () => {
    const before = (await details(advancedJob)).files.map((f) => f.id).sort();
    const saved = merge.data.invoices[1]!.total_amount;
    merge.data.invoices[1]!.total_amount = null;
    try {
      const res = await t.call('POST', `/api/v1/jobs/${advancedJob}/merge/import`, { cookie: manager });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Merge returned records that cannot be imported (1): invoice INV-1002 (Merge id i-2) of Acme Office Supplies Ltd has no total amount',
      );
      expect((await details(advancedJob)).files.map((f) => f.id).sort()).toEqual(before);
      const opts = (await t.call('GET', `/api/v1/jobs/${advancedJob}/input-options`, { cookie: manager })).json();
      expect(opts.connection).toMatchObject({ status: 'Failed', lastMessage: expect.stringContaining('INV-1002') });
    } finally {
      merge.data.invoices[1]!.total_amount = saved;
    }
    // Once the record is fixed, a re-import replaces the previous import's files.
    const again = await t.call('POST', `/api/v1/jobs/${advancedJob}/merge/import`, { cookie: manager });
    expect(again.statusCode, again.body).toBe(200);
    const after = (await details(advancedJob)).files;
    expect(after).toHaveLength(3);
    expect(after.some((f) => before.includes(f.id))).toBe(false);
  });

  it('sends a Merge magic link only with MergeMagicLink on; the poll sees the account, the signed webhook imports', async () => {
    const jobId = await newJob('Merge magic job', 'base');
    const body = { jobId, email: 'ap@client.example' };
    const off = await t.call('POST', '/api/v1/magic-links/merge-links', { cookie: admin, body });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(
      'Northbridge Bank does not offer sending Merge magic links to connect an accounting system (input data option MergeMagicLink is off)',
    );
    await setOptions(['CsvFileUpload', 'MergeLink', 'MergeMagicLink']);
    const lower = await t.call('POST', '/api/v1/magic-links/merge-links', { cookie: manager, body });
    expect(lower.statusCode).toBe(403);
    const res = await t.call('POST', '/api/v1/magic-links/merge-links', { cookie: admin, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      url: `https://link.merge.test/sextant-job-${jobId}`,
      connection: { via: 'MergeMagicLink', status: 'Pending', endUserEmail: 'ap@client.example' },
    });
    expect(merge.requests.at(-1)!.body).toMatchObject({
      should_create_magic_link_url: true,
      end_user_email_address: 'ap@client.example',
    });
    const id = res.json().connection.id as string;

    expect(await pollConnection(t.app.ctx, id)).toBe('Not connected yet');
    merge.linked.set(`sextant-job-${jobId}`, {
      id: 'la-1',
      integration: 'QuickBooks Online',
      status: 'COMPLETE',
      end_user_origin_id: `sextant-job-${jobId}`,
      category: 'accounting',
    });
    expect(await pollConnection(t.app.ctx, id)).toBe('Linked account found; waiting for the webhook');
    const waiting = (await t.call('GET', `/api/v1/jobs/${jobId}/input-options`, { cookie: manager })).json();
    expect(waiting.connection).toMatchObject({ status: 'Pending', integration: 'QuickBooks Online' });

    const payload = JSON.stringify({
      hook: { event: 'LinkedAccount.linked' },
      linked_account: { end_user_origin_id: `sextant-job-${jobId}`, integration: 'QuickBooks Online' },
      data: { account_token: MERGE_ACCOUNT_TOKEN },
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/merge/webhooks',
        payload,
        headers: { 'content-type': 'application/json', 'x-merge-webhook-signature': signature },
      });
    expect((await post('forged')).statusCode).toBe(401);
    const hook = await post(createHmac('sha256', WEBHOOK_KEY).update(payload).digest('base64url'));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().message).toMatch(/^Imported 4 supplier/);
    const d = await details(jobId);
    expect(d.files.map((f) => [f.originalName, f.status])).toEqual([['merge-suppliers.csv', 'validated']]);
    expect(await pollConnection(t.app.ctx, id)).toBe('Already linked (Imported)');
  });

  it('refuses direct file uploads when the issuer’s CsvFileUpload option is off', async () => {
    await setOptions(['MergeLink']);
    const res = await t.upload(
      `/api/v1/jobs/${advancedJob}/files?dataKind=suppliers`,
      { name: 's.csv', content: 'Supplier name;Amount\nAcme;10\n' },
      manager,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Northbridge Bank does not take file uploads \(input data option CsvFileUpload is off\)/,
    );
    await setOptions(['CsvFileUpload', 'SendUploadLink']);
  });
});
