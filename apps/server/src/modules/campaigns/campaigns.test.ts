/**
 * Campaign workflows end to end on a demo job run through the real pipeline, on both databases: the demo workflow
 * seeded after the run, create from a use case and from a suppliers-table filter (same suppliers as the list),
 * waves and the one-open-campaign rule, status rules (bulk and single, all or nothing), outcome and contact CSVs
 * with row-level reports, outreach over a real SMTP server (smtp-server on loopback) with bounces, counters per
 * campaign / route / All Routes, the supplier page and business case, vanished suppliers, permissions and tenancy.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { campaignEnrolments, campaignWorkflows, userRoles, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type {
  TBusinessCase,
  TJobDetails,
  TSupplierDetail,
  TSupplierPage,
  TUseCaseList,
  TWorkflowDetail,
  TWorkflowPage,
  TWorkflowSupplierDetail,
  TWorkflowSupplierPage,
} from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoJobs } from '../../seed/demo-jobs.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';
import { DEMO_WORKFLOW_NAME } from './campaigns.commands.ts';

describe.each(dbKinds())('campaign workflows (%s)', (kind) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string; body: string }[] = [];
  let cm: string; // campaignManager
  let jobId: string;
  let base: string;
  let useCaseId: string;
  let useCaseCount: number;

  const call = (method: string, url: string, body?: unknown, cookie = cm) =>
    t.call(method, url, { cookie, ...(body !== undefined ? { body } : {}) });
  const ok = async <T>(method: string, url: string, body?: unknown, status = 200, cookie = cm): Promise<T> => {
    const res = await call(method, url, body, cookie);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const until = async <T>(fn: () => Promise<T | undefined>, what: string, ms = 120_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };

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
    t = await createTestApp(kind, {
      NETWORK_MERCHANTS: '3000',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '200',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CAMPAIGN_EMAILS_PER_SECOND: '50',
      CAMPAIGN_ENROLMENT_URL: 'https://enrol.example/{workflowId}/{supplierKey}',
    });
    expect(await seedDemoJobs(t.app.ctx)).toBe(4);
    await t.app.ctx.proq.start();
    const manager = await t.login('ptcoJobManager');
    const list = (
      await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie: manager, body: {} })
    )
      .json()
      .collection.find((j: { name: string }) => j.name.startsWith('Albion')) as { id: string };
    jobId = list.id;
    base = `/api/v1/jobs/${jobId}/campaign-workflows`;
    await until(
      async () => {
        const d = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails;
        return d.status === 'Processing' ? undefined : d;
      },
      'the demo job',
      250_000,
    );
    // The demo workflow is built by a command queued behind the run (it assigns the campaign manager).
    await until(async () => {
      const [w] = await t.db.db.select().from(campaignWorkflows).where(eq(campaignWorkflows.jobId, jobId));
      return w;
    }, 'the demo workflow');
    cm = await t.login('campaignManager');
    const ucs = await ok<TUseCaseList>('GET', `/api/v1/jobs/${jobId}/results/use-cases`, undefined, 200, manager);
    const uc = ucs.useCases.filter((u) => u.supplierCount >= 10).at(-1)!;
    useCaseId = uc.useCaseId;
    useCaseCount = uc.supplierCount;
  }, 400_000);

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('seeds one demo workflow with two waves and mixed outcomes, visible to the campaign manager', async () => {
    const page = await ok<TWorkflowPage>('GET', base);
    const demo = page.collection.find((w) => w.name === DEMO_WORKFLOW_NAME)!;
    expect(demo).toBeDefined();
    expect(demo.campaignCount).toBe(2);
    const c = demo.counters;
    expect(c.succeeded).toBeGreaterThan(0);
    expect(c.failed).toBeGreaterThan(0);
    expect(c.active).toBeGreaterThan(0);
    expect(c.pending).toBeGreaterThan(0);
    expect(c.total).toBe(c.pending + c.active + c.succeeded + c.failed);
    const detail = await ok<TWorkflowDetail>('GET', `${base}/${demo.id}`);
    expect(detail.campaigns.map((w) => w.stageStatus)).toEqual(['Completed', 'Active']);
    const sum = detail.campaigns.reduce((a, w) => a + w.counters.total, 0);
    expect(sum + detail.unassigned).toBe(c.total);
    expect(detail.routes[0]).toMatchObject({ route: 'All', label: 'All Routes', counters: c });
    expect(detail.routes.map((r) => r.route)).toEqual(['All', 'BuyerOnboard', 'Issuer']);
    // the global list (CampaignManager_Feature_VIEW) has it too, with the same counters
    const global = await ok<TWorkflowPage>('GET', `/api/v1/campaign-workflows?search=${encodeURIComponent('demo')}`);
    expect(global.collection.find((w) => w.id === demo.id)?.counters).toEqual(c);
  });

  let wfId: string;
  let keys: string[];

  it('creates a workflow from a use case: its suppliers are enrolled Pending, audited', async () => {
    const bad = await call('POST', base, { name: 'X', useCaseId: 'nope' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors[0].path).toBe('useCaseId');
    const both = await call('POST', base, { name: 'X', useCaseId, filter: { filters: [] } });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('either useCaseId or filter');
    const d = await ok<TWorkflowDetail>('POST', base, { name: 'Q3 card push', useCaseId }, 201);
    wfId = d.id;
    expect(d).toMatchObject({ name: 'Q3 card push', sourceKind: 'useCase', useCaseId, campaignCount: 0 });
    expect(d.counters).toEqual({ total: useCaseCount, pending: useCaseCount, active: 0, succeeded: 0, failed: 0 });
    expect(d.unassigned).toBe(useCaseCount);
    const sup = await ok<TWorkflowSupplierPage>('GET', `${base}/${wfId}/suppliers?pageSize=500`);
    expect(sup.totalCount).toBe(useCaseCount);
    keys = sup.collection.map((s) => s.supplierKey);
    for (let i = 1; i < sup.collection.length; i++)
      expect(sup.collection[i - 1]!.spend).toBeGreaterThanOrEqual(sup.collection[i]!.spend);
  });

  it('creates a workflow from the suppliers-table filter with exactly the list’s suppliers', async () => {
    const filters = [{ propertyName: 'spend', itemComparisonOperator: 'GreaterThan', itemValue: 20000 }];
    const list = await ok<TSupplierPage>(
      'GET',
      `/api/v1/jobs/${jobId}/results/suppliers?pageSize=1&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      undefined,
      200,
    );
    const d = await ok<TWorkflowDetail>('POST', base, { name: 'Large suppliers', filter: { filters } }, 201);
    expect(d.counters.total).toBe(list.totalCount);
    expect(d.sourceKind).toBe('filter');
    const badFilter = await call('POST', base, {
      name: 'Bad',
      filter: { filters: [{ propertyName: 'nope', itemComparisonOperator: 'Equal', itemValue: 1 }] },
    });
    expect(badFilter.statusCode, badFilter.body).toBe(400);
    const none = await call('POST', base, {
      name: 'Empty',
      filter: { filters: [{ propertyName: 'spend', itemComparisonOperator: 'GreaterThan', itemValue: 1e15 }] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('no suppliers');
    expect((await ok<{ success: boolean }>('DELETE', `${base}/${d.id}`)).success).toBe(true);
    expect((await call('GET', `${base}/${d.id}`)).statusCode).toBe(404);
  });

  it('adds waves; a supplier is in at most one open campaign; stages never go back', async () => {
    let d = await ok<TWorkflowDetail>(
      'POST',
      `${base}/${wfId}/campaigns`,
      { name: 'Wave 1', route: 'Issuer', supplierKeys: keys.slice(0, 4) },
      201,
    );
    expect(d.campaigns[0]!.counters.total).toBe(4);
    expect(d.unassigned).toBe(useCaseCount - 4);
    const unknown = await call('POST', `${base}/${wfId}/campaigns`, {
      name: 'W',
      route: 'Other',
      supplierKeys: ['no-such-key'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('no-such-key');
    const busy = await call('POST', `${base}/${wfId}/campaigns`, {
      name: 'W',
      route: 'Other',
      supplierKeys: [keys[0]],
    });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().message).toContain('already in an open campaign');
    d = await ok<TWorkflowDetail>(
      'POST',
      `${base}/${wfId}/campaigns`,
      { name: 'Wave 2', route: 'BuyerOnboard', count: 3 },
      201,
    );
    expect(d.campaigns[1]!.counters.total).toBe(3);
    expect(d.routes.map((r) => [r.route, r.counters.total])).toEqual([
      ['All', useCaseCount],
      ['BuyerOnboard', 3],
      ['Issuer', 4],
    ]);
    const w2 = d.campaigns[1]!.id;
    await ok('PATCH', `${base}/${wfId}/campaigns/${w2}`, { stageStatus: 'Completed' });
    const back = await call('PATCH', `${base}/${wfId}/campaigns/${w2}`, { stageStatus: 'Pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json().errors[0].path).toBe('stageStatus');
  });

  it('changes statuses in bulk, all or nothing; illegal transitions are 409', async () => {
    const url = `${base}/${wfId}/suppliers/status`;
    const r = await ok<{ updated: number }>('POST', url, {
      supplierKeys: keys.slice(0, 2),
      status: 'Active',
      note: 'Called',
    });
    expect(r.updated).toBe(2);
    await ok('POST', url, { supplierKeys: [keys[0]], status: 'Succeeded' });
    const unknown = await call('POST', url, { supplierKeys: [keys[1], 'ghost'], status: 'Failed' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"ghost"');
    const illegal = await call('POST', url, { supplierKeys: [keys[1], keys[0]], status: 'Pending' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toMatch(/is Succeeded; it cannot move to Pending/);
    const d = await ok<TWorkflowDetail>('GET', `${base}/${wfId}`);
    expect(d.counters).toMatchObject({ succeeded: 1, active: 1, pending: useCaseCount - 2 });
    const one = await call('PATCH', `${base}/${wfId}/suppliers/${encodeURIComponent(keys[0]!)}`, { status: 'Pending' });
    expect(one.statusCode).toBe(409);
    const missing = await call('PATCH', `${base}/${wfId}/suppliers/ghost`, { note: 'x' });
    expect(missing.statusCode).toBe(404);
    const noted = await ok<TWorkflowSupplierDetail>(
      'PATCH',
      `${base}/${wfId}/suppliers/${encodeURIComponent(keys[1]!)}`,
      {
        note: 'Prefers virtual cards',
      },
    );
    expect(noted.history[0]).toMatchObject({ kind: 'note', note: 'Prefers virtual cards', userName: 'Camille Martin' });
  });

  it('applies an outcome CSV only when every row is valid, with a row-level report', async () => {
    const url = `${base}/${wfId}/outcomes`;
    const before = (await ok<TWorkflowDetail>('GET', `${base}/${wfId}`)).counters;
    const wrongCols = await t.upload(url, { name: 'o.csv', content: 'supplier,result\na,b\n' }, cm);
    expect(wrongCols.statusCode).toBe(400);
    expect(wrongCols.json().message).toContain('unknown column "supplier"');
    const csv = [
      'supplierKey,status,date,note',
      `${keys[2]},Succeeded,2026-01-10,Signed`,
      `${keys[3]},Maybe,2026-01-10,`,
      `ghost,Failed,,`,
      `${keys[0]},Pending,,`,
      `${keys[4]},Failed,31/01/2026,`,
    ].join('\n');
    const bad = await t.upload(url, { name: 'outcomes.csv', content: csv }, cm);
    expect(bad.statusCode, bad.body).toBe(400);
    const errs = bad.json().errors as { path: string; message: string }[];
    expect(errs.map((e) => e.path)).toEqual(['row 4: supplierKey', 'row 3: status', 'row 5: status', 'row 6: date']);
    expect(bad.json().message).toContain('nothing was applied');
    expect((await ok<TWorkflowDetail>('GET', `${base}/${wfId}`)).counters).toEqual(before);
    const good = await t.upload(
      url,
      {
        name: 'outcomes.csv',
        content: `supplierKey,status,date,note\n${keys[2]},Succeeded,2026-01-10,Signed\n${keys[3]},failed,,Declined\n`,
      },
      cm,
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ rows: 2, applied: 2 });
    const after = (await ok<TWorkflowDetail>('GET', `${base}/${wfId}`)).counters;
    expect(after.succeeded).toBe(before.succeeded + 1);
    expect(after.failed).toBe(before.failed + 1);
    const s = await ok<TWorkflowSupplierDetail>('GET', `${base}/${wfId}/suppliers/${encodeURIComponent(keys[2]!)}`);
    expect(s.supplier.status).toBe('Succeeded');
    const ev = s.history.find((h) => h.kind === 'status')!;
    expect(ev).toMatchObject({
      fromStatus: 'Pending',
      toStatus: 'Succeeded',
      note: 'Signed',
      userName: 'Camille Martin',
    });
    expect(ev.occurredAt.slice(0, 10)).toBe('2026-01-10');
  });

  it('sends a wave’s branded outreach over SMTP (rate-limited command), records emails and bounces', async () => {
    const d = await ok<TWorkflowDetail>(
      'POST',
      `${base}/${wfId}/campaigns`,
      { name: 'Wave 3', route: 'ExternalCampaign', supplierKeys: keys.slice(5, 8) },
      201,
    );
    const w3 = d.campaigns.find((c) => c.name === 'Wave 3')!.id;
    const none = await call('POST', `${base}/${wfId}/campaigns/${w3}/outreach`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('contact email');
    const contacts = `supplierKey,contactEmail\n${keys[5]},ap@one.example\n${keys[6]},ar@two.example\n`;
    const badContacts = await t.upload(
      `${base}/${wfId}/contacts`,
      { name: 'c.csv', content: `supplierKey,contactEmail\n${keys[5]},not-an-email\n` },
      cm,
    );
    expect(badContacts.statusCode).toBe(400);
    expect(badContacts.json().errors[0].path).toBe('row 2: contactEmail');
    expect((await t.upload(`${base}/${wfId}/contacts`, { name: 'c.csv', content: contacts }, cm)).statusCode).toBe(200);
    const preview = await ok<{
      subject: string;
      html: string;
      text: string;
      recipients: number;
      withoutEmail: number;
      from: string | null;
      unknownFields: string[];
    }>('POST', `${base}/${wfId}/campaigns/${w3}/outreach/preview`, {
      templateSubject: 'Hello {{supplierName}} {{bogus}}',
      supplierKey: keys[5],
    });
    expect(preview.recipients).toBe(2);
    expect(preview.withoutEmail).toBe(1);
    expect(preview.unknownFields).toEqual(['bogus']);
    expect(preview.text).toContain(`https://enrol.example/${wfId}/${encodeURIComponent(keys[5]!)}`);
    expect(preview.from).toMatch(/B2B Analytics/);
    const sent = await ok<{ commandId: number; recipients: number }>(
      'POST',
      `${base}/${wfId}/campaigns/${w3}/outreach`,
      undefined,
      202,
    );
    expect(sent.recipients).toBe(2);
    const cmd = await until(async () => {
      const c = await t.app.ctx.proq.get(sent.commandId);
      return c && c.state === 'Completed' ? c : c?.state === 'Error' ? c : undefined;
    }, 'the outreach command');
    expect(cmd.state).toBe('Completed');
    expect(cmd.progressPercent).toBe(100);
    await until(async () => (received.length >= 2 ? true : undefined), 'two SMTP deliveries');
    expect(received.map((r) => r.to).sort()).toEqual(['ap@one.example', 'ar@two.example']);
    const after = await ok<TWorkflowDetail>('GET', `${base}/${wfId}`);
    const wave = after.campaigns.find((c) => c.id === w3)!;
    expect(wave.emails).toMatchObject({ sent: 2, failed: 0 });
    expect(wave.stageStatus).toBe('Active');
    expect(wave.counters).toMatchObject({ total: 3, active: 2, pending: 1 });
    const s = await ok<TWorkflowSupplierDetail>('GET', `${base}/${wfId}/suppliers/${encodeURIComponent(keys[5]!)}`);
    expect(s.emails).toHaveLength(1);
    expect(s.emails[0]!.status).toBe('sent');
    const again = await call('POST', `${base}/${wfId}/campaigns/${w3}/outreach`);
    expect(again.statusCode, again.body).toBe(409);
    await ok('POST', `${base}/${wfId}/suppliers/${encodeURIComponent(keys[5]!)}/emails/${s.emails[0]!.id}/bounce`, {
      reason: 'Mailbox unavailable',
    });
    const b = await ok<TWorkflowSupplierDetail>('GET', `${base}/${wfId}/suppliers/${encodeURIComponent(keys[5]!)}`);
    expect(b.emails[0]!.status).toBe('bounced');
    expect(b.history[0]).toMatchObject({ kind: 'bounce' });
    expect(
      (await ok<TWorkflowDetail>('GET', `${base}/${wfId}`)).campaigns.find((c) => c.id === w3)!.emails.bounced,
    ).toBe(1);
  });

  it('lists the supplier’s campaigns on the supplier page and the achieved conversion in the business case', async () => {
    const detail = await ok<TSupplierDetail>(
      'GET',
      `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(keys[2]!)}`,
    );
    expect(detail.campaigns.find((c) => c.id === wfId)).toMatchObject({ name: 'Q3 card push', status: 'Succeeded' });
    const issuer = await t.login('issuer');
    const bc = await ok<TBusinessCase>('GET', `/api/v1/jobs/${jobId}/business-case`, undefined, 200, issuer);
    expect(bc.achieved!.succeededSuppliers).toBeGreaterThanOrEqual(2);
    expect(bc.achieved!.succeededSpend).toBeGreaterThan(0);
  });

  it('flags suppliers a later run no longer has, keeping their enrolments', async () => {
    await t.db.db
      .update(campaignEnrolments)
      .set({ supplierKey: 'vanished-supplier' })
      .where(and(eq(campaignEnrolments.workflowId, wfId), eq(campaignEnrolments.supplierKey, keys[9]!)));
    await t.db.db.update(campaignWorkflows).set({ runId: null }).where(eq(campaignWorkflows.id, wfId));
    const d = await ok<TWorkflowDetail>('GET', `${base}/${wfId}`);
    expect(d.missing).toBe(1);
    expect(d.counters.total).toBe(useCaseCount);
    const s = await ok<TWorkflowSupplierDetail>('GET', `${base}/${wfId}/suppliers/vanished-supplier`);
    expect(s.supplier.missing).toBe(true);
    expect(s.history[0]!.kind).toBe('missing');
  });

  it('gates every call by permission (403) and hides other issuers’ workflows (404)', async () => {
    const client = await t.login('client'); // Campaign_View without the campaign features
    expect((await call('GET', base, undefined, client)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/campaign-workflows', undefined, client)).statusCode).toBe(403);
    // issuerPlus manages another issuer: give them the campaign roles, they still cannot see this job's workflows
    const [other] = await t.db.db.select().from(users).where(eq(users.username, 'issuerPlus'));
    await t.db.db
      .insert(userRoles)
      .values([
        { userId: other!.id, role: 'campaignManager' },
        { userId: other!.id, role: 'JobCampaignsAccessor' },
      ])
      .onConflictDoNothing();
    invalidateAllSessions();
    const foreign = await t.login('issuerPlus', 'demo');
    expect((await call('GET', `${base}/${wfId}`, undefined, foreign)).statusCode).toBe(404);
    expect((await call('PATCH', `${base}/${wfId}`, { name: 'x' }, foreign)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${wfId}/suppliers`, undefined, foreign)).statusCode).toBe(404);
    const list = await ok<TWorkflowPage>('GET', '/api/v1/campaign-workflows', undefined, 200, foreign);
    expect(list.collection.some((w) => w.jobId === jobId)).toBe(false);
    // a campaign manager cannot use a workflow id of another job
    const otherJob = (await ok<TWorkflowPage>('GET', '/api/v1/campaign-workflows')).collection.find(
      (w) => w.jobId !== jobId,
    );
    if (otherJob)
      expect((await call('GET', `/api/v1/jobs/${jobId}/campaign-workflows/${otherJob.id}`)).statusCode).toBe(404);
    // bad ids and bodies name the field
    const badId = await call('GET', `${base}/not-an-id`);
    expect(badId.statusCode).toBe(400);
    const badStatus = await call('POST', `${base}/${wfId}/suppliers/status`, {
      supplierKeys: [keys[0]],
      status: 'Done',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body).toContain('status');
    const renamed = await ok<TWorkflowDetail>('PATCH', `${base}/${wfId}`, { name: 'Q3 card push (renamed)' });
    expect(renamed.name).toBe('Q3 card push (renamed)');
  });
});
