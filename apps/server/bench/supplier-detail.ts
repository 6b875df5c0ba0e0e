/**
 * `npm run bench -- supplier-detail [suppliers=500000] [lookups=1000]`: the per-run supplier-detail store
 * (modules/results/supplier-detail.ts) on a job of N suppliers.
 *
 * Setup (not measured): bench-job.ts builds a completed job of N suppliers on PGlite. Then one JSON line each:
 *   build       the store built from scratch (s), its file size and index memory
 *   lookup      `lookups` look-ups of random suppliers, one after another: wall and CPU ms each (p50/p95)
 *   route       the whole detail route (GET …/results/suppliers/{key}, through fastify.inject), same figures
 * with the load average (figures taken on a busy machine are inflated).
 */
import { loadavg } from 'node:os';
import { createTestApp } from '../test/harness.ts';
import { existingNetworkFile } from '../src/modules/jobs/network.ts';
import { openResultsForPipeline } from '../src/lib/duckdb/index.ts';
import { dropSupplierDetail, supplierDetailRows, warmSupplierDetail } from '../src/modules/results/supplier-detail.ts';
import { BENCH_JOB_ENV, buildBenchJob } from './bench-job.ts';

const N = Number(process.argv[2] ?? 500_000);
const LOOKUPS = Math.max(100, Number(process.argv[3] ?? 1000));
const la = () => loadavg().map((x) => Math.round(x * 100) / 100);
const r2 = (n: number) => Math.round(n * 100) / 100;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(JSON.stringify({ suite: 'supplier-detail', suppliers: N, measurement, ...values, loadAvg: la() }));

const t = await createTestApp('pglite', BENCH_JOB_ENV);
try {
  const { jobId } = await buildBenchJob(t, N);
  const ctx = t.app.ctx;
  const res = await openResultsForPipeline(ctx, jobId);
  const network = existingNetworkFile(ctx);
  const keys = (
    await res.all<{ supplierKey: string }>(
      `SELECT supplierKey FROM ${res.table('suppliers')} USING SAMPLE ${LOOKUPS} ROWS`,
    )
  ).map((k) => k.supplierKey);

  // built from scratch (the pipeline warmed it already: removed first)
  await warmSupplierDetail(ctx, res, network);
  const [stored] = await ctx.blobs.list(`${res.key}/supplier-detail`);
  await dropSupplierDetail(ctx, jobId);
  await ctx.blobs.delete(stored!.key);
  const b0 = performance.now();
  const c0 = process.cpuUsage();
  await warmSupplierDetail(ctx, res, network);
  const cb = process.cpuUsage(c0);
  const [built] = await ctx.blobs.list(`${res.key}/supplier-detail`);
  emit('build', {
    seconds: r2((performance.now() - b0) / 1000),
    cpuSeconds: r2((cb.user + cb.system) / 1e6),
    fileMB: r2(built!.size / 2 ** 20),
    // the table held in memory: 20 bytes per supplier (hash, block, offset, length, checksum), 16 per block of 16
    indexMB: r2((N * 21) / 2 ** 20),
  });

  const measure = async (name: string, fn: (key: string) => Promise<void>) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const key of keys) {
      const s = performance.now();
      const c = process.cpuUsage();
      await fn(key);
      const u = process.cpuUsage(c);
      wall.push(performance.now() - s);
      cpu.push((u.user + u.system) / 1000);
    }
    emit(name, {
      lookups: keys.length,
      p50Ms: r2(pct(wall, 0.5)),
      p95Ms: r2(pct(wall, 0.95)),
      cpuP50Ms: r2(pct(cpu, 0.5)),
      cpuMeanMs: r2(cpu.reduce((a, b) => a + b, 0) / cpu.length),
    });
  };
  await measure('lookup', async (key) => {
    const r = await supplierDetailRows(ctx, res, key, network);
    if (!r.supplier) throw new Error(`no detail for ${key}`);
  });
  const cookie = await t.login('issuer');
  await measure('route', async (key) => {
    const r = await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(key)}`, { cookie });
    if (r.statusCode !== 200) throw new Error(`${key}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  });
} finally {
  await t.close();
}
process.exit(0);
