/**
 * The key-indexed supplier-detail lookup answers exactly what scans of the run's files answer (the supplier's row,
 * its matched or candidate merchant from the network, its use cases), is built once per run and survives being
 * re-opened, and the detail route serves from it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '@sextant/db/testing';
import type { TJobDetails, TSupplierDetail } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoJobs } from '../../seed/demo-jobs.ts';

const DEMO_ENV = { NETWORK_MERCHANTS: '3000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' };
import { NETWORK_SEED } from '../jobs/jobs.commands.ts';
import { lit, openResultsForPipeline, type JobResults } from './results.store.ts';
import { dropSupplierDetail, supplierDetailRows, warmSupplierDetail } from './supplier-detail.ts';

describe.each(dbKinds())('supplier detail lookup on %s', (kind) => {
  let t: TestApp;
  let jobId: string;
  let res: JobResults;
  let network: string;
  const dir = () => path.join(t.app.ctx.config.dataDir, 'cache', 'supplier-detail');
  const files = () =>
    existsSync(dir()) ? readdirSync(dir()).filter((f) => f.startsWith(`${jobId}.`) && f.endsWith('.duckdb')) : [];

  beforeAll(async () => {
    t = await createTestApp(kind, DEMO_ENV);
    expect(await seedDemoJobs(t.app.ctx)).toBe(4);
    await t.app.ctx.proq.start();
    const manager = await t.login('ptcoJobManager');
    const list = (
      await t.call('POST', '/api/v1/authorization/auth-mapped-job-artifacts', { cookie: manager, body: {} })
    ).json() as { collection: { id: string; name: string }[] };
    jobId = list.collection.find((j) => j.name.startsWith('Albion'))!.id;
    const deadline = Date.now() + 200_000;
    for (;;) {
      const d = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails;
      if (d.status !== 'Processing' || Date.now() > deadline) {
        expect(d.status).toBe('Ready');
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    res = await openResultsForPipeline(t.app.ctx, jobId);
    // the network the detail route reads (suppliers.service networkFile)
    network = path.join(
      t.app.ctx.config.dataDir,
      'network',
      `generated-${DEMO_ENV.NETWORK_MERCHANTS}-${NETWORK_SEED}.parquet`,
    );
    expect(existsSync(network)).toBe(true);
  }, 300_000);
  afterAll(async () => t?.close());

  /** The rows as the detail read them before: a scan of each file. */
  const scanned = async (key: string) => {
    const [s] = await res.all(`SELECT * FROM ${res.table('suppliers')} WHERE supplierKey = $1`, [key]);
    const id = s ? (s.matchedMerchantId ?? s.candidateMerchantId) : null;
    const [m] = id
      ? await res.all(
          `SELECT merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard,
             vcAccepting, detailLevel, stpCapable, lockboxes FROM read_parquet(${lit(network)}) WHERE merchantId = $1 LIMIT 1`,
          [String(id)],
        )
      : [];
    const useCases = await res.all(
      `SELECT u.useCaseId, c.name, c.rebateBps, u.spend, u.estimatedRebate
       FROM ${res.table('useCaseSuppliers')} u JOIN ${res.table('useCases')} c USING (useCaseId)
       WHERE u.supplierKey = $1 ORDER BY u.estimatedRebate DESC, c.name`,
      [key],
    );
    return { supplier: s, merchant: m, useCases };
  };

  it('answers every sampled supplier exactly as scans of the result files and the network do', async () => {
    const keys = await res.all<{ supplierKey: string }>(
      `SELECT supplierKey FROM ${res.table('suppliers')} ORDER BY hash(supplierKey) LIMIT 30`,
    );
    // the sample covers matched suppliers, unmatched ones and suppliers in use cases
    const matched = await res.all<{ n: number }>(
      `SELECT count(*) AS n FROM ${res.table('suppliers')} WHERE matchedMerchantId IS NOT NULL
         AND supplierKey IN (${keys.map((k) => lit(k.supplierKey)).join(', ')})`,
    );
    expect(matched[0]!.n).toBeGreaterThan(0);
    let withUseCases = 0;
    let withMerchant = 0;
    for (const { supplierKey } of keys) {
      const got = await supplierDetailRows(t.app.ctx.config.dataDir, res, supplierKey, network);
      const want = await scanned(supplierKey);
      expect(got.supplier, supplierKey).toEqual(want.supplier);
      expect(got.merchant, supplierKey).toEqual(want.merchant);
      expect(got.useCases, supplierKey).toEqual(want.useCases);
      if (want.useCases.length) withUseCases++;
      if (want.merchant) withMerchant++;
    }
    expect(withUseCases).toBeGreaterThan(0);
    expect(withMerchant).toBeGreaterThan(0);
    const none = await supplierDetailRows(t.app.ctx.config.dataDir, res, "nobody's key", network);
    expect(none).toEqual({ supplier: undefined, merchant: undefined, useCases: [] });
  }, 120_000);

  it('is built when the run completes, one file per run, removed with the job and rebuilt on demand', async () => {
    // the pipeline warms it with the supplier cache
    const deadline = Date.now() + 30_000;
    while (files().length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(files()).toHaveLength(1);
    await warmSupplierDetail(t.app.ctx.config.dataDir, res, network);
    expect(files()).toHaveLength(1);
    await dropSupplierDetail(t.app.ctx.config.dataDir, jobId);
    expect(files()).toHaveLength(0);
    // rebuilt on demand
    const [k] = await res.all<{ supplierKey: string }>(`SELECT supplierKey FROM ${res.table('suppliers')} LIMIT 1`);
    const got = await supplierDetailRows(t.app.ctx.config.dataDir, res, k!.supplierKey, network);
    expect(got.supplier?.supplierKey).toBe(k!.supplierKey);
    expect(files()).toHaveLength(1);
  });

  it('serves the detail route from the lookup, with the merchant of the network', async () => {
    const cookie = await t.login('issuer');
    const [k] = await res.all<{ supplierKey: string; matchedMerchantId: string }>(
      `SELECT supplierKey, matchedMerchantId FROM ${res.table('suppliers')} WHERE matchedMerchantId IS NOT NULL LIMIT 1`,
    );
    const r = await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(k!.supplierKey)}`, {
      cookie,
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json() as TSupplierDetail;
    expect(d.supplier.supplierKey).toBe(k!.supplierKey);
    expect(d.merchant?.merchantId).toBe(k!.matchedMerchantId);
    const missing = await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers/no-such-supplier`, { cookie });
    expect(missing.statusCode).toBe(404);
  });
});
