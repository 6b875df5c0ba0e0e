import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buyers, issuers, jobBusinessCases } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import {
  BUSINESS_CASE_DEFAULTS,
  computeBusinessCase,
  type TBusinessCase,
  type TBusinessCaseInputs,
  type TJobDetails,
} from '@sextant/shared';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { createProq } from '../../proq/index.ts';
import { forwardedCookies, loopbackOrigin, PdfRenderer } from './pdf.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_SRC = path.resolve(here, '../../../../web/src');
const newestMtime = (p: string): number => {
  const st = statSync(p);
  return st.isDirectory()
    ? Math.max(st.mtimeMs, ...readdirSync(p).map((e) => newestMtime(path.join(p, e))))
    : st.mtimeMs;
};
/** A web build to serve: E2E_WEB_DIST as given, else apps/web/dist when it is newer than the web sources (npm test
 * builds it first; a stale build lacks pages and would time out instead of testing anything). */
const WEB_DIST = [
  process.env.E2E_WEB_DIST,
  ...[path.resolve(here, '../../../../web/dist')].filter(
    (d) =>
      existsSync(path.join(d, 'index.html')) && statSync(path.join(d, 'index.html')).mtimeMs >= newestMtime(WEB_SRC),
  ),
].find((d): d is string => Boolean(d && existsSync(path.join(d, 'index.html'))));

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 150_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const SUPPLIERS = [
  'Supplier ID,Supplier Name,Country,Spend,Payment Method',
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `S${i},Supplier ${i} ${['Ltd', 'plc', 'GmbH', 'Inc'][i % 4]},GB,${(i + 1) * 1000},${['Check', 'ACH', 'Wire', 'Card', ''][i % 5]}`,
  ),
].join('\n');

