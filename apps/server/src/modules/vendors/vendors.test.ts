/**
 * Vendor lookup and global insights over real job runs (ProQ, DuckDB) on both databases: a typo'd or reordered name
 * finds the merchant with the matcher's confidence; "in your jobs" and global insights count only the caller's
 * jobs (another issuer's job never); global totals equal the sum of the caller's job summaries, a merchant counted
 * once; roles without the permission get 403, bad input 400 naming the field.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, issuers } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { labelledCsv, makeLabelledSuppliers } from '@sextant/analysis';
import {
  CHART_VIEW_IDS,
  type TChartViewData,
  type TGlobalInsightsStatus,
  type TGlobalOrganizations,
  type TGlobalSummary,
  type TJobSummary,
  type TVendorDetail,
  type TVendorSearchResult,
} from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { NETWORK_SEED } from '../jobs/index.ts';
import { queryRows } from '../../lib/duckdb/index.ts';

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 150_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(dbKinds())('vendor lookup and global insights on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let issuerUser: string;
  let otherIssuer: string;
  let client: string;
  const jobs: Record<'north' | 'north2' | 'meridian', string> = { north: '', north2: '', meridian: '' };

  async function createJob(name: string, issuerKey: string, seed: number): Promise<string> {
    const [is] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, issuerKey));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, is!.id));
    const created = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${is!.id}&buyerId=${b!.id}`,
      { cookie: manager },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const csv = labelledCsv(
      makeLabelledSuppliers({ networkSeed: NETWORK_SEED, networkSize: 2000, present: 60, absent: 20, seed }),
    );
    const up = await t.upload(`/api/v1/jobs/${id}/files?dataKind=suppliers`, { name: 's.csv', content: csv }, manager);
    expect(up.statusCode, up.body).toBe(200);
    expect((await t.call('POST', `/api/v1/jobs/${id}/runs`, { cookie: manager })).statusCode).toBe(200);
    return id;
  }

  const suppliersOf = (jobId: string) =>
    `read_parquet('${path.join(t.config.dataDir, 'jobs', jobId, 'runs', '1', 'results', 'suppliers.parquet')}')`;

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    issuerUser = await t.login('issuer');
    otherIssuer = await t.login('issuerPlus');
    client = await t.login('client');
    await t.app.ctx.proq.start();
    jobs.north = await createJob('North Job A', 'northbridge', 7);
    jobs.north2 = await createJob('North Job B', 'northbridge', 8);
    jobs.meridian = await createJob('Meridian Job', 'meridian', 9);
    for (const id of Object.values(jobs)) {
      const d = await until(
        async () => (await t.call('GET', `/api/v1/jobs/${id}`, { cookie: manager })).json(),
        (x: { status: string }) => x.status !== 'Processing',
      );
      expect(d.status).toBe('Ready');
    }
  }, 400_000);
  afterAll(async () => t?.close());

  it('answers 503 while the index is first built, then searches', async () => {
    const first = await until(
      () => t.call('GET', '/api/v1/vendors/search?q=warmup', { cookie: issuerUser }),
      (r) => r.statusCode !== 503,
    );
    expect(first.statusCode, first.body).toBe(200);
  }, 200_000);

  it('finds a merchant by a typo and by reordered words, with the matcher’s confidence', async () => {
    const [m] = await queryRows<{ merchantId: string; name: string; city: string; postcode: string }>(
      `SELECT merchantId, name, city, postcode FROM read_parquet('${path.join(t.config.dataDir, 'network', `generated-2000-${NETWORK_SEED}.parquet`)}')
       WHERE len(nameTokens) >= 2 AND length(nameTokens[1]) >= 6 ORDER BY merchantId LIMIT 1`,
    );
    expect(m).toBeTruthy();
    const words = m!.name.split(/\s+/);
    const typo = words.map((w, i) => (i === 0 ? w.slice(0, 2) + w.slice(3) : w)).join(' ');
    const reordered = [...words.slice(1, 2), words[0], ...words.slice(2)].join(' ');
    for (const q of [m!.name, typo, reordered]) {
      const res = await t.call('GET', `/api/v1/vendors/search?q=${encodeURIComponent(q)}&limit=5`, {
        cookie: issuerUser,
      });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json() as TVendorSearchResult;
      expect(r.results[0]?.vendorId, `${q} → ${r.results.map((x) => x.name).join('; ')}`).toBe(m!.merchantId);
      expect(r.results.length).toBeLessThanOrEqual(5);
      expect(r.results[0]!.score).toBeGreaterThanOrEqual(r.results.at(-1)!.score);
    }
    // The exact name with its city and postcode is a High match, as a job match with that evidence would be.
    const exact = (
      await t.call(
        'GET',
        `/api/v1/vendors/search?q=${encodeURIComponent(m!.name)}&city=${encodeURIComponent(m!.city)}&postcode=${encodeURIComponent(m!.postcode)}`,
        { cookie: issuerUser },
      )
    ).json() as TVendorSearchResult;
    expect(exact.results[0]).toMatchObject({ vendorId: m!.merchantId, confidence: 'High' });
    expect(exact.results[0]!.agreeing).toEqual(expect.arrayContaining(['name', 'postcode', 'city']));
    // CSV export of the result list
    const csv = await t.call('GET', `/api/v1/vendors/search?q=${encodeURIComponent(typo)}&format=csv`, {
      cookie: issuerUser,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('vendorId,name');
    expect(csv.body).toContain(m!.merchantId);
  });

  it('refuses bad input with the field, and roles without the permission', async () => {
    const short = await t.call('GET', '/api/v1/vendors/search?q=a', { cookie: issuerUser });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('q');
    const country = await t.call('GET', '/api/v1/vendors/search?q=acme&country=Germany', { cookie: issuerUser });
    expect(country.statusCode).toBe(400);
    expect(JSON.stringify(country.json())).toContain('three-letter');
    expect((await t.call('GET', '/api/v1/vendors/search?q=acme&limit=1000', { cookie: issuerUser })).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', '/api/v1/vendors/search?q=acme', { cookie: client })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/global-insights/status', { cookie: client })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/vendors/search?q=acme')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/vendors/NOPE-1', { cookie: issuerUser })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/global-insights/views/nope', { cookie: issuerUser })).statusCode).toBe(400);
  });

  it('"in your jobs" lists only the jobs the caller may see', async () => {
    const [shared] = await queryRows<{ id: string }>(
      `SELECT a.matchedMerchantId AS id FROM ${suppliersOf(jobs.north)} a JOIN ${suppliersOf(jobs.meridian)} b USING (matchedMerchantId)
       WHERE a.matchedMerchantId IS NOT NULL ORDER BY 1 LIMIT 1`,
    );
    expect(shared, 'a merchant matched in both issuers’ jobs').toBeTruthy();
    const mine = (await t.call('GET', `/api/v1/vendors/${shared!.id}`, { cookie: issuerUser })).json() as TVendorDetail;
    expect(mine.vendor.vendorId).toBe(shared!.id);
    const ids = mine.inYourJobs.map((j) => j.jobId);
    expect(ids).toContain(jobs.north);
    expect(ids).not.toContain(jobs.meridian);
    expect(mine.inYourJobs.every((j) => j.spend >= 0)).toBe(true);
    const theirs = (
      await t.call('GET', `/api/v1/vendors/${shared!.id}`, { cookie: otherIssuer })
    ).json() as TVendorDetail;
    expect(theirs.inYourJobs.map((j) => j.jobId)).toEqual([jobs.meridian]);
  });

  it('global insights: built in the background, totals of the caller’s jobs only, a merchant counted once', async () => {
    const first = await t.call('GET', '/api/v1/global-insights/status', { cookie: issuerUser });
    expect(first.statusCode, first.body).toBe(200);
    expect(['Building', 'Ready']).toContain((first.json() as TGlobalInsightsStatus).state);
    const st = await until(
      async () =>
        (await t.call('GET', '/api/v1/global-insights/status', { cookie: issuerUser })).json() as TGlobalInsightsStatus,
      (s) => s.state !== 'Building',
    );
    expect(st).toMatchObject({ state: 'Ready', jobs: 2 });
    const g = (await t.call('GET', '/api/v1/global-insights/summary', { cookie: issuerUser })).json() as TGlobalSummary;
    const sums = await Promise.all(
      [jobs.north, jobs.north2].map(
        async (id) =>
          (await t.call('GET', `/api/v1/jobs/${id}/results/summary`, { cookie: issuerUser })).json() as TJobSummary,
      ),
    );
    expect(g.jobs).toBe(2);
    expect(g.issuers).toBe(1);
    expect(g.spend).toBeCloseTo(sums[0]!.spend + sums[1]!.spend, 0);
    expect(g.supplierRows).toBe(sums[0]!.suppliers + sums[1]!.suppliers);
    const [distinct] = await queryRows<{ n: number }>(
      `SELECT count(DISTINCT coalesce('m:' || matchedMerchantId, 'j:' || j || ':' || supplierKey)) AS n FROM (
         SELECT 'a' AS j, * FROM ${suppliersOf(jobs.north)} UNION ALL BY NAME SELECT 'b' AS j, * FROM ${suppliersOf(jobs.north2)})`,
    );
    expect(g.suppliers).toBe(distinct!.n);
    expect(g.suppliers).toBeLessThan(g.supplierRows); // the two jobs share matched merchants
    expect(g.waterfall.reduce((a, w) => a + w.suppliers, 0)).toBe(g.suppliers);
    // every chart view answers and its totals equal the summary's
    for (const view of CHART_VIEW_IDS.filter((v) => v !== 'job')) {
      const v = (
        await t.call('GET', `/api/v1/global-insights/views/${view}`, { cookie: issuerUser })
      ).json() as TChartViewData;
      expect(v.totals.supplierCount, view).toBe(g.suppliers);
      expect(v.totals.spend, view).toBeCloseTo(g.spend, 0);
    }
    const sliced = (
      await t.call('GET', '/api/v1/global-insights/summary?slicer=CardAccepting&slicerValue=MATCHED', {
        cookie: issuerUser,
      })
    ).json() as TGlobalSummary;
    expect(sliced.suppliers).toBe(g.matched.suppliers);
    // organisations: the caller's issuer and buyer only, sortable
    const orgs = (
      await t.call('GET', '/api/v1/global-insights/organizations?sort=spend&order=asc', { cookie: issuerUser })
    ).json() as TGlobalOrganizations;
    const issuerRows = orgs.rows.filter((o) => o.kind === 'issuer');
    expect(issuerRows).toHaveLength(1);
    expect(issuerRows[0]!.spend).toBeCloseTo(g.spend, 0);
    expect(orgs.rows.flatMap((o) => o.jobs.map((j) => j.jobId))).not.toContain(jobs.meridian);
    const spends = orgs.rows.map((o) => o.spend);
    expect(spends).toEqual([...spends].sort((a, b) => a - b));
    // the other issuer's user sees only their job
    await until(
      async () =>
        (
          await t.call('GET', '/api/v1/global-insights/status', { cookie: otherIssuer })
        ).json() as TGlobalInsightsStatus,
      (s) => s.state !== 'Building',
    );
    const other = (
      await t.call('GET', '/api/v1/global-insights/summary', { cookie: otherIssuer })
    ).json() as TGlobalSummary;
    const m = (
      await t.call('GET', `/api/v1/jobs/${jobs.meridian}/results/summary`, { cookie: otherIssuer })
    ).json() as TJobSummary;
    expect(other.jobs).toBe(1);
    expect(other.spend).toBeCloseTo(m.spend, 0);
  }, 200_000);

  it('a deleted job leaves the global insights in the background', async () => {
    const admin = await t.login('sysAdmin');
    const del = await t.call('DELETE', `/api/v1/jobs/${jobs.north2}`, { cookie: admin });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const st = await until(
      async () =>
        (await t.call('GET', '/api/v1/global-insights/status', { cookie: issuerUser })).json() as TGlobalInsightsStatus,
      (s) => s.state === 'Ready',
    );
    expect(st.jobs).toBe(1);
    const g = (await t.call('GET', '/api/v1/global-insights/summary', { cookie: issuerUser })).json() as TGlobalSummary;
    const a = (
      await t.call('GET', `/api/v1/jobs/${jobs.north}/results/summary`, { cookie: issuerUser })
    ).json() as TJobSummary;
    expect(g.jobs).toBe(1);
    expect(g.spend).toBeCloseTo(a.spend, 0);
  }, 120_000);
});
