/**
 * Jobs end to end on a real database and the real analysis engine: creation rules, uploads checked by content,
 * mapping and validation, a full pipeline run through ProQ, retry, logs, tenant isolation on every job endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, issuers } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TJobDetails } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const SUPPLIERS_CSV = [
  'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
  ...Array.from(
    { length: 40 },
    (_, i) => `V${1000 + i};Supplier ${i} Trading Ltd;${i + 1} High Street;AB${i} 1CD;London;GB;${(i + 1) * 1234.5}`,
  ),
  'V2001;Broken Amount Ltd;2 Road;ZZ2;Leeds;GB;abc',
  ';;1 Nowhere Road;ZZ1;Leeds;GB;100',
].join('\n');

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(dbKinds())('jobs on %s', (kind) => {
  let t: TestApp;
  let manager: string; // ptcoJobManager: JobCreate, internal (all issuers)
  let issuerUser: string; // Manager of Northbridge
  let otherIssuer: string; // issuerPlus: Manager of Meridian
  let northbridgeId: string;
  let buyerId: string;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      NETWORK_MERCHANTS: '2000',
      UPLOAD_MAX_MB: '1',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '200',
    });
    manager = await t.login('ptcoJobManager');
    issuerUser = await t.login('issuer');
    otherIssuer = await t.login('issuerPlus');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    northbridgeId = nb!.id;
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, northbridgeId));
    buyerId = b!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const details = async (cookie = manager) =>
    (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie })).json() as TJobDetails;

  it('creates a job for an issuer’s buyer, refusing duplicates and foreign buyers with field errors', async () => {
    const options = (await t.call('GET', '/api/v1/jobs/creation-options', { cookie: manager })).json();
    expect(options.find((o: { issuerId: string }) => o.issuerId === northbridgeId).buyers.length).toBeGreaterThan(0);
    const q = (name: string, extra = '') =>
      `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${northbridgeId}${extra}`;
    const created = await t.call('POST', q('Albion 2026', `&buyerId=${buyerId}`), { cookie: manager });
    expect(created.statusCode).toBe(200);
    jobId = created.json().id;
    const dup = await t.call('POST', q('albion 2026', `&buyerId=${buyerId}`), { cookie: manager });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].path).toBe('name');
    const [foreign] = await t.db.db.select().from(buyers).where(eq(buyers.name, 'Rheinwerk Maschinenbau GmbH'));
    const wrongBuyer = await t.call('POST', q('X', `&buyerId=${foreign!.id}`), { cookie: manager });
    expect(wrongBuyer.statusCode).toBe(400);
    expect(wrongBuyer.json().errors[0].path).toBe('buyerId');
    const noBuyer = await t.call('POST', q('Y'), { cookie: manager });
    expect(noBuyer.json().errors[0].path).toBe('buyerId');
    const clientCannot = await t.call('POST', q('Z', `&buyerId=${buyerId}`), { cookie: await t.login('client') });
    expect(clientCannot.statusCode).toBe(403);
    const d = await details();
    expect(d).toMatchObject({
      name: 'Albion 2026',
      status: 'Draft',
      issuerName: 'Northbridge Bank',
      abilities: { canUpload: true, canRun: true },
    });
  });

  it('checks uploads by content: empty, binary, old Excel and oversized files are refused and nothing is kept', async () => {
    const url = `/api/v1/jobs/${jobId}/files?dataKind=suppliers`;
    const empty = await t.upload(url, { name: 'suppliers.csv', content: '' }, manager);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('is empty');
    const binary = await t.upload(
      url,
      { name: 'suppliers.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]) },
      manager,
    );
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toContain('not a CSV or XLSX file');
    const xls = await t.upload(
      url,
      { name: 'old.xls', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]) },
      manager,
    );
    expect(xls.statusCode).toBe(415);
    const big = await t.upload(
      url,
      { name: 'big.csv', content: 'Supplier\n' + 'x'.repeat(1.2 * 1024 * 1024) },
      manager,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('1 MB');
    const wrongKind = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=payments`,
      { name: 'p.csv', content: 'Payee,Amount\nA,1' },
      manager,
    );
    expect(wrongKind.statusCode).toBe(400);
    expect((await details()).files).toHaveLength(0);
  });

  it('auto-maps columns, previews rows and reports problems by row, column and reason', async () => {
    const res = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers.csv', content: SUPPLIERS_CSV },
      manager,
    );
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({ format: 'csv', delimiter: ';', originalName: 'suppliers.csv', status: 'validated' });
    expect(file.mapping).toMatchObject({
      supplierName: 'Vendor Name',
      supplierId: 'Vendor No',
      postcode: 'Zip',
      amount: 'Annual Spend',
    });
    expect(file.preview[0][1]).toBe('Supplier 0 Trading Ltd');
    expect(file.datapoints.find((d: { key: string }) => d.key === 'supplierName').required).toBe(true);
    // an amount that cannot be read makes its row unused (never a supplier without spend): row 42 and the
    // name-less row 43
    expect(file.validation).toMatchObject({ rowCount: 42, validRowCount: 40, errorCount: 2 });
    const issues = file.validation.issues as { row: number; column: string | null; reason: string; severity: string }[];
    expect(issues.filter((i) => i.severity === 'error')).toMatchObject([
      { row: 42, column: 'Annual Spend', value: 'abc', reason: 'not an amount (no digits); row not used' },
      { row: 43 },
    ]);
    const total = Array.from({ length: 40 }, (_, i) => (i + 1) * 1234.5).reduce((a, b) => a + b, 0);
    expect(file.validation.amountTotals).toEqual([{ currency: null, amount: total, rows: 40 }]);
    expect((await t.call('DELETE', `/api/v1/jobs/${jobId}/files/${file.id}`, { cookie: manager })).statusCode).toBe(
      200,
    );
  });

  it('blocks a run on a file without a recognisable supplier column until the mapping names it', async () => {
    const csv = ['Acct;Legal Entity Designation;Total', 'A1;Alpha Ltd;10', 'A2;Beta GmbH;20'].join('\n');
    const file = (
      await t.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, { name: 'odd.csv', content: csv }, manager)
    ).json();
    expect(file.status).toBe('invalid');
    expect(file.validation.fatal).toContain('Supplier name');
    const refused = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Fix odd.csv first');
    // the user knows the file by its name: no stored file id in what they read
    expect(refused.json().message).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(file.validation.fatal).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const bad = await t.call('PUT', `/api/v1/jobs/${jobId}/files/${file.id}/mapping`, {
      cookie: manager,
      body: { mapping: { ...file.mapping, supplierName: 'Name' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('mapping.supplierName');
    const fixed = await t.call('PUT', `/api/v1/jobs/${jobId}/files/${file.id}/mapping`, {
      cookie: manager,
      body: { mapping: { ...file.mapping, supplierName: 'Legal Entity Designation' } },
    });
    expect(fixed.json()).toMatchObject({ status: 'validated', validation: { validRowCount: 2 } });
    expect((await t.call('DELETE', `/api/v1/jobs/${jobId}/files/${file.id}`, { cookie: manager })).statusCode).toBe(
      200,
    );
    const headerOnly = (
      await t.upload(
        `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
        { name: 'h.csv', content: SUPPLIERS_CSV.split('\n')[0]! },
        manager,
      )
    ).json();
    expect(headerOnly.validation.fatal).toBe('the file has a header but no data rows');
    const blocked = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(blocked.json().message).toBe('Fix h.csv first: the file has a header but no data rows');
    await t.call('DELETE', `/api/v1/jobs/${jobId}/files/${headerOnly.id}`, { cookie: manager });
    const clean = SUPPLIERS_CSV.split('\n').slice(0, 41).join('\n');
    expect(
      (
        await t.upload(
          `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
          { name: 'suppliers.csv', content: clean },
          manager,
        )
      ).json().status,
    ).toBe('validated');
  });

  it('runs the pipeline as ProQ commands with live step progress, to Ready with results', async () => {
    await t.app.ctx.proq.start();
    const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(run.statusCode).toBe(200);
    expect(run.json().steps.map((s: { step: string }) => s.step)).toEqual([
      'ingest',
      'normalise',
      'match',
      'enrich',
      'score',
      'aggregate',
    ]);
    expect((await details()).abilities).toMatchObject({ canUpload: false, canRun: false });
    const done = await until(details, (d) => d.status !== 'Processing');
    expect(done.status, JSON.stringify(done.runs[0])).toBe('Ready');
    const r = done.runs[0]!;
    expect(r).toMatchObject({
      runNumber: 1,
      status: 'Completed',
      scoringRulesetVersion: '1',
      confidenceRulesetVersion: '1',
    });
    for (const s of r.steps) expect(s, s.step).toMatchObject({ state: 'Completed', progressPercent: 100, error: null });
    for (const s of r.steps)
      expect([s.step, Boolean(s.startedAt), Boolean(s.completedAt)]).toEqual([s.step, true, true]);
    expect(done.resultRunId).toBe(r.id);
    const logs = (await t.call('GET', `/api/v1/jobs/${jobId}/logs`, { cookie: manager })).json();
    expect(logs.some((l: { message: string }) => l.message.includes('results ready: 40 suppliers'))).toBe(true);
  }, 180_000);

  it('keeps the previous results while a re-run fails, and retries the failed step', async () => {
    // Take the job's stored file away (blob store: DATA_DIR or object storage) so the next run's ingest fails; the
    // completed run stays the result run.
    const before = await details();
    const { jobFiles } = await import('@sextant/db');
    const [f] = await t.db.db.select().from(jobFiles).where(eq(jobFiles.jobArtifactId, jobId));
    const blobs = t.app.ctx.blobs;
    const content = await blobs.read(f!.storedPath);
    await blobs.delete(f!.storedPath);
    const second = (await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager })).json();
    const failed = await until(details, (d) => d.runs[0]!.status === 'Failed');
    expect(failed.runs[0]!.status).toBe('Failed');
    expect(failed.runs[0]!.error).toContain('Reading the files');
    expect(failed.resultRunId).toBe(before.resultRunId);
    // The pipeline recorded the failure itself (reads do not write).
    const { jobRuns } = await import('@sextant/db');
    const [storedRun] = await t.db.db.select().from(jobRuns).where(eq(jobRuns.id, second.id));
    expect(storedRun!.status).toBe('Failed');
    // A failed run leaves the job editable again (no stale "processing" state).
    expect(failed.abilities).toMatchObject({ canUpload: true, canRun: true });
    const remap = await t.call('PUT', `/api/v1/jobs/${jobId}/files/${f!.id}/mapping`, {
      cookie: manager,
      body: { mapping: f!.mapping },
    });
    expect(remap.statusCode, remap.body).not.toBe(403);
    await blobs.put(f!.storedPath, content);
    const retried = await t.call('POST', `/api/v1/jobs/${jobId}/runs/${second.id}/retry`, { cookie: manager });
    expect(retried.statusCode).toBe(200);
    const ready = await until(details, (d) => d.runs[0]!.status === 'Completed');
    expect(ready.runs[0]!.status).toBe('Completed');
    expect(ready.resultRunId).toBe(second.id);
  }, 180_000);

  it('refuses changes while the job processes with 409 JobProcessing; a read records nothing, recovery does', async () => {
    await t.app.ctx.proq.stop({ graceMs: 0 }); // the run stays queued, so the job stays processing
    // The file was re-validated while it was away (previous test): validate it again now that it is back.
    const [file] = (await details()).files;
    const remap = await t.call('PUT', `/api/v1/jobs/${jobId}/files/${file!.id}/mapping`, {
      cookie: manager,
      body: { mapping: file!.mapping },
    });
    expect(remap.json().status, remap.body).toBe('validated');
    const started = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(started.statusCode, started.body).toBe(200);
    const run = started.json();
    const again = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('JobProcessing');
    const upload = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'more.csv', content: SUPPLIERS_CSV },
      manager,
    );
    expect(upload.statusCode).toBe(409);
    expect(upload.json().code).toBe('JobProcessing');
    // Someone cancels the run's first step in ProQ: the job page shows the run canceled at once…
    const ingest = run.steps.find((s: { step: string }) => s.step === 'ingest').commandId as number;
    await t.app.ctx.proq.cancel(ingest, 'stopped by an operator');
    const shown = await details();
    expect(shown.runs[0]).toMatchObject({ id: run.id, status: 'Canceled' });
    expect(shown.runs[0]!.error).toContain('Reading the files');
    expect(shown.abilities).toMatchObject({ canUpload: true, canRun: true });
    // …without the read writing anything: the stored run is still queued and the job still processing.
    const { jobArtifacts, jobRuns } = await import('@sextant/db');
    const stored = async () => ({
      run: (await t.db.db.select().from(jobRuns).where(eq(jobRuns.id, run.id)))[0]!.status,
      job: (await t.db.db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId)))[0]!.status,
    });
    expect(await stored()).toEqual({ run: 'Queued', job: 'Processing' });
    // Start-up recovery records it (and a second pass changes nothing).
    const { recordUnrecordedRunFailures } = await import('./run-failure.ts');
    expect(await recordUnrecordedRunFailures(t.app.ctx.db)).toBe(1);
    expect(await stored()).toEqual({ run: 'Canceled', job: 'Failed' });
    expect(await recordUnrecordedRunFailures(t.app.ctx.db)).toBe(0);
    const logs = (await t.call('GET', `/api/v1/jobs/${jobId}/logs`, { cookie: manager })).json();
    expect(logs.some((l: { message: string }) => l.message.includes('failed at "Reading the files"'))).toBe(true);
  }, 60_000);

  it('shows the job to its issuer’s manager, and never to another issuer: every job endpoint answers 404', async () => {
    expect((await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: issuerUser })).statusCode).toBe(200);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/jobs/${jobId}`],
      ['GET', `/api/v1/jobs/${jobId}/runs`],
      ['POST', `/api/v1/jobs/${jobId}/runs`],
      ['PATCH', `/api/v1/jobs/${jobId}`, { name: 'Stolen' }],
      ['PUT', `/api/v1/jobs/${jobId}/files/00000000-0000-4000-8000-000000000000/mapping`, { mapping: {} }],
      ['GET', `/api/v1/jobs/${jobId}/downloads/analysis-data?format=csv`],
      ['GET', `/api/v1/jobs/${jobId}/downloads/matched-data-only?format=xlsx`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { cookie: otherIssuer, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'x.csv', content: 'Supplier\nA' },
      otherIssuer,
    );
    expect(upload.statusCode).toBe(404);
    const list = (
      await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie: otherIssuer, body: {} })
    ).json();
    expect(list.collection.map((j: { id: string }) => j.id)).not.toContain(jobId);
  });

  it('renames, publishes and deletes by permission', async () => {
    expect(
      (await t.call('PATCH', `/api/v1/jobs/${jobId}`, { cookie: issuerUser, body: { name: 'Nope' } })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('PATCH', `/api/v1/jobs/${jobId}`, { cookie: manager, body: { name: 'Albion FY2026' } })).statusCode,
    ).toBe(200);
    expect((await details()).name).toBe('Albion FY2026');
    const admin = await t.login('sysAdmin');
    expect(
      (await t.call('POST', `/api/v1/jobs/${jobId}/publish`, { cookie: admin, body: { isPublished: true } }))
        .statusCode,
    ).toBe(200);
    expect((await details()).isPublished).toBe(true);
    expect((await t.call('DELETE', `/api/v1/jobs/${jobId}`, { cookie: manager })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/v1/jobs/${jobId}`, { cookie: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: admin })).statusCode).toBe(404);
  });
});

describe('job downloads', () => {
  let t: TestApp;
  let jobId: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    jobId = (
      await t.call('POST', `/api/v1/job-artifacts?name=Downloads&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`, {
        cookie: manager,
      })
    ).json().id;
    const csv = [
      'Supplier ID,Supplier Name,Country,Spend',
      'S1,=HYPERLINK("http://evil"),GB,100',
      'S2,"Comma, Quote "" Ltd",GB,200',
      'S3,-Minus Co,GB,300',
      'S4,@Mention Ltd,GB,400',
    ].join('\n');
    await t.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, { name: 'suppliers.csv', content: csv }, manager);
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a download before there are results', async () => {
    const res = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/analysis-data?format=csv`, { cookie: manager });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no results yet');
  });

  it('streams the profile’s columns as CSV, neutralising formulas without losing values, and as XLSX', async () => {
    await t.app.ctx.proq.start();
    await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    await until(
      async () => (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails,
      (d) => d.status !== 'Processing',
    );
    const csv = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/analysis-data?format=csv`, { cookie: manager });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Downloads-analysis-data.csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Supplier ID,Supplier key,Supplier name,Country,Spend,/);
    expect(lines[0]).toContain('Vcard score');
    expect(lines).toHaveLength(5);
    expect(csv.body).toContain(`S1,`);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).toContain(`"Comma, Quote "" Ltd"`);
    expect(csv.body).toContain(`'-Minus Co`);
    expect(csv.body).toContain(`'@Mention Ltd`);
    const xlsx = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/matched-data-only?format=xlsx`, {
      cookie: manager,
    });
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Supplier ID', 'Supplier name', 'Match status']));
    expect(sheet.rowCount).toBe(5);
    const names = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(2).value);
    expect(names).toContain('=HYPERLINK("http://evil")'); // a string cell, not a formula
    expect(sheet.getRow(2).getCell(2).formula).toBeUndefined();
    // the onboarding data: the issuer's third profile, its columns and headers, in CSV and XLSX
    const onboarding = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/onboarding?format=csv`, {
      cookie: manager,
    });
    expect(onboarding.statusCode).toBe(200);
    expect(onboarding.headers['content-disposition']).toContain('Downloads-onboarding.csv');
    const rows = onboarding.body.trim().split('\n');
    expect(rows[0]).toBe('Supplier name,Country,Merchant ID,Card capability');
    expect(rows).toHaveLength(5);
    expect(onboarding.body).toContain(`'@Mention Ltd,GBR,`);
    const onboardingXlsx = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/onboarding?format=xlsx`, {
      cookie: manager,
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(onboardingXlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.name).toBe('Onboarding data');
    expect(wb2.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Supplier name',
      'Country',
      'Merchant ID',
      'Card capability',
    ]);
    expect(wb2.worksheets[0]!.rowCount).toBe(5);
  }, 180_000);

  it('leaves the issuer’s excluded suppliers out of the next run', async () => {
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const admin = await t.login('sysAdmin');
    const add = await t.call('POST', `/api/v1/issuers/${nb!.id}/supplier-lists/exclude/entries`, {
      cookie: admin,
      body: { supplierName: '-Minus Co.' },
    });
    expect(add.statusCode, add.body).toBeLessThan(300);
    const run = (await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager })).json();
    await until(
      async () => (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails,
      (d) => d.runs[0]!.id === run.id && d.status !== 'Processing',
    );
    const csv = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/analysis-data?format=csv`, { cookie: manager });
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    expect(csv.body).not.toContain('Minus Co');
    const logs = (await t.call('GET', `/api/v1/jobs/${jobId}/logs`, { cookie: manager })).json() as {
      message: string;
    }[];
    expect(logs.some((l) => l.message.includes('supplier lists removed 1 of 4 suppliers'))).toBe(true);
  }, 180_000);

  it('answers 403 to roles without the download accessor', async () => {
    const client = await t.login('client');
    for (const kind of ['analysis-data', 'onboarding']) {
      const res = await t.call('GET', `/api/v1/jobs/${jobId}/downloads/${kind}`, { cookie: client });
      expect(res.statusCode).toBe(403);
    }
  });
});
