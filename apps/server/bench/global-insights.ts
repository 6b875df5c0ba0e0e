/**
 * `npm run bench -- global-insights [jobs=50] [suppliers=10000] [requests=60]`: global insights over J jobs of N
 * suppliers each. Setup: synthetic result files (suppliers.parquet and use-case-suppliers.parquet in the pipeline's
 * columns; 60 % of suppliers matched to a pool of merchants shared across jobs). Measured: the background build of
 * the scope (buildScope, the ProQ command's body) and the views and summary a request reads from it, uncached (the
 * in-process cache of a scope's views is bypassed) — target p95 ≤ 200 ms per view.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { withDb, lit, copyToParquet } from '@sextant/analysis';
import { CHART_VIEW_IDS, SLICERS, SLICER_NAMES } from '@sextant/shared';
import type { AppContext } from '../src/context.ts';
import { LocalBlobStore } from '../src/lib/blob-store.ts';
import {
  buildScope,
  scopeSummary,
  scopeView,
  type Meta,
} from '../src/modules/global-insights/global-insights.service.ts';
import type { ResultJob } from '../src/modules/global-insights/global-insights.repo.ts';

const JOBS = Number(process.argv[2] ?? 50);
const N = Number(process.argv[3] ?? 10_000);
const REQUESTS = Number(process.argv[4] ?? 60);
const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(
    JSON.stringify({
      suite: 'global-insights',
      jobs: JOBS,
      suppliersPerJob: N,
      measurement,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
      ...values,
    }),
  );
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-bench-global-'));
try {
  const issuers = [randomUUID(), randomUUID()];
  const jobs: ResultJob[] = Array.from({ length: JOBS }, (_, i) => ({
    jobId: randomUUID(),
    jobName: `Bench job ${i + 1}`,
    issuerId: issuers[i % 2]!,
    issuerName: `Issuer ${(i % 2) + 1}`,
    buyerId: randomUUID(),
    buyerName: `Buyer ${i + 1}`,
    currency: 'USD',
    runId: randomUUID(),
    resultPath: path.join('jobs', `bench-${i}`, 'runs', '1'),
  }));
  const t0 = performance.now();
  await withDb({}, async (db) => {
    for (const [i, j] of jobs.entries()) {
      const dir = path.join(dataDir, j.resultPath, 'results');
      mkdirSync(dir, { recursive: true });
      await db.run(`CREATE OR REPLACE TABLE s AS SELECT 'S' || r AS supplierKey, 'Supplier ' || ((r * 7919 + ${i}) % 30000) AS supplierName,
          round(random() * 50000, 2) AS spend, (1 + r % 40)::BIGINT AS documentCount, 'USD' AS currency,
          CASE WHEN r % 10 < 6 THEN 'MATCHED' ELSE 'UNMATCHED' END AS matchStatus,
          CASE WHEN r % 10 < 6 THEN 'M' || ((r * 31 + ${i} * 977) % 120000) END AS matchedMerchantId,
          (['USA', 'DEU', 'GBR', 'FRA', 'NLD'])[1 + r % 5] AS country,
          (['Annual (1 or fewer)', 'Quarterly (2-4)', 'Monthly (5-12)', 'Weekly (27-52)'])[1 + r % 4] AS frequencyBand,
          (['1-15 days', '16-30 days', '31-45 days', '46-60 days'])[1 + r % 4] AS paymentTermsBand,
          (['ACH', 'Check', 'Wire', 'Card'])[1 + r % 4] AS paymentMethod, (1 + r % 3)::BIGINT AS paymentMethodCount,
          CASE WHEN r % 10 >= 6 THEN 'UNMATCHED' WHEN r % 3 = 0 THEN 'YES' ELSE 'NO' END AS vcAccepting,
          CASE WHEN r % 10 < 6 THEN ((r % 3) + 1)::VARCHAR ELSE '' END AS detailLevel,
          CASE WHEN r % 10 < 2 THEN 'TRUE' ELSE 'FALSE' END AS stpCapable,
          CASE WHEN r % 10 < 2 THEN 'STP' WHEN r % 10 < 4 THEN 'VC' WHEN r % 10 < 6 THEN 'Card Acceptor' ELSE 'Unmatched' END AS cardCapability,
          'MCC ' || (r % 60) AS mccDescription, 'Group ' || (r % 12) AS mccGroup, 'Type ' || (r % 4) AS mccType,
          'Div ' || (r % 10) AS sicDivision, 'Major ' || (r % 80) AS sicMajorGroup, 'IG ' || (r % 300) AS sicIndustryGroup,
          'Ind ' || (r % 900) AS sicIndustry, 'Seg ' || (r % 55) AS unspscCategory, 'Naics ' || (r % 700) AS naicsNationalIndustry
        FROM range(${N}) t(r)`);
      await db.run(copyToParquet('SELECT * FROM s', path.join(dir, 'suppliers.parquet')));
      await db.run(
        copyToParquet(
          `SELECT 'vc-accepting' AS useCaseId, supplierKey, spend, round(spend / 100, 2) AS estimatedRebate FROM s WHERE vcAccepting = 'YES'`,
          path.join(dir, 'use-case-suppliers.parquet'),
        ),
      );
    }
  });
  emit('setup', { seconds: Math.round((performance.now() - t0) / 100) / 10 });
  const ctx = { config: { dataDir }, blobs: new LocalBlobStore(dataDir) } as unknown as AppContext;
  const key = 'b'.repeat(32);
  const tb = performance.now();
  await buildScope(ctx, key, jobs, async () => undefined);
  emit('build', {
    seconds: Math.round((performance.now() - tb) / 100) / 10,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
  });
  const dir = path.join(dataDir, 'cache', 'global-insights', key);
  const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as Meta;
  const times: number[] = [];
  const slices = SLICER_NAMES.map((s) => ({ slicer: s, slicerValue: SLICERS[s][0] as string }));
  for (let i = 0; i < REQUESTS; i++) {
    const view = CHART_VIEW_IDS[i % CHART_VIEW_IDS.length]!;
    const slice = slices[i % slices.length]!;
    const s = performance.now();
    await scopeView(dir, meta, view, slice);
    times.push(performance.now() - s);
  }
  emit('view-uncached', {
    requests: REQUESTS,
    p50Ms: Math.round(pct(times, 50)),
    p95Ms: Math.round(pct(times, 95)),
    maxMs: Math.round(Math.max(...times)),
    targetP95Ms: 200,
  });
  const st: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    await scopeSummary(dir, meta, slices[i % slices.length]!);
    st.push(performance.now() - s);
  }
  emit('summary-uncached', { requests: 20, p50Ms: Math.round(pct(st, 50)), p95Ms: Math.round(pct(st, 95)) });
  const [rows] = await withDb({}, (db) =>
    db.all<{ n: number }>(`SELECT count(*) AS n FROM read_parquet(${lit(path.join(dir, 'entities.parquet'))})`),
  );
  emit('scope', {
    supplierRows: meta.supplierRows,
    distinctSuppliers: rows!.n,
    organizations: meta.organizations.length,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
