/**
 * Supplier results end to end: the demo jobs run through the real pipeline (PGlite, ProQ, DuckDB), then the
 * supplier list is checked against the job summary (totals), each filter operator, sorting, search, slicers,
 * specific 400s for bad input, CSV/XLSX export, the supplier detail (evidence, merchant, rules) and tenancy.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buyers, campaignEnrolments, campaignWorkflows, issuers, userPermissions, users } from '@sextant/db';
import type { TFilterItem, TJobDetails, TSupplierDetail, TSupplierPage, TSupplierRow } from '@sextant/shared';
import { defaultMatchRuleset } from '@sextant/analysis';
import { createDemoJobsApp } from '../../../test/demo-jobs-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';

/** The demo jobs (completed first runs, demo-jobs-fixture.ts) as the job details route gives them. */
async function demoJobs(t: TestApp): Promise<TJobDetails[]> {
  const cookie = await t.login('ptcoJobManager');
  const list = (await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie, body: {} })).json();
  return Promise.all(
    (list.collection as { id: string }[]).map(
      async (j) => (await t.call('GET', `/api/v1/jobs/${j.id}`, { cookie })).json() as TJobDetails,
    ),
  );
}

describe('supplier results', () => {
  let t: TestApp;
  let issuer: string;
  let jobId: string;
  let base: string;
  let severnId: string;

  const get = async (url: string, cookie = issuer) => t.call('GET', url, { cookie });
  const page = async (q: Record<string, string | number> = {}, path = base) => {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await get(`${path}${qs ? `?${qs}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TSupplierPage;
  };
  const filtered = (items: TFilterItem[], q: Record<string, string | number> = {}) =>
    page({ pageSize: 500, filters: JSON.stringify(items), ...q });
  const allRows = async (q: Record<string, string | number> = {}) => {
    const rows: TSupplierRow[] = [];
    for (let p = 1; ; p++) {
      const r = await page({ ...q, pageSize: 500, pageNumber: p });
      rows.push(...r.collection);
      if (!r.hasNextPage) return { rows, last: r };
    }
  };
  const bad = async (q: Record<string, string>) => {
    const res = await get(`${base}?${new URLSearchParams(q).toString()}`);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { message: string; errors: { path: string }[] };
  };

  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
    const jobs = await demoJobs(t);
    expect(jobs).toHaveLength(4);
    for (const j of jobs) expect(j.status, j.name).toBe('Ready');
    jobId = jobs.find((j) => j.name.startsWith('Albion'))!.id;
    severnId = jobs.find((j) => j.name.startsWith('Severn'))!.id;
    base = `/api/v1/jobs/${jobId}/results/suppliers`;
    issuer = await t.login('issuer');
  }, 300_000);
  afterAll(async () => t?.close());

  const cacheFiles = () => {
    const dir = path.join(t.app.ctx.config.dataDir, 'cache', 'results');
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.duckdb')) : [];
  };

  it('warms every completed run’s supplier cache when the run completes, before any request', async () => {
    const deadline = Date.now() + 30_000;
    while (cacheFiles().length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const files = cacheFiles();
    expect(files).toHaveLength(4);
    expect(files.some((f) => f.startsWith(`${jobId}.`))).toBe(true);
  });

  it('lists every supplier once, and the rows add up to the job summary', async () => {
    const summary = (await get(`/api/v1/jobs/${jobId}/results/summary`)).json() as {
      suppliers: number;
      spend: number;
    };
    const { rows, last } = await allRows();
    expect(last.totalCount).toBe(summary.suppliers);
    expect(rows).toHaveLength(summary.suppliers);
    expect(new Set(rows.map((r) => r.supplierKey)).size).toBe(rows.length);
    const sum = rows.reduce((a, r) => a + (r.spend ?? 0), 0);
    expect(sum).toBeCloseTo(summary.spend, 0);
    expect(last.totalSpend).toBeCloseTo(summary.spend, 0);
    // default order: spend descending
    const first = await page();
    expect(first).toMatchObject({ currentPage: 1, pageSize: 25, hasPreviousPage: false, hasNextPage: true });
    expect(first.totalPages).toBe(Math.ceil(summary.suppliers / 25));
    for (let i = 1; i < first.collection.length; i++)
      expect(first.collection[i - 1]!.spend!).toBeGreaterThanOrEqual(first.collection[i]!.spend!);
    expect(first.collection[0]).toHaveProperty('VcardLevel');
    expect(first.collection[0]).toHaveProperty('OptimaConfidence');
  });

  it('applies each comparison operator, with totals computed under the same filter', async () => {
    const total = (await page()).totalCount;
    const eqM = await filtered([
      { propertyName: 'matchStatus', itemComparisonOperator: 'Equal', itemValue: 'MATCHED' },
    ]);
    const neM = await filtered([
      { propertyName: 'matchStatus', itemComparisonOperator: 'NotEqual', itemValue: 'MATCHED' },
    ]);
    expect(eqM.totalCount).toBeGreaterThan(0);
    expect(eqM.totalCount + neM.totalCount).toBe(total);
    expect(eqM.collection.every((r) => r.matchStatus === 'MATCHED')).toBe(true);
    expect(neM.collection.every((r) => r.matchStatus !== 'MATCHED')).toBe(true);
    expect(eqM.totalSpend + neM.totalSpend).toBeCloseTo((await page()).totalSpend, 0);
    const small = await filtered([{ propertyName: 'country', itemComparisonOperator: 'Equal', itemValue: 'AUS' }]);
    expect(small.totalCount).toBeLessThan(500);
    expect(small.collection).toHaveLength(small.totalCount);
    expect(small.totalSpend).toBeCloseTo(
      small.collection.reduce((a, r) => a + (r.spend ?? 0), 0),
      0,
    );

    const threshold = 100_000;
    const f = (op: TFilterItem['itemComparisonOperator'], v: number | string) =>
      filtered([{ propertyName: 'spend', itemComparisonOperator: op, itemValue: v }]);
    const [gt, gte, lt, lte] = await Promise.all([
      f('GreaterThan', threshold),
      f('GreaterThanOrEqual', String(threshold)),
      f('LessThan', threshold),
      f('LessThanOrEqual', threshold),
    ]);
    expect(gt.totalCount + lte.totalCount).toBe(total);
    expect(gte.totalCount + lt.totalCount).toBe(total);
    expect(gt.collection.every((r) => r.spend! > threshold)).toBe(true);
    expect(lte.collection.every((r) => r.spend! <= threshold)).toBe(true);

    const name = eqM.collection[0]!.supplierName!;
    const word = name.split(' ')[0]!;
    const [contains, starts, ends] = await Promise.all([
      filtered([{ propertyName: 'supplierName', itemComparisonOperator: 'Contains', itemValue: word.toUpperCase() }]),
      filtered([{ propertyName: 'supplierName', itemComparisonOperator: 'StartsWith', itemValue: word }]),
      filtered([{ propertyName: 'supplierName', itemComparisonOperator: 'EndsWith', itemValue: name.slice(-5) }]),
    ]);
    expect(contains.collection.every((r) => r.supplierName!.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(starts.collection.every((r) => r.supplierName!.toLowerCase().startsWith(word.toLowerCase()))).toBe(true);
    expect(ends.collection.every((r) => r.supplierName!.toLowerCase().endsWith(name.slice(-5).toLowerCase()))).toBe(
      true,
    );
    expect(starts.totalCount).toBeGreaterThan(0);
    expect(contains.totalCount).toBeGreaterThanOrEqual(starts.totalCount);

    const [yes, no] = await Promise.all([
      filtered([{ propertyName: 'cardAcceptor', itemComparisonOperator: 'Equal', itemValue: true }]),
      filtered([{ propertyName: 'cardAcceptor', itemComparisonOperator: 'Equal', itemValue: 'false' }]),
    ]);
    expect(yes.totalCount + no.totalCount).toBe(total);
    expect(yes.collection.every((r) => r.cardAcceptor === true)).toBe(true);

    // two items AND together; allowNullValue adds rows without a value
    const both = await filtered([
      { propertyName: 'matchStatus', itemComparisonOperator: 'Equal', itemValue: 'MATCHED' },
      { propertyName: 'spend', itemComparisonOperator: 'GreaterThan', itemValue: threshold },
    ]);
    expect(both.collection.every((r) => r.matchStatus === 'MATCHED' && r.spend! > threshold)).toBe(true);
    expect(both.totalCount).toBeLessThan(Math.min(eqM.totalCount, gt.totalCount) + 1);
    const nulls = await filtered([
      { propertyName: 'avgTransactionValue', itemComparisonOperator: 'Equal', itemValue: null, allowNullValue: true },
    ]);
    expect(nulls.collection.every((r) => r.avgTransactionValue === null)).toBe(true);
    const withNull = await filtered([
      {
        propertyName: 'avgTransactionValue',
        itemComparisonOperator: 'GreaterThan',
        itemValue: 0,
        allowNullValue: true,
      },
    ]);
    const nonNull = await filtered([
      { propertyName: 'avgTransactionValue', itemComparisonOperator: 'GreaterThan', itemValue: 0 },
    ]);
    expect(withNull.totalCount).toBe(nonNull.totalCount + nulls.totalCount);
  });

  it('filters on document dates (a consultant upload with a year of invoices and payments)', async () => {
    const path = `/api/v1/jobs/${severnId}/results/suppliers`;
    const all = await page({ pageSize: 1 }, path);
    expect(all.totalCount).toBe(500);
    const dated = (items: TFilterItem[]) => page({ pageSize: 500, filters: JSON.stringify(items) }, path);
    const cut = '2025-12-01';
    const [late, early, between] = await Promise.all([
      dated([{ propertyName: 'lastDate', itemComparisonOperator: 'GreaterThanOrEqual', itemValue: cut }]),
      dated([{ propertyName: 'lastDate', itemComparisonOperator: 'LessThan', itemValue: cut }]),
      dated([
        { propertyName: 'firstDate', itemComparisonOperator: 'GreaterThanOrEqual', itemValue: '2025-03-01' },
        { propertyName: 'firstDate', itemComparisonOperator: 'LessThan', itemValue: '2025-04-01' },
      ]),
    ]);
    // Every supplier has documents, so the two sides of the cut add up to all of them.
    expect(late.totalCount + early.totalCount).toBe(500);
    expect(late.totalCount).toBeGreaterThan(0);
    expect(early.totalCount).toBeGreaterThan(0);
    expect(late.collection.every((r) => r.lastDate! >= cut)).toBe(true);
    expect(early.collection.every((r) => r.lastDate! < cut)).toBe(true);
    expect(between.totalCount).toBeGreaterThan(0);
    expect(between.collection.every((r) => r.firstDate! >= '2025-03-01' && r.firstDate! < '2025-04-01')).toBe(true);
  });

  it('sorts ascending and descending, with a secondary order', async () => {
    const asc = await page({ orderBy: 'spend:asc', pageSize: 100 });
    for (let i = 1; i < asc.collection.length; i++)
      expect(asc.collection[i - 1]!.spend!).toBeLessThanOrEqual(asc.collection[i]!.spend!);
    const desc = await page({ orderBy: 'country:desc', secondaryOrderBy: 'spend:asc', pageSize: 200 });
    for (let i = 1; i < desc.collection.length; i++) {
      const a = desc.collection[i - 1]!;
      const b = desc.collection[i]!;
      expect((a.country ?? '') >= (b.country ?? '')).toBe(true);
      if (a.country === b.country) expect(a.spend!).toBeLessThanOrEqual(b.spend!);
    }
    const p2 = await page({ orderBy: 'spend:asc', pageSize: 50, pageNumber: 2 });
    expect(p2.collection.map((r) => r.supplierKey)).toEqual(asc.collection.slice(50, 100).map((r) => r.supplierKey));
  });

  it('searches by name and slices by SPEC slicers', async () => {
    const total = (await page()).totalCount;
    const s = await page({ search: 'LTD', pageSize: 500 });
    expect(s.totalCount).toBeGreaterThan(0);
    expect(s.totalCount).toBeLessThan(total);
    expect(s.collection.every((r) => r.supplierName!.toLowerCase().includes('ltd'))).toBe(true);

    const summary = (await get(`/api/v1/jobs/${jobId}/results/summary`)).json() as {
      waterfall: { capability: string; suppliers: number; spend: number }[];
    };
    for (const w of summary.waterfall) {
      const sl = await page({ slicer: 'CardCapability', slicerValue: w.capability, pageSize: 500 });
      expect(sl.totalCount, w.capability).toBe(w.suppliers);
      expect(sl.totalSpend).toBeCloseTo(w.spend, 0);
      expect(sl.collection.every((r) => r.cardCapability === w.capability)).toBe(true);
    }
    const blank = await page({ slicer: 'DetailLevel', slicerValue: '' });
    const levels = await Promise.all(['3', '2', '1'].map((v) => page({ slicer: 'DetailLevel', slicerValue: v })));
    expect(blank.totalCount + levels.reduce((a, l) => a + l.totalCount, 0)).toBe(total);
    const overall = await page({ slicer: 'Overall' });
    expect(overall.totalCount).toBe(total);
  });

  it('refuses bad input with 400 naming the field and the reason', async () => {
    const unknown = await bad({
      filters: JSON.stringify([{ propertyName: 'secret', itemComparisonOperator: 'Equal', itemValue: 'x' }]),
    });
    expect(unknown.message).toContain('filters.0.propertyName');
    expect(unknown.message).toContain('"secret"');
    const op = await bad({
      filters: JSON.stringify([{ propertyName: 'spend', itemComparisonOperator: 'Like', itemValue: 1 }]),
    });
    expect(op.errors[0]!.path).toContain('filters.0.itemComparisonOperator');
    const textOp = await bad({
      filters: JSON.stringify([{ propertyName: 'spend', itemComparisonOperator: 'Contains', itemValue: '1' }]),
    });
    expect(textOp.message).toContain('Contains applies to text columns only');
    const value = await bad({
      filters: JSON.stringify([
        { propertyName: 'country', itemComparisonOperator: 'Equal', itemValue: 'USA' },
        { propertyName: 'spend', itemComparisonOperator: 'GreaterThan', itemValue: 'lots' },
      ]),
    });
    expect(value.message).toContain('filters.1.itemValue: "lots" is not a number for spend');
    const date = await bad({
      filters: JSON.stringify([{ propertyName: 'lastDate', itemComparisonOperator: 'LessThan', itemValue: 'soon' }]),
    });
    expect(date.message).toContain('is not a date');
    const boolOp = await bad({
      filters: JSON.stringify([
        { propertyName: 'cardAcceptor', itemComparisonOperator: 'GreaterThan', itemValue: true },
      ]),
    });
    expect(boolOp.message).toContain('cardAcceptor');
    expect((await bad({ filters: 'not json' })).message).toContain('JSON array');
    expect((await bad({ orderBy: 'password:asc' })).message).toContain('cannot sort by "password"');
    expect((await bad({ orderBy: 'spend; drop table' })).errors[0]!.path).toContain('orderBy');
    expect((await bad({ slicer: 'CardCapability', slicerValue: 'Gold' })).message).toContain('slicerValue');
    expect((await bad({ slicer: 'Nope' })).errors[0]!.path).toContain('slicer');
    expect((await bad({ pageSize: '100000' })).errors[0]!.path).toContain('pageSize');
  });

  it('exports every filtered, sorted row as CSV and XLSX', async () => {
    const items = [{ propertyName: 'matchStatus', itemComparisonOperator: 'Equal', itemValue: 'MATCHED' }];
    const p = await page({ filters: JSON.stringify(items), orderBy: 'spend:asc' });
    const csv = await get(`${base}?format=csv&orderBy=spend:asc&filters=${encodeURIComponent(JSON.stringify(items))}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('.csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Supplier');
    expect(lines[0]).toContain('Vcard level');
    expect(lines.length - 1).toBe(p.totalCount);
    expect(lines[1]).toContain(p.collection[0]!.supplierKey);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${base}?format=xlsx`,
      headers: { cookie: issuer },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('explains one supplier: data, merchant, evidence, scores with rules, industry codes, use cases', async () => {
    const matched = await filtered(
      [{ propertyName: 'matchStatus', itemComparisonOperator: 'Equal', itemValue: 'MATCHED' }],
      { slicer: 'VcAccepting', slicerValue: 'YES' },
    );
    const key = matched.collection[0]!.supplierKey;
    const res = await get(`${base}/${key}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TSupplierDetail;
    expect(d.supplier.supplierKey).toBe(key);
    expect(d.supplier.spend).toBe(matched.collection[0]!.spend);
    expect(d.match.status).toBe('MATCHED');
    expect(d.match.fieldsAgreeing).toContain('name');
    // The rule that decided the confidence, from the versioned match ruleset, and the evidence per field.
    expect(d.match.rule?.id).toMatch(/^M-[A-Z-]+$/);
    expect(d.match.rule?.description).toBeTruthy();
    expect(d.match.rulesetVersion).toBe(defaultMatchRuleset().version);
    expect(d.match.fields[0]).toMatchObject({
      field: 'name',
      result: expect.stringMatching(/^(agree|contained|acronym|similar)$/),
    });
    for (const f of d.match.fields)
      expect(['name', 'address', 'streetNumber', 'street', 'postcode', 'city', 'country', 'taxId']).toContain(f.field);
    expect(d.match.fields.find((f) => f.field === 'name')?.supplier).toBeTruthy();
    expect(d.match.scores.total).toBeGreaterThan(0);
    expect(d.merchant?.merchantId).toBe(d.match.matchedMerchantId);
    expect(d.merchant?.vcAccepting).toBe(true);
    expect(d.scores.map((s) => s.kind)).toEqual([
      'Optima',
      'Stp',
      'Vcard',
      'Pcard',
      'TandEcard',
      'Scf',
      'InstantPay',
      'Boost',
    ]);
    for (const s of d.scores) {
      expect(s.rule.id, s.kind).toBeTruthy();
      expect(s.rule.description, `${s.kind} ${s.rule.id}`).toBeTruthy();
      expect(s.confidenceRule.description, `${s.kind} ${s.confidenceRule.id}`).toBeTruthy();
      expect(s.level).toBe(matched.collection[0]![`${s.kind}Level`]);
    }
    expect(d.industry.classifications).toHaveLength(9);
    expect(d.useCases.map((u) => u.useCaseId)).toContain('vc-accepting');
    const vc = d.useCases.find((u) => u.useCaseId === 'vc-accepting')!;
    expect(vc.estimatedRebate).toBeCloseTo((d.supplier.spend! * vc.rebateBps) / 10000, 1);
    // The supplier's campaigns (the demo seed's workflow may already hold it): each is a workflow of this job that
    // enrols this supplier.
    for (const c of d.campaigns) {
      const rows = await t.db.db
        .select({ workflowId: campaignEnrolments.workflowId })
        .from(campaignEnrolments)
        .innerJoin(campaignWorkflows, eq(campaignWorkflows.id, campaignEnrolments.workflowId))
        .where(
          and(
            eq(campaignEnrolments.workflowId, c.id),
            eq(campaignEnrolments.supplierKey, key),
            eq(campaignWorkflows.jobId, jobId),
          ),
        );
      expect(rows, `campaign ${c.name}`).toHaveLength(1);
    }
    expect((await get(`${base}/S-not-a-supplier`)).statusCode).toBe(404);
  });

  it("ranks each supplier's routes by expected value: the best is the list's best route and the Optima method", async () => {
    const p = await page({ pageSize: 40, orderBy: 'spend:desc' });
    const withRoute = p.collection.filter((r) => r.bestRoute !== null);
    expect(withRoute.length).toBeGreaterThan(0);
    for (const row of p.collection) {
      const d = (await get(`${base}/${encodeURIComponent(row.supplierKey)}`)).json() as TSupplierDetail;
      const label = row.supplierKey;
      // every offered route but Optima (Boost: the demo issuer supports lockbox programmes), best first
      expect(d.routes.map((r) => r.route).sort(), label).toEqual(
        ['Stp', 'Vcard', 'Pcard', 'TandEcard', 'Scf', 'InstantPay', 'Boost'].sort(),
      );
      for (let i = 1; i < d.routes.length; i++)
        expect(d.routes[i - 1]!.expectedValue, label).toBeGreaterThanOrEqual(d.routes[i]!.expectedValue);
      for (const r of d.routes) {
        expect(r.expectedValue, `${label} ${r.route}`).toBeCloseTo(r.probability * (r.value - r.cost), 1);
        expect(r.value).toBeCloseTo(r.inputs.rebate + r.inputs.processSavings + r.inputs.workingCapital, 1);
        expect(r.reasons.length).toBeGreaterThan(1);
        expect(r.supplierNet.daysSooner).toBe(
          d.supplier.paymentTermsDays === null ? null : Math.max(0, d.supplier.paymentTermsDays - 2),
        );
      }
      const best = d.routes[0]!.probability > 0 ? d.routes[0]! : null;
      // the list's columns, written by the run, are the detail's top route
      expect(row.bestRoute, label).toBe(best?.route ?? null);
      expect(row.bestRouteExpectedValue, label).toBe(best?.expectedValue ?? null);
      expect(row.supplierNetBenefit, label).toBe(best?.supplierNet.net ?? null);
      if (best) {
        expect(d.optimaMethod, label).toBe(best.route);
        expect(row.OptimaLevel, label).toBe(best.level);
      }
    }
    // the best route filters like any multiselect column (campaign selections use the same filters)
    const route = withRoute[0]!.bestRoute as string;
    const byRoute = await filtered([{ propertyName: 'bestRoute', itemComparisonOperator: 'Equal', itemValue: route }]);
    expect(byRoute.totalCount).toBeGreaterThan(0);
    expect(byRoute.collection.every((r) => r.bestRoute === route)).toBe(true);
    const csv = (await get(`${base}?format=csv`)).body.split('\n')[0]!;
    expect(csv).toContain('Best route');
    expect(csv).toContain('Supplier net benefit');
  });

  it('keeps other tenants out (404) and answers 409 before a job has results', async () => {
    const other = await t.login('issuerPlus');
    expect((await get(base, other)).statusCode).toBe(404);
    expect((await get(`${base}/columns`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/jobs/${jobId}/results/use-cases`, other)).statusCode).toBe(404);
    expect((await get(base)).statusCode).toBe(200);
    const manager = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const created = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=Empty%20job&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`,
      { cookie: manager },
    );
    const empty = created.json().id as string;
    const res = await get(`/api/v1/jobs/${empty}/results/suppliers`, manager);
    expect(res.statusCode).toBe(409);
    expect((await get(`/api/v1/jobs/${empty}/results/use-cases`, manager)).statusCode).toBe(409);
  });

  it('describes the columns with filter kinds and the distinct values of multiselect columns', async () => {
    const res = await get(`${base}/columns`);
    expect(res.statusCode).toBe(200);
    const c = res.json() as { columns: { field: string; filterKind: string; values?: string[] }[] };
    const byField = new Map(c.columns.map((x) => [x.field, x]));
    expect(byField.get('spend')?.filterKind).toBe('number');
    expect(byField.get('cardAcceptor')?.filterKind).toBe('boolean');
    expect(byField.get('lastDate')?.filterKind).toBe('date');
    expect(byField.get('matchStatus')?.values).toEqual(['MATCHED', 'UNMATCHED']);
    expect(byField.get('VcardLevel')?.filterKind).toBe('multiselect');
  });

  it('drops a deleted job’s supplier cache', async () => {
    const other = cacheFiles().find((f) => !f.startsWith(`${jobId}.`))!;
    const otherJob = other.slice(0, 36);
    const admin = await t.login('sysAdmin');
    const listed = await t.call('GET', `/api/v1/jobs/${otherJob}/results/suppliers`, { cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await t.call('DELETE', `/api/v1/jobs/${otherJob}`, { cookie: admin })).statusCode).toBeLessThan(300);
    expect(cacheFiles().some((f) => f.startsWith(`${otherJob}.`))).toBe(false);
    expect(cacheFiles().some((f) => f.startsWith(`${jobId}.`))).toBe(true);
  });
  it('leaves the scores out for a caller without SuppliersScore_VIEW: columns, rows, filters, sort, export, detail', async () => {
    // The demo issuer holds SuppliersScore_VIEW as an extra permission (seed); the same user without it:
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    const scoreGrant = and(eq(userPermissions.userId, u!.id), eq(userPermissions.permission, 'SuppliersScore_VIEW'));
    expect(await t.db.db.select().from(userPermissions).where(scoreGrant)).toHaveLength(1);
    const withScores = (await get(`${base}?pageSize=5`)).json() as TSupplierPage;
    expect(withScores.collection[0]).toHaveProperty('VcardLevel');
    await t.db.db.delete(userPermissions).where(scoreGrant);
    invalidateUser(u!.id);
    try {
      const columns = (await get(`${base}/columns`)).json() as { columns: { field: string }[] };
      const fields = columns.columns.map((c) => c.field);
      expect(fields).toContain('matchStatus');
      expect(fields).toContain('detailLevel');
      expect(fields.filter((f) => /^[A-Z].*(Level|Confidence)$/.test(f))).toEqual([]);
      const p = (await get(`${base}?pageSize=5`)).json() as TSupplierPage;
      expect(p.totalCount).toBe(withScores.totalCount);
      expect(p.collection.map((r) => r.supplierKey)).toEqual(withScores.collection.map((r) => r.supplierKey));
      for (const r of p.collection)
        expect(Object.keys(r).filter((k) => /^[A-Z].*(Level|Confidence)$/.test(k))).toEqual([]);
      const byLevel = await get(
        `${base}?filters=${encodeURIComponent(JSON.stringify([{ propertyName: 'VcardLevel', itemComparisonOperator: 'Equal', itemValue: 'High' }]))}`,
      );
      expect(byLevel.statusCode).toBe(400);
      expect(byLevel.json().message).toContain('cannot filter by "VcardLevel"');
      expect((await get(`${base}?orderBy=OptimaLevel:desc`)).statusCode).toBe(400);
      const csv = await get(`${base}?format=csv`);
      expect(csv.statusCode).toBe(200);
      const header = csv.body.split('\n')[0]!;
      expect(header).toContain('Match status');
      expect(header).not.toMatch(/Vcard level|Optima confidence/);
      const detail = (
        await get(`${base}/${encodeURIComponent(p.collection[0]!.supplierKey)}`)
      ).json() as TSupplierDetail;
      expect(detail.scores).toEqual([]);
      expect(detail.optimaMethod).toBeNull();
      expect(detail.routes).toEqual([]);
      expect(detail.match.status).not.toBeNull();
    } finally {
      await t.db.db.insert(userPermissions).values({ userId: u!.id, permission: 'SuppliersScore_VIEW' });
      invalidateUser(u!.id);
    }
    const again = (await get(`${base}?format=csv`)).body.split('\n')[0]!;
    expect(again).toContain('Vcard level');
  });
});