describe.each(dbKinds())('business case on %s', (kind) => {
  let t: TestApp;
  let jobId: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    jobId = (
      await t.call('POST', `/api/v1/job-artifacts?name=Case "One"&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`, {
        cookie: manager,
      })
    ).json().id;
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers.csv', content: SUPPLIERS },
      manager,
    );
    expect(up.statusCode, up.body).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers 409 before the job has results, 404 for an unknown job', async () => {
    const before = await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: manager });
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toContain('no results yet');
    const unknown = await t.call('GET', `/api/v1/jobs/00000000-0000-4000-8000-000000000000/business-case`, {
      cookie: manager,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('computes the case from the job’s results with the defaults', async () => {
    await t.app.ctx.proq.start();
    await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    const job = await until(
      async () => (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails,
      (d) => d.status !== 'Processing',
    );
    expect(job.status, job.runs[0]?.error ?? '').toBe('Ready');
    const res = await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: manager });
    expect(res.statusCode, res.body).toBe(200);
    const bc = res.json() as TBusinessCase;
    expect(bc).toMatchObject({ jobName: 'Case "One"', saved: false, canEdit: true, updatedAt: null });
    expect(bc.inputs).toEqual(BUSINESS_CASE_DEFAULTS);
    // Base figures agree with the job's totals: every supplier and all spend land in exactly one group.
    expect(bc.base.suppliers).toBe(40);
    expect(bc.base.rows.reduce((s, r) => s + r.suppliers, 0)).toBe(40);
    expect(bc.base.rows.reduce((s, r) => s + r.spend, 0)).toBeCloseTo(bc.base.totalSpend, 0);
    expect(bc.base.totalSpend).toBe(820_000);
    // Card-paid suppliers (every fifth row pays by card) are grouped as Card and never count as convertible.
    expect(bc.base.rows.filter((r) => r.method === 'Card').reduce((s, r) => s + r.suppliers, 0)).toBe(8);
    expect(bc.outputs).toEqual(computeBusinessCase(bc.base, bc.inputs));
  }, 200_000);

  it('refuses bad inputs naming the field and saves nothing', async () => {
    const bad = { ...BUSINESS_CASE_DEFAULTS, conversion: { High: 120, Medium: 30, Low: 10 } };
    const res = await t.call('PUT', `/api/v1/jobs/${jobId}/business-case`, { cookie: manager, body: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('conversion.High');
    expect(res.json().message).toContain('at most 100 %');
    const neg = await t.call('PUT', `/api/v1/jobs/${jobId}/business-case`, {
      cookie: manager,
      body: { ...BUSINESS_CASE_DEFAULTS, paymentCost: { ...BUSINESS_CASE_DEFAULTS.paymentCost, Check: -2 } },
    });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toContain('paymentCost.Check');
    const rows = await t.db.db.select().from(jobBusinessCases).where(eq(jobBusinessCases.jobArtifactId, jobId));
    expect(rows).toHaveLength(0);
  });

  it('saves inputs, which then drive the outputs and the XLSX', async () => {
    const inputs: TBusinessCaseInputs = {
      ...BUSINESS_CASE_DEFAULTS,
      conversion: { High: 90, Medium: 80, Low: 70 },
      rebateBps: 150,
    };
    const before = (await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: manager })).json();
    const res = await t.call('PUT', `/api/v1/jobs/${jobId}/business-case`, { cookie: manager, body: inputs });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TBusinessCase;
    expect(saved).toMatchObject({ saved: true, inputs, updatedBy: expect.any(String) });
    expect(saved.outputs.total.cardSpend).toBeGreaterThan(before.outputs.total.cardSpend);
    const again = (await t.call('GET', `/api/v1/jobs/${jobId}/business-case/summary`, { cookie: manager })).json();
    expect(again.inputs).toEqual(inputs);
    expect(again.outputs).toEqual(saved.outputs);

    const x = await t.call('GET', `/api/v1/jobs/${jobId}/business-case/download?format=xlsx`, { cookie: manager });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain('Case One-business-case.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Inputs', 'Results']);
    const results = wb.getWorksheet('Results')!;
    expect(results.getRow(2).getCell(3).value).toBe(saved.outputs.years[0]!.cardSpend);
    expect(results.getRow(5).getCell(8).value).toBe(saved.outputs.total.totalBenefit);
    // money in the currency's own digits and symbol for the English reader (issue #33); Northbridge reckons in GBP
    expect(saved.base.currency).toBe('GBP');
    expect(results.getColumn(3).numFmt).toBe('"£"#,##0.00;"-£"#,##0.00');
    expect(wb.getWorksheet('Inputs')!.getRow(2).getCell(2).value).toBe(90);
    const fmt = await t.call('GET', `/api/v1/jobs/${jobId}/business-case/download?format=pdf`, { cookie: manager });
    expect(fmt.statusCode).toBe(400);
    expect(fmt.json().message).toContain('format');
  });

  it('lets only permitted callers read and only editors save; other tenants get 404', async () => {
    const issuer = await t.login('issuer'); // northbridge manager: sees the job, is not its owner
    expect((await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: issuer })).statusCode).toBe(200);
    const put = await t.call('PUT', `/api/v1/jobs/${jobId}/business-case`, {
      cookie: issuer,
      body: BUSINESS_CASE_DEFAULTS,
    });
    expect(put.statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: issuer })).json().canEdit).toBe(false);
    const client = await t.login('client'); // no business-case accessor roles
    expect((await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: client })).statusCode).toBe(403);
    expect(
      (await t.call('GET', `/api/v1/jobs/${jobId}/business-case/download?format=xlsx`, { cookie: client })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/v1/jobs/${jobId}/reports/business-case/pdf`, { cookie: client })).statusCode,
    ).toBe(403);
    const other = await t.login('issuerPlus'); // meridian
    expect((await t.call('GET', `/api/v1/jobs/${jobId}/business-case`, { cookie: other })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/jobs/${jobId}/reports/business-case/pdf`, { cookie: other })).statusCode).toBe(
      404,
    );
  });

  it('answers 400 for an unknown report type and 503 without Chromium', async () => {
    const res = await t.call('GET', `/api/v1/jobs/${jobId}/reports/nonsense/pdf`, { cookie: manager });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('analysisReportType');
    const badParams = await t.call('GET', `/api/v1/jobs/${jobId}/reports/use-cases/pdf?params=../../x`, {
      cookie: manager,
    });
    expect(badParams.statusCode).toBe(400);
    // An app whose configured Chromium is missing answers 503 with the installation hint.
    const noChromium = await buildApp({
      config: { ...t.config, CHROMIUM_PATH: '/nonexistent/chromium' },
      dbh: t.db,
      web: false,
      logger: false,
      proq: createProq({ db: t.db, listen: false }),
    });
    try {
      const pdf = await noChromium.inject({
        method: 'GET',
        url: `/api/v1/jobs/${jobId}/reports/business-case/pdf`,
        headers: { cookie: manager, origin: TEST_ORIGIN },
      });
      expect(pdf.statusCode).toBe(503);
      expect(pdf.json().message).toBe('PDF rendering needs Chromium (apt-get install chromium)');
    } finally {
      await noChromium.close();
    }
  });

  it.skipIf(!WEB_DIST || !new PdfRenderer().available)(
    'renders the business-case PDF through Chromium over the caller’s session (needs a built web app)',
    async () => {
      // A second app on the same database, serving the built web app (the harness app serves no web).
      const app = await buildApp({
        config: t.config,
        dbh: t.db,
        web: WEB_DIST!,
        logger: false,
        proq: createProq({ db: t.db, listen: false }),
      });
      try {
        await app.listen({ host: '127.0.0.1', port: 0 });
        const base = loopbackOrigin(app.server.address(), 0);
        const headers = { cookie: manager, origin: base };
        const res = await fetch(`${base}/api/v1/jobs/${jobId}/reports/business-case/pdf`, { headers });
        expect(res.status, await res.clone().text()).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toContain('Case One-business-case.pdf');
        const pdf = Buffer.from(await res.arrayBuffer());
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        // Without a session the printable page cannot load data: the API refuses before Chromium is involved.
        const anon = await fetch(`${base}/api/v1/jobs/${jobId}/reports/business-case/pdf`, {
          headers: { origin: base },
        });
        expect(anon.status).toBe(401);
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});

describe('pdf pieces', () => {
  it('forwards only the session cookie', () => {
    expect(forwardedCookies('a=1; sextant_session=abc; other=2', ['sextant_session'])).toEqual({
      sextant_session: 'abc',
    });
    expect(forwardedCookies(undefined, ['sextant_session'])).toEqual({});
  });

  it('addresses the server’s own listening port on loopback', () => {
    expect(loopbackOrigin({ address: '0.0.0.0', family: 'IPv4', port: 4321 }, 3000)).toBe('http://127.0.0.1:4321');
    expect(loopbackOrigin(null, 3000)).toBe('http://127.0.0.1:3000');
  });

  it('runs at most two renders at once and queues the rest in order', async () => {
    const r = new PdfRenderer({ maxConcurrent: 2 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (i: number) =>
      r.withSlot(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((res) => setTimeout(res, 20));
        order.push(i);
        running--;
      });
    await Promise.all([0, 1, 2, 3, 4].map(job));
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4]);
    expect(r.load).toEqual({ active: 0, waiting: 0 });
  });
});
