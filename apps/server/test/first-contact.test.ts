/**
 * First contact: every file of the corpus (apps/server/test/corpus, files in the shapes real ERP and
 * accounting exports have) goes through the HTTP upload — format check, preview, header-row detection, column
 * mapping, row validation — and ends in a result or a specific 4xx error; never a 500. Its expectations file says
 * which. The files that validate then run through the whole pipeline in two jobs (an advanced job with every
 * kind, and a matched-data-only job with vendor masters without spend), to Ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, issuers } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TJobDetails, TJobFile } from '@sextant/shared';
import { createTestApp, type TestApp } from './harness.ts';
import { corpusFiles, type CorpusExpectation } from './corpus.ts';

const FILES = corpusFiles();

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Checks an uploaded file against (part of) its expectation. */
function check(name: string, file: TJobFile, e: Partial<CorpusExpectation>): void {
  const v = file.validation!;
  const where = `${name}: ${JSON.stringify({ status: file.status, layout: file.layout?.headerRow, mapping: file.mapping, v })}`;
  if (e.status) expect(file.status, where).toBe(e.status);
  if (e.fatal) expect(v.fatal, where).toContain(e.fatal);
  if (e.status === 'validated') expect(v.fatal, where).toBeNull();
  if (e.headerRow !== undefined) expect(file.layout?.headerRow, where).toBe(e.headerRow);
  if (e.headers) expect(file.headers, where).toEqual(e.headers);
  if (e.sheets) expect(file.layout?.sheets, where).toEqual(e.sheets);
  if (e.sheet) expect(file.layout?.sheet, where).toBe(e.sheet);
  if (e.mapping) {
    const mapped = Object.fromEntries(Object.entries(file.mapping).filter(([, h]) => h !== null));
    expect(mapped, where).toEqual(e.mapping);
  }
  if (e.rowCount !== undefined) expect(v.rowCount, where).toBe(e.rowCount);
  if (e.validRowCount !== undefined) expect(v.validRowCount, where).toBe(e.validRowCount);
  if (e.totalsRows !== undefined) expect(v.totalsRows ?? 0, where).toBe(e.totalsRows);
  if (e.rowCount !== undefined && e.validRowCount !== undefined)
    // every row read is used, or listed: not used (error) or left out as a total (warning)
    expect(v.errorCount, where).toBe(e.rowCount - e.validRowCount);
  if (e.issues) {
    expect(v.issues, where).toHaveLength(e.issues.length);
    for (const i of e.issues)
      expect(v.issues, where).toContainEqual(
        expect.objectContaining({
          row: i.row,
          reason: expect.stringContaining(i.reason),
          ...(i.severity ? { severity: i.severity } : {}),
        }),
      );
  }
  if (e.previewRows) expect(file.layout?.previewRows, where).toEqual(e.previewRows);
  if (e.previewRow) {
    const row = file.preview[e.previewRowIndex ?? 0] ?? [];
    for (const [col, value] of Object.entries(e.previewRow)) expect(row[Number(col)], where).toBe(value);
  }
}

