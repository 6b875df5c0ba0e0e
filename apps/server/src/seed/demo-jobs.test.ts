import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChartViewData, TJobDetails, TJobSummary } from '@sextant/shared';
import type { TestApp } from '../../test/harness.ts';
import { createDemoJobsApp } from '../../test/demo-jobs-fixture.ts';
import { seedDemoJobs } from './demo-jobs.ts';

describe('demo jobs', () => {
  let t: TestApp;
  // The run's demo-jobs fixture seeded the four jobs (it fails unless seedDemoJobs made four) and ran them through the
  // real pipeline once; this file checks what came out, on its own copy, rather than running the pipeline again.
  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
  }, 600_000);
  afterAll(async () => t?.close());

  it('four jobs, created once, which the real pipeline finishes with matched results', async () => {
    expect(await seedDemoJobs(t.app.ctx)).toBe(0); // once: not again on a database that has them
    const cookie = await t.login('ptcoJobManager');
    const list = (await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie, body: {} })).json();
    expect(list.collection).toHaveLength(4);
    const deadline = Date.now() + 150_000;
    let jobs: TJobDetails[];
    for (;;) {
      jobs = await Promise.all(
        list.collection.map(
          async (j: { id: string }) => (await t.call('GET', `/api/v1/jobs/${j.id}`, { cookie })).json() as TJobDetails,
        ),
      );
      if (jobs.every((j) => j.status !== 'Processing') || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const j of jobs) expect(j.status, `${j.name}: ${j.runs[0]?.error}`).toBe('Ready');
    const albion = jobs.find((j) => j.name.startsWith('Albion'))!;
    const logs = (await t.call('GET', `/api/v1/jobs/${albion.id}/logs`, { cookie })).json() as { message: string }[];
    const matched = logs.map((l) => /(\d+) of (\d+) suppliers matched/.exec(l.message)).find(Boolean);
    expect(Number(matched![2])).toBe(900);
    // 700 suppliers are in the network (with noise), 200 are not: most of the former match, none of the latter may.
    expect(Number(matched![1])).toBeGreaterThan(500);
    expect(Number(matched![1])).toBeLessThanOrEqual(700);

    // The consultant upload: a supplier master, a year of invoices and their payments.
    const severn = jobs.find((j) => j.name.startsWith('Severn'))!;
    expect(severn.type).toBe('advanced');
    const get = async <T>(url: string) => {
      const res = await t.call('GET', `/api/v1/jobs/${severn.id}${url}`, { cookie });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as T;
    };
    const summary = await get<TJobSummary>('/results/summary');
    expect(summary.suppliers).toBe(500);
    expect(summary.counts.invoices).toBeGreaterThan(2000);
    expect(summary.counts.payments).toBe(summary.counts.invoices);
    expect(summary.spend).toBeGreaterThan(0);
    // Frequency, payment terms and payment method are known for every supplier (no "Unknown" bucket).
    for (const view of ['transactionFrequency', 'invoicePaymentTerms', 'paymentMethod', 'paymentMethodCount']) {
      const data = await get<TChartViewData>(`/results/views/${view}`);
      expect(data.categories.length, view).toBeGreaterThanOrEqual(2);
      expect(
        data.categories.map((c) => c.category),
        view,
      ).not.toContain('Unknown');
      expect(data.totals.supplierCount, view).toBe(500);
    }
  }, 240_000);
});
