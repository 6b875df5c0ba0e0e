/**
 * Summary, insights views and the insights presentation on a real job run end to end (PGlite, ProQ, DuckDB):
 * totals equal the sum of suppliers.parquet rows under every slicer, slicers change the figures, bad input is
 * refused with a specific message, no results answer 409, another tenant 404, every chart view answers (JSON and
 * CSV), and the PPTX is a real presentation with the job name and native charts.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { buyers, issuers } from '@sextant/db';
import { labelledCsv, makeLabelledSuppliers } from '@sextant/analysis';
import {
  CARD_CAPABILITIES,
  CHART_VIEW_IDS,
  ORDINAL_VIEWS,
  SLICERS,
  SLICER_NAMES,
  type TChartViewData,
  type TJobSummary,
  type TPresentationDeck,
} from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { NETWORK_SEED } from '../jobs/index.ts';
import { queryRows } from '../../lib/duckdb/index.ts';

const JOB_NAME = 'Insights Test Job';

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 150_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('job results: summary, insights, presentation', () => {
  let t: TestApp;
  let manager: string;
  let issuerUser: string;
  let otherIssuer: string;
  let jobId: string;
  let suppliersFile: string;

  const get = (url: string, cookie = issuerUser) => t.call('GET', `/api/v1/jobs/${jobId}${url}`, { cookie });

  beforeAll(async () => {
    t = await createTestApp('pglite', { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    issuerUser = await t.login('issuer');
    otherIssuer = await t.login('issuerPlus');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const created = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(JOB_NAME)}&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`,
      { cookie: manager },
    );
    jobId = created.json().id;
    const csv = labelledCsv(
      makeLabelledSuppliers({ networkSeed: NETWORK_SEED, networkSize: 2000, present: 70, absent: 30, seed: 7 }),
    );
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers.csv', content: csv },
      manager,
    );
    expect(up.statusCode, up.body).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers 409 before the job has results', async () => {
    const res = await get('/results/summary');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no results yet');
    expect((await get('/results/views/country')).statusCode).toBe(409);
    expect((await get('/presentation/pptx')).statusCode).toBe(409);
  });

  it('runs the job to results', async () => {
    await t.app.ctx.proq.start();
    expect((await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager })).statusCode).toBe(200);
    const done = await until(
      async () => (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json(),
      (d: { status: string }) => d.status !== 'Processing',
    );
    expect(done.status).toBe('Ready');
    suppliersFile = path.join(t.config.dataDir, 'jobs', jobId, 'runs', '1', 'results', 'suppliers.parquet');
  }, 180_000);

  it('summary totals equal the sum of supplier rows, under every slicer value', async () => {
    const overall = (await get('/results/summary')).json() as TJobSummary;
    const [rows] = await queryRows<{ n: number; s: number; m: number; inv: number }>(
      `SELECT count(*) AS n, sum(spend) AS s, count(*) FILTER (WHERE matchStatus = 'MATCHED') AS m, sum(invoiceCount) AS inv FROM read_parquet('${suppliersFile}')`,
    );
    expect(overall).toMatchObject({ jobName: JOB_NAME, slicer: 'Overall', slicerValue: 'ALL', suppliers: 100 });
    expect(rows!.n).toBe(100);
    expect(overall.spend).toBeCloseTo(rows!.s, 1);
    expect(overall.matched.suppliers).toBe(rows!.m);
    expect(overall.counts.invoices).toBe(rows!.inv ?? 0);
    expect(overall.matched.suppliers).toBeGreaterThan(0);
    expect(overall.matched.suppliers).toBeLessThan(100);
    expect(overall.waterfall.map((w) => w.capability)).toEqual([...CARD_CAPABILITIES]);
    expect(overall.waterfall.reduce((a, w) => a + w.suppliers, 0)).toBe(100);
    expect(overall.waterfall.reduce((a, w) => a + w.spend, 0)).toBeCloseTo(overall.spend, 0);
    expect(overall.scores).toHaveLength(8);
    for (const k of overall.scores!) {
      expect(
        k.levels.reduce((a, l) => a + l.suppliers, 0),
        k.scoreKind,
      ).toBe(100);
      expect(
        k.confidence.reduce((a, l) => a + l.suppliers, 0),
        k.scoreKind,
      ).toBe(100);
    }
    // Every slicer partitions the suppliers: its values add up to the whole.
    for (const slicer of SLICER_NAMES) {
      let n = 0;
      let spend = 0;
      for (const value of SLICERS[slicer]) {
        const res = await get(`/results/summary?slicer=${slicer}&slicerValue=${encodeURIComponent(value)}`);
        expect(res.statusCode, `${slicer}=${value}`).toBe(200);
        const s = res.json() as TJobSummary;
        const [direct] = await queryRows<{ n: number }>(
          `SELECT count(*) AS n FROM read_parquet('${suppliersFile}') WHERE coalesce(CAST(${slicer === 'Overall' ? "'ALL'" : { CardAccepting: 'matchStatus', VcAccepting: 'vcAccepting', DetailLevel: 'detailLevel', StpCapable: 'stpCapable', CardCapability: 'cardCapability' }[slicer]} AS VARCHAR), '') = $1`,
          [value],
        );
        expect(s.suppliers, `${slicer}=${value}`).toBe(direct!.n);
        n += s.suppliers;
        spend += s.spend;
      }
      expect(n, slicer).toBe(100);
      expect(spend, slicer).toBeCloseTo(overall.spend, 0);
    }
  }, 60_000);

  it('changes the figures with the slicer', async () => {
    const matched = (await get('/results/summary?slicer=CardAccepting&slicerValue=MATCHED')).json() as TJobSummary;
    const overall = (await get('/results/summary')).json() as TJobSummary;
    expect(matched.suppliers).toBeLessThan(overall.suppliers);
    expect(matched.matched.supplierShare).toBe(100);
    const stp = (await get('/results/summary?slicer=CardCapability&slicerValue=STP')).json() as TJobSummary;
    expect(stp.waterfall.filter((w) => w.suppliers > 0).map((w) => w.capability)).toEqual(stp.suppliers ? ['STP'] : []);
    // Without a value the slicer's first value applies.
    const first = (await get('/results/summary?slicer=CardAccepting')).json() as TJobSummary;
    expect(first).toMatchObject({ slicerValue: 'MATCHED', suppliers: matched.suppliers });
  });

  it('refuses bad slicers and values with a specific 400', async () => {
    const bad = await get('/results/summary?slicer=Nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('slicer');
    const badValue = await get('/results/summary?slicer=CardAccepting&slicerValue=YES');
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().message).toContain('"YES" is not a value of slicer CardAccepting');
    const viewValue = await get('/results/views/country?slicer=StpCapable&slicerValue=maybe');
    expect(viewValue.statusCode).toBe(400);
  });

  it('answers every chart view under a slicer, totals equal to the summary (except the top-1000 job view)', async () => {
    const overall = (await get('/results/summary')).json() as TJobSummary;
    for (const view of CHART_VIEW_IDS) {
      const res = await get(`/results/views/${view}`);
      expect(res.statusCode, view).toBe(200);
      const d = res.json() as TChartViewData;
      expect(d.view).toBe(view);
      expect(d.categories.length, view).toBeGreaterThan(0);
      expect(d.totals.supplierCount, view).toBe(overall.suppliers);
      expect(d.totals.spend, view).toBeCloseTo(overall.spend, 0);
      const rank = ORDINAL_VIEWS[view];
      if (rank) {
        // Banded views read in their scale's order (Unknown last), whatever the spend.
        const ranks = d.categories.map((c) => rank(c.category));
        expect(ranks, view).toEqual([...ranks].sort((a, b) => a - b));
      } else {
        const spends = d.categories.map((c) => c.spend);
        expect(spends, view).toEqual([...spends].sort((a, b) => b - a));
      }
    }
    const matched = (
      await get('/results/views/country?slicer=CardAccepting&slicerValue=MATCHED')
    ).json() as TChartViewData;
    const ms = (await get('/results/summary?slicer=CardAccepting&slicerValue=MATCHED')).json() as TJobSummary;
    expect(matched.totals.supplierCount).toBe(ms.suppliers);
    expect(matched.totals.spend).toBeCloseTo(ms.spend, 0);
    expect(matched.categories.every((c) => c.matchedCount === c.supplierCount)).toBe(true);
  });

  it('exports a chart view as CSV with the same figures', async () => {
    const json = (await get('/results/views/industry.sicIndustry')).json() as TChartViewData;
    const res = await get('/results/views/industry.sicIndustry?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Insights_Test_Job-industry.sicIndustry.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(`category,supplierCount,spend (${json.currency}),documentCount,matchedCount`);
    expect(lines).toHaveLength(json.categories.length + 1);
    const total = lines.slice(1).reduce((a, l) => a + Number(/,(\d+),([\d.]+),\d+,\d+$/.exec(l)![2]), 0);
    expect(total).toBeCloseTo(json.totals.spend, 0);
  });

  it('refuses an unknown view with 400', async () => {
    const res = await get('/results/views/nope');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown chart view');
  });

  it('hides the job from another issuer: 404 on every results route', async () => {
    for (const url of ['/results/summary', '/results/views/country', '/presentation', '/presentation/pptx'])
      expect((await get(url, otherIssuer)).statusCode, url).toBe(404);
  });

  it('builds the presentation deck and a PPTX with the job name and native charts', async () => {
    const deck = (await get('/presentation')).json() as TPresentationDeck;
    expect(deck.jobName).toBe(JOB_NAME);
    expect(deck.summary.suppliers).toBe(100);
    expect(deck.countries.length).toBeGreaterThan(0);
    expect(deck.useCases.length).toBe(10); // eight of the score kinds, two lockbox programmes (Boost, ITS)
    const res = await get('/presentation/pptx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('presentationml');
    expect(res.headers['content-disposition']).toContain('Insights_Test_Job-insights.pptx');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slides).toHaveLength(8);
    const first = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(first).toContain(JOB_NAME);
    const charts = Object.keys(zip.files).filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f));
    expect(charts.length).toBeGreaterThanOrEqual(4);
  });
});
