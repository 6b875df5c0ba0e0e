/**
 * `npm run bench -- devops [suppliers]`: the DevOps tools' costs. One JSON line per measurement:
 *   diff_suppliers_ms      deep diff of two runs' supplier rows (20 fields, keyed, 10% changed), and rows/s
 *   sample_ms_p50/p95      a fresh resource sample (CPU, memory, disk, DB size, DuckDB, queue depth) on PGlite
 *   guard_check_us_p50/p95 the guard's check on a heavy request (cached sample and limits)
 *   maintenance_list_ms    GET /api/v1/devops/job-maintenance with the demo jobs (storage walked on disk)
 */
import { diffJson } from '../src/lib/json-diff.ts';
import { createTestApp } from '../test/harness.ts';
import { guardHeavyWork, takeSample } from '../src/modules/resource-guard/resource-guard.service.ts';

const N = Number(process.argv[2] ?? 50_000);
const emit = (metric: string, value: number, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ suite: 'devops', metric, value: Math.round(value * 100) / 100, ...extra }));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const row = (i: number, changed: boolean) => {
  const r: Record<string, unknown> = { supplierKey: `S${i.toString(16).padStart(16, '0')}` };
  for (let f = 0; f < 19; f++) r[`field${f}`] = f % 2 ? `value ${i} ${f}` : i * f + (changed && f === 4 ? 1 : 0);
  return r;
};
const a = Array.from({ length: N }, (_, i) => row(i, false));
const b = Array.from({ length: N }, (_, i) => row(i, i % 10 === 0));
const t0 = performance.now();
const d = diffJson(a, b, {
  keyOf: (p, e) => (p === '$' ? String((e as { supplierKey: string }).supplierKey) : null),
  limit: 500,
});
const ms = performance.now() - t0;
emit('diff_suppliers_ms', ms, { suppliers: N, differences: d.total });
emit('diff_suppliers_rows_per_s', (N / ms) * 1000, { suppliers: N });

const t = await createTestApp('pglite');
try {
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    const s = performance.now();
    await takeSample(t.app.ctx);
    samples.push(performance.now() - s);
  }
  emit('sample_ms_p50', pct(samples, 0.5));
  emit('sample_ms_p95', pct(samples, 0.95));
  const checks: number[] = [];
  await guardHeavyWork(t.app.ctx, 'run');
  for (let i = 0; i < 2000; i++) {
    const s = performance.now();
    await guardHeavyWork(t.app.ctx, 'run');
    checks.push((performance.now() - s) * 1000);
  }
  emit('guard_check_us_p50', pct(checks, 0.5));
  emit('guard_check_us_p95', pct(checks, 0.95));
  const cookie = await t.login('developer');
  const lists: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    const res = await t.call('GET', '/api/v1/devops/job-maintenance', { cookie });
    if (res.statusCode !== 200) throw new Error(res.body);
    lists.push(performance.now() - s);
  }
  emit('maintenance_list_ms_p50', pct(lists, 0.5), {
    jobs: (await t.call('GET', '/api/v1/devops/job-maintenance', { cookie })).json().jobs.length,
  });
} finally {
  await t.close();
}