describe.each(dbKinds())('first contact with real files on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  const jobs: Record<CorpusExpectation['jobType'] | 'runAdvanced' | 'runMdo', string> = {
    base: '',
    'matched-data-only': '',
    advanced: '',
    runAdvanced: '',
    runMdo: '',
  };
  const outcomes = { accepted: 0, refused: 0, invalid: 0, rowsAccepted: 0, rowsRejected: 0 };
  const runRows = { runAdvanced: 0, runMdo: 0 };
  const runFiles = { runAdvanced: 0, runMdo: 0 };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      NETWORK_MERCHANTS: '2000',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '200',
    });
    manager = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const create = async (name: string, type: string) => {
      const res = await t.call(
        'POST',
        `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=${type}&issuerId=${nb!.id}&buyerId=${b!.id}`,
        { cookie: manager },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    jobs.base = await create('Corpus base', 'base');
    jobs['matched-data-only'] = await create('Corpus matched data only', 'matched-data-only');
    jobs.advanced = await create('Corpus advanced', 'advanced');
    jobs.runAdvanced = await create('Corpus run advanced', 'advanced');
    jobs.runMdo = await create('Corpus run matched data only', 'matched-data-only');
  }, 120_000);
  afterAll(async () => t?.close());

  it('holds at least 40 files, each with its expected outcome', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(40);
    for (const f of FILES) expect(f.expect.upload ?? f.expect.status, f.name).toBeTruthy();
  });

  it.each(FILES.map((f) => [f.name, f] as const))('%s', async (name, f) => {
    const e = f.expect;
    const content = await f.content();
    const res = await t.upload(`/api/v1/jobs/${jobs[e.jobType]}/files?dataKind=${e.kind}`, { name, content }, manager);
    if (e.upload && e.upload !== 200) {
      expect(res.statusCode, res.body).toBe(e.upload);
      const body = res.json();
      expect(body.message).toContain(e.message);
      expect(body.message).toContain(name); // which file
      outcomes.refused++;
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    let file = res.json() as TJobFile;
    check(name, file, e);
    const url = `/api/v1/jobs/${jobs[e.jobType]}/files/${file.id}`;
    if (e.remap) {
      const r = await t.call('PUT', `${url}/mapping`, {
        cookie: manager,
        body: { mapping: { ...file.mapping, ...e.remap } },
      });
      expect(r.statusCode, r.body).toBe(200);
      file = r.json();
      check(`${name} after the mapping change`, file, e.afterRemap ?? {});
    }
    if (e.chooseHeaderRow) {
      const r = await t.call('PUT', `${url}/layout`, {
        cookie: manager,
        body: { headerRow: e.chooseHeaderRow.headerRow },
      });
      expect(r.statusCode, r.body).toBe(200);
      check(`${name} read from row ${e.chooseHeaderRow.headerRow}`, r.json(), e.chooseHeaderRow.expect);
      // and back to the detected row: the file reads as it did
      const back = await t.call('PUT', `${url}/layout`, { cookie: manager, body: { headerRow: e.headerRow } });
      check(`${name} back to the detected row`, back.json(), e);
      const bad = await t.call('PUT', `${url}/layout`, { cookie: manager, body: { headerRow: 999 } });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().errors[0].path).toBe('headerRow');
    }
    if (e.chooseSheet) {
      const r = await t.call('PUT', `${url}/layout`, { cookie: manager, body: { sheet: e.chooseSheet.sheet } });
      expect(r.statusCode, r.body).toBe(200);
      check(`${name} sheet ${e.chooseSheet.sheet}`, r.json(), e.chooseSheet.expect);
      const bad = await t.call('PUT', `${url}/layout`, { cookie: manager, body: { sheet: 'Nope' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].message).toContain('is not a worksheet');
    }
    if (file.status === 'validated') outcomes.accepted++;
    else outcomes.invalid++;
    outcomes.rowsAccepted += file.validation?.validRowCount ?? 0;
    outcomes.rowsRejected += file.validation?.errorCount ?? 0;
    expect((await t.call('DELETE', url, { cookie: manager })).statusCode).toBe(200);
    if (e.run) {
      const job = e.run === 'mdo' ? 'runMdo' : 'runAdvanced';
      const again = await t.upload(`/api/v1/jobs/${jobs[job]}/files?dataKind=${e.kind}`, { name, content }, manager);
      expect(again.json().status, again.body).toBe('validated');
      runRows[job] += again.json().validation.validRowCount;
      runFiles[job]++;
    }
  });

  it('refuses a run of a Consultant Upload job without any spend column, naming it', async () => {
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const jobId = (
      await t.call('POST', `/api/v1/job-artifacts?name=No%20spend&type=advanced&issuerId=${nb!.id}&buyerId=${b!.id}`, {
        cookie: manager,
      })
    ).json().id;
    const res = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'names.csv', content: 'Supplier Name,City\nAcme,Leeds\n' },
      manager,
    );
    expect(res.json().status).toBe('validated');
    const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(run.statusCode).toBe(400);
    expect(run.json().message).toContain('No file has a column mapped to Amount');
  });

  it('marks Amount as required in a Summary Upload job, and says how to fix a file without it', async () => {
    const res = await t.upload(
      `/api/v1/jobs/${jobs.base}/files?dataKind=suppliers`,
      { name: 'names-only.csv', content: 'Supplier Name,City\nAcme,Leeds\n' },
      manager,
    );
    const file = res.json() as TJobFile;
    expect(file.status).toBe('invalid');
    expect(file.datapoints.find((d) => d.key === 'amount')).toMatchObject({ required: true });
    const mdo = await t.upload(
      `/api/v1/jobs/${jobs['matched-data-only']}/files?dataKind=suppliers`,
      { name: 'names-only.csv', content: 'Supplier Name,City\nAcme,Leeds\n' },
      manager,
    );
    expect((mdo.json() as TJobFile).datapoints.find((d) => d.key === 'amount')).toMatchObject({ required: false });
    expect((mdo.json() as TJobFile).status).toBe('validated');
  });

  it('runs the accepted files through the pipeline to Ready: every kind in one job, vendor masters without spend in another', async () => {
    await t.app.ctx.proq.start();
    expect(runFiles.runAdvanced).toBeGreaterThan(20);
    expect(runFiles.runMdo).toBeGreaterThan(0);
    for (const job of ['runAdvanced', 'runMdo'] as const) {
      const run = await t.call('POST', `/api/v1/jobs/${jobs[job]}/runs`, { cookie: manager });
      expect(run.statusCode, run.body).toBe(200);
    }
    for (const job of ['runAdvanced', 'runMdo'] as const) {
      const details = async () =>
        (await t.call('GET', `/api/v1/jobs/${jobs[job]}`, { cookie: manager })).json() as TJobDetails;
      const done = await until(details, (d) => d.status !== 'Processing', 150_000);
      expect(done.status, JSON.stringify(done.runs[0])).toBe('Ready');
      const logs = (await t.call('GET', `/api/v1/jobs/${jobs[job]}/logs`, { cookie: manager })).json() as {
        message: string;
      }[];
      expect(logs.map((l) => l.message)).toContainEqual(
        expect.stringContaining(`read ${runRows[job]} rows from ${runFiles[job]} file(s)`),
      );
    }
    const mdo = await t.call('GET', `/api/v1/jobs/${jobs.runMdo}/downloads/matched-data-only?format=csv`, {
      cookie: manager,
    });
    expect(mdo.statusCode).toBe(200);
    expect(mdo.body).toContain('Müller Maschinenbau GmbH');
    // Names were matched and shown whitespace-normalised; the download keeps them as the file had them.
    const data = await t.call('GET', `/api/v1/jobs/${jobs.runAdvanced}/downloads/analysis-data?format=csv`, {
      cookie: manager,
    });
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('"Jones\nPlumbing"');
    expect(data.body).toContain('"Smith &\r\n Sons"');
    expect(data.body).not.toContain('Jones Plumbing');
    console.info(`first-contact corpus on ${kind}: ${JSON.stringify({ files: FILES.length, ...outcomes, runRows })}`);
  }, 300_000);
});
