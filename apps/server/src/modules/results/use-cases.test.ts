/**
 * Use cases end to end on the demo jobs (real pipeline): the list's opportunity equals its suppliers (count,
 * spend, estimated rebate at the use case's bps), a use case's suppliers page/sort/export like the supplier list,
 * unknown use cases are 404, and the Use Cases Report carries each use case's top suppliers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSupplierPage, TUseCaseList, TUseCasesReport } from '@sextant/shared';
import { createDemoJobsApp, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';

describe('use case results', () => {
  let t: TestApp;
  let issuer: string;
  let jobId: string;
  const get = (url: string, cookie = issuer) => t.call('GET', url, { cookie });

  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
    jobId = await demoJobId(t, 'Albion');
    issuer = await t.login('issuer');
  }, 300_000);
  afterAll(async () => t?.close());

  it('lists use cases whose opportunity equals their suppliers', async () => {
    const res = await get(`/api/v1/jobs/${jobId}/results/use-cases`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as TUseCaseList;
    // the eight of the score kinds and one per lockbox programme Northbridge supports (Boost, ITS)
    expect(list.useCases.length).toBe(10);
    expect(list.useCases.some((u) => u.supplierCount > 0)).toBe(true);
    for (const uc of list.useCases) {
      const page = (
        await get(`/api/v1/jobs/${jobId}/results/use-cases/${uc.useCaseId}/suppliers?pageSize=500`)
      ).json() as TSupplierPage;
      expect(page.totalCount, uc.useCaseId).toBe(uc.supplierCount);
      expect(page.totalSpend).toBeCloseTo(uc.spend, 0);
      const rebate = page.collection.reduce((a, r) => a + Number(r.estimatedRebate ?? 0), 0);
      expect(rebate).toBeCloseTo(uc.estimatedRebate, 0);
      for (const r of page.collection.slice(0, 5))
        expect(Number(r.estimatedRebate)).toBeCloseTo(((r.spend ?? 0) * uc.rebateBps) / 10000, 1);
      expect(uc.spendSharePercent).toBeCloseTo((uc.spend / list.totalSpend) * 100, 0);
    }
  });

  it('pages, sorts, filters and exports a use case’s suppliers; unknown use cases are 404', async () => {
    const list = (await get(`/api/v1/jobs/${jobId}/results/use-cases`)).json() as TUseCaseList;
    const uc = list.useCases.find((u) => u.supplierCount > 30)!;
    const base = `/api/v1/jobs/${jobId}/results/use-cases/${uc.useCaseId}`;
    const detail = (await get(base)).json();
    expect(detail).toMatchObject({ useCaseId: uc.useCaseId, supplierCount: uc.supplierCount, currency: 'GBP' });
    const asc = (await get(`${base}/suppliers?orderBy=estimatedRebate:asc&pageSize=30`)).json() as TSupplierPage;
    for (let i = 1; i < asc.collection.length; i++)
      expect(Number(asc.collection[i - 1]!.estimatedRebate)).toBeLessThanOrEqual(
        Number(asc.collection[i]!.estimatedRebate),
      );
    const filters = encodeURIComponent(
      JSON.stringify([{ propertyName: 'estimatedRebate', itemComparisonOperator: 'GreaterThan', itemValue: 1000 }]),
    );
    const big = (await get(`${base}/suppliers?filters=${filters}&pageSize=500`)).json() as TSupplierPage;
    expect(big.totalCount).toBeLessThan(uc.supplierCount);
    expect(big.collection.every((r) => Number(r.estimatedRebate) > 1000)).toBe(true);
    const csv = await get(`${base}/suppliers?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n').length - 1).toBe(uc.supplierCount);
    expect(csv.body.split('\n')[0]).toContain('Estimated rebate');
    expect((await get(`/api/v1/jobs/${jobId}/results/use-cases/not-a-use-case`)).statusCode).toBe(404);
    expect((await get(`/api/v1/jobs/${jobId}/results/use-cases/not-a-use-case/suppliers`)).statusCode).toBe(404);
    // the supplier list's own filters do not know the use-case column
    expect(
      (await get(`/api/v1/jobs/${jobId}/results/suppliers?orderBy=estimatedRebate:desc`)).json().message,
    ).toContain('cannot sort by "estimatedRebate"');
  });

  it('builds the Use Cases Report with each use case’s top 10 suppliers by spend', async () => {
    const res = await get(`/api/v1/jobs/${jobId}/results/use-cases-report`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TUseCasesReport;
    expect(r.jobName).toContain('Albion');
    const list = (await get(`/api/v1/jobs/${jobId}/results/use-cases`)).json() as TUseCaseList;
    expect(r.useCases.map((u) => u.useCaseId)).toEqual(list.useCases.map((u) => u.useCaseId));
    expect(r.totalEstimatedRebate).toBeCloseTo(
      list.useCases.reduce((a, u) => a + u.estimatedRebate, 0),
      1,
    );
    for (const u of r.useCases) {
      expect(u.topSuppliers.length).toBe(Math.min(10, u.supplierCount));
      for (let i = 1; i < u.topSuppliers.length; i++)
        expect(u.topSuppliers[i - 1]!.spend!).toBeGreaterThanOrEqual(u.topSuppliers[i]!.spend!);
    }
    expect((await get(`/api/v1/jobs/${jobId}/results/use-cases-report`, await t.login('issuerPlus'))).statusCode).toBe(
      404,
    );
  });
});
