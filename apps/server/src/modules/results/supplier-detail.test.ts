/**
 * The per-run supplier-detail store answers exactly what scans of the run's files answer (the supplier's row, its
 * matched or candidate merchant from the network, its use cases), is built once per run in the blob store, rebuilt
 * when its file is missing, truncated or corrupt (never used then), and the detail route serves from it.
 * TEST_BLOB_S3=1 runs it on the S3 blob store.
 */
import { existsSync } from 'node:fs';
import { open, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '@sextant/db/testing';
import type { TSupplierDetail } from '@sextant/shared';
import { createDemoJobsApp, DEMO_JOBS_ENV, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';
import { NETWORK_SEED } from '../jobs/index.ts';
import { lit, openResultsForPipeline, type JobResults } from '../../lib/duckdb/index.ts';
import { dropSupplierDetail, supplierDetailRows, warmSupplierDetail } from './supplier-detail.ts';

describe.each(dbKinds())('supplier detail lookup on %s', (kind) => {
  let t: TestApp;
  let jobId: string;
  let res: JobResults;
  let network: string;
  /** The run's store files in the blob store. */
  const files = async () => (await t.app.ctx.blobs.list(`${res.key}/supplier-detail`)).map((e) => e.key);
  const ctx = () => t.app.ctx;

  beforeAll(async () => {
    t = await createDemoJobsApp(kind);
    jobId = await demoJobId(t, 'Albion');
    res = await openResultsForPipeline(t.app.ctx, jobId);
    // the network the detail route reads (suppliers.service networkFile)
    network = path.join(
      t.app.ctx.config.dataDir,
      'network',
      `generated-${DEMO_JOBS_ENV.NETWORK_MERCHANTS}-${NETWORK_SEED}.parquet`,
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
    // each network's match (docs/NETWORKS.md), in network order
    const networks = await res.all(
      `SELECT network, networkVersion, merchantId, merchantName, confidence, matchStatus, matchScore, acceptsCard,
         vcAccepting, detailLevel, stpCapable, lockboxes, cardCapability, candidateSearch, matchRule AS rule
       FROM ${res.table('networks')} WHERE supplierKey = $1 ORDER BY networkOrder`,
      [key],
    );
    return { supplier: s, merchant: m, useCases, networks };
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
      const got = await supplierDetailRows(ctx(), res, supplierKey, network);
      const want = await scanned(supplierKey);
      expect(got.supplier, supplierKey).toEqual(want.supplier);
      expect(got.merchant, supplierKey).toEqual(want.merchant);
      expect(got.useCases, supplierKey).toEqual(want.useCases);
      expect(got.networks, supplierKey).toEqual(want.networks);
      if (want.useCases.length) withUseCases++;
      if (want.merchant) withMerchant++;
    }
    expect(withUseCases).toBeGreaterThan(0);
    expect(withMerchant).toBeGreaterThan(0);
    const none = await supplierDetailRows(ctx(), res, "nobody's key", network);
    expect(none).toEqual({ supplier: undefined, merchant: undefined, useCases: [], networks: [] });
  }, 120_000);

  it('is built when the run completes, one file per run in the blob store, rebuilt when missing', async () => {
    // the pipeline warms it with the supplier cache
    const deadline = Date.now() + 30_000;
    while ((await files()).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await files()).toHaveLength(1);
    await warmSupplierDetail(ctx(), res, network);
    expect(await files()).toHaveLength(1);
    // its records are deflated in blocks: the file is well under the JSON it holds (the block table says how much)
    const stored = await readFile(await ctx().blobs.localFile((await files())[0]!));
    const blockCount = stored.readUInt32LE(stored.length - 20);
    const table = stored.readDoubleLE(stored.length - 16);
    let json = 0;
    for (let b = 0; b < blockCount; b++) json += stored.readUInt32LE(table + blockCount * 12 + b * 4);
    expect(blockCount).toBeGreaterThan(1);
    expect(stored.length).toBeLessThan(json / 2);
    // the file goes (job folder removed elsewhere): the next request builds it again
    const [key] = await files();
    await dropSupplierDetail(ctx(), jobId);
    await ctx().blobs.delete(key!);
    expect(await files()).toHaveLength(0);
    const [k] = await res.all<{ supplierKey: string }>(`SELECT supplierKey FROM ${res.table('suppliers')} LIMIT 1`);
    const got = await supplierDetailRows(ctx(), res, k!.supplierKey, network);
    expect(got).toEqual(await scanned(k!.supplierKey));
    expect(await files()).toEqual([key]);
  });

  it('never uses a truncated or corrupt file: it is rebuilt and the answer stays right', async () => {
    const keys = await res.all<{ supplierKey: string }>(
      `SELECT supplierKey FROM ${res.table('suppliers')} ORDER BY hash(supplierKey) LIMIT 3`,
    );
    await warmSupplierDetail(ctx(), res, network);
    const [key] = await files();
    const good = await readFile(await ctx().blobs.localFile(key!));

    // truncated (a copy cut short): found unusable when opened, built again
    await dropSupplierDetail(ctx(), jobId);
    await truncate(await ctx().blobs.localFile(key!), Math.floor(good.length / 2));
    expect(await supplierDetailRows(ctx(), res, keys[0]!.supplierKey, network)).toEqual(
      await scanned(keys[0]!.supplierKey),
    );
    expect((await readFile(await ctx().blobs.localFile(key!))).equals(good)).toBe(true);

    // the index damaged: its checksum fails when opened
    await dropSupplierDetail(ctx(), jobId);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 40] = damaged[damaged.length - 40]! ^ 0xff;
    await writeFile(await ctx().blobs.localFile(key!), damaged);
    expect(await supplierDetailRows(ctx(), res, keys[1]!.supplierKey, network)).toEqual(
      await scanned(keys[1]!.supplierKey),
    );
    expect((await readFile(await ctx().blobs.localFile(key!))).equals(good)).toBe(true);

    // every record damaged while the store is open (same size, so the open index still points into it): the read's
    // checksum fails, the store is dropped and built again
    await supplierDetailRows(ctx(), res, keys[2]!.supplierKey, network); // open
    const file = await ctx().blobs.localFile(key!);
    const bad = Buffer.from(good);
    const recordsEnd = bad.readDoubleLE(bad.length - 16); // the index offset (footer)
    for (let i = 16 + bad.readUInt32LE(12); i < recordsEnd; i += 7) bad[i] = 0x20;
    // written in place (not renamed), so the open handle sees it
    const fh = await open(file, 'r+');
    await fh.write(bad, 0, bad.length, 0);
    await fh.close();
    expect(await supplierDetailRows(ctx(), res, keys[2]!.supplierKey, network)).toEqual(
      await scanned(keys[2]!.supplierKey),
    );
    expect((await readFile(await ctx().blobs.localFile(key!))).equals(good)).toBe(true);
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

  it('matches every supplier against both demo networks, each with its own evidence, and merges them by source', async () => {
    // the reference network's row is the supplier's own match; the second network's is its own match
    const rows = await res.all<{ n: number; same: number; suppliers: number }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE n.network = 'Scheme A' AND n.merchantId IS NOT DISTINCT FROM s.candidateMerchantId
         AND n.confidence IS NOT DISTINCT FROM s.matchConfidence AND n.cardCapability = s.cardCapability) AS same,
         count(DISTINCT n.supplierKey) AS suppliers
       FROM ${res.table('networks')} n JOIN ${res.table('suppliers')} s USING (supplierKey)`,
    );
    expect(rows[0]!.n).toBe(rows[0]!.suppliers * 2);
    expect(rows[0]!.same).toBe(rows[0]!.suppliers);
    // the networks overlap but differ: suppliers matched in both, and suppliers that accept only in Scheme B
    const [o] = await res.all<{ both: number; onlyB: number; wrongMerge: number }>(
      `SELECT count(*) FILTER (WHERE networksMatched = 2) AS both,
         count(*) FILTER (WHERE acceptsAnywhere AND NOT cardAcceptor AND acceptsAnywhereNetworks = 'Scheme B') AS onlyB,
         count(*) FILTER (WHERE acceptsAnywhere <> (cardAcceptor OR acceptsAnywhereNetworks LIKE '%Scheme B%')) AS wrongMerge
       FROM ${res.table('suppliers')}`,
    );
    expect(o!.both).toBeGreaterThan(0);
    expect(o!.onlyB).toBeGreaterThan(0);
    expect(o!.wrongMerge).toBe(0);

    const [k] = await res.all<{ supplierKey: string }>(
      `SELECT supplierKey FROM ${res.table('suppliers')} WHERE acceptsAnywhere AND NOT cardAcceptor ORDER BY supplierKey LIMIT 1`,
    );
    const r = await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(k!.supplierKey)}`, {
      cookie: await t.login('issuer'),
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json() as TSupplierDetail;
    expect(d.networks.map((n) => n.network)).toEqual(['Scheme A', 'Scheme B']);
    // the reference network by the full matcher, the further network by the confirmatory match (NETWORKS_MATCH)
    expect(d.networks.map((n) => n.candidateSearch)).toEqual(['full', 'confirm']);
    const b = d.networks[1]!;
    expect(b).toMatchObject({ matched: true, acceptsCard: true });
    expect(b.merchantId).toMatch(/^N\d{8}$/);
    expect(b.merchantName).toBeTruthy();
    expect(['High', 'Medium']).toContain(b.confidence);
    expect(b.rule).toBeTruthy();
    expect(d.networks[0]!.acceptsCard).not.toBe(true);
    expect(d.mergedNetworks).toMatchObject({ acceptsAnywhere: true, acceptsIn: ['Scheme B'] });
    expect(d.mergedNetworks!.bestCapabilityNetwork).toBe('Scheme B');
    // the reference network's facts stay those of the supplier's own columns
    expect(d.acceptance.cardAcceptor).toBe(false);
  });
});
