/**
 * `npm run bench -- vendors [merchants=1000000] [queries=200] [rebuild]`: vendor lookup speed on the benchmark network.
 *
 * JSON lines, one per measurement: the index build (seconds, peak RSS, file size; skipped when the index already
 * exists — it is built once per network and reused — unless `rebuild` is given), the index open time and RSS, then
 * warm searches (after one untimed pass) through
 * the engine's VendorIndex, which the API calls as is: queries are real merchant names with a typo, with the words
 * reordered, the exact name, and the name with city and postcode: p50/p95/p99 over all and per query shape. Targets
 * (issue #32): p95 ≤ 50 ms on 100k merchants, ≤ 100 ms on 1M, index build ≤ 60 s on 1M. Also the CPU time per search (comparable across machine loads) and how often the intended merchant is the first result; the first search
 * after the index opens (cold: what is built once per process) and searches of names in parts ("Name - City").
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { benchNetwork, CACHE_DIR } from '../../../packages/analysis/bench/util.ts';
import { buildVendorIndex, lit, VendorIndex, vendorIndexFile, type VendorQuery, withDb } from '@sextant/analysis';

const MERCHANTS = Number(process.argv[2] ?? 1_000_000);
const QUERIES = Number(process.argv[3] ?? 200);
const REBUILD = process.argv[4] === 'rebuild';
const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(
    JSON.stringify({
      suite: 'vendors',
      merchants: MERCHANTS,
      measurement,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
      ...values,
    }),
  );
const r1 = (x: number) => Math.round(x * 10) / 10;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

const network = await benchNetwork(MERCHANTS);
const dir = path.join(CACHE_DIR, 'vendor-index');
mkdirSync(dir, { recursive: true });
const file = vendorIndexFile(dir, network);
if (REBUILD) for (const f of [file, `${file}.rec`]) if (existsSync(f)) rmSync(f);
const info = await buildVendorIndex(network, file);
emit('index-build', {
  built: info.built,
  seconds: Math.round(info.seconds * 10) / 10,
  rows: info.keys,
  tokens: info.tokens,
  fileMb: Math.round(info.bytes / 1048576),
  rssMb: rssMb(),
});
const cpuMs = (c: NodeJS.CpuUsage) => Math.round((c.user + c.system) / 1000);
let t = performance.now();
let c0 = process.cpuUsage();
const ix = await VendorIndex.open(file);
emit('index-open', { ms: Math.round(performance.now() - t), cpuMs: cpuMs(process.cpuUsage(c0)), rssMb: rssMb() });

// Queries from real merchants (a spread of the network), in four shapes.
const sample = await withDb({}, (db) =>
  db.all<{ merchantId: string; name: string; city: string; postcode: string }>(
    `SELECT merchantId, name, city, postcode FROM read_parquet(${lit(network)}) USING SAMPLE ${Math.ceil(QUERIES / 4)} ROWS (reservoir, 42)`,
  ),
);
const typo = (name: string) => {
  const w = name.split(/\s+/);
  const i = w.reduce((a, x, k) => (x.length > w[a]!.length ? k : a), 0);
  if (w[i]!.length > 4) w[i] = w[i]!.slice(0, 3) + w[i]!.slice(4);
  return w.join(' ');
};
const reorder = (name: string) => {
  const w = name.split(/\s+/);
  return w.length > 1 ? [...w.slice(1), w[0]].join(' ') : name;
};
const queries: { q: VendorQuery; id: string; shape: string }[] = sample.flatMap((m) => [
  { q: { q: typo(m.name) }, id: m.merchantId, shape: 'typo' },
  { q: { q: reorder(m.name) }, id: m.merchantId, shape: 'reordered' },
  { q: { q: m.name }, id: m.merchantId, shape: 'exact' },
  { q: { q: typo(m.name), city: m.city, postcode: m.postcode }, id: m.merchantId, shape: 'typo+location' },
]);
// the first search after the index opens: it also builds what is built once per process (the legal-form look-up)
t = performance.now();
c0 = process.cpuUsage();
await ix.search(queries[0]!.q);
emit('search-first', { ms: Math.round(performance.now() - t), cpuMs: cpuMs(process.cpuUsage(c0)) });
for (const x of queries.slice(0, 20)) await ix.search(x.q); // warm-up, untimed
const times: number[] = [];
const cpu: number[] = [];
const hits: Record<string, { n: number; first: number; ms: number[] }> = {};
t = performance.now();
for (const x of queries) {
  const s = performance.now();
  const c = process.cpuUsage();
  const r = await ix.search({ ...x.q, limit: 25 });
  times.push(performance.now() - s);
  const u = process.cpuUsage(c);
  cpu.push((u.user + u.system) / 1000);
  const h = (hits[x.shape] ??= { n: 0, first: 0, ms: [] });
  h.n++;
  h.ms.push(times.at(-1)!);
  if (r[0]?.vendorId === x.id) h.first++;
}
const total = performance.now() - t;
emit('search-warm', {
  queries: queries.length,
  p50Ms: r1(pct(times, 50)),
  p95Ms: r1(pct(times, 95)),
  p99Ms: r1(pct(times, 99)),
  maxMs: r1(Math.max(...times)),
  qps: Math.round((queries.length / total) * 1000 * 10) / 10,
  // CPU time of the process per search (DuckDB's threads included): what a search costs, whatever the machine's load
  cpuP50Ms: r1(pct(cpu, 50)),
  cpuP95Ms: r1(pct(cpu, 95)),
  targetP95Ms: MERCHANTS <= 100_000 ? 50 : 100,
  rssMb: rssMb(),
});
// names in parts ("X - Y", "X t/a Y"): the parts are normalised too
const segTimes: number[] = [];
const segCpu: number[] = [];
for (const m of sample.slice(0, 20)) {
  const s = performance.now();
  const c = process.cpuUsage();
  await ix.search({ q: `${m.name} - ${m.city}`, limit: 25 });
  segTimes.push(performance.now() - s);
  const u = process.cpuUsage(c);
  segCpu.push((u.user + u.system) / 1000);
}
emit('search-segmented', {
  queries: segTimes.length,
  p50Ms: r1(pct(segTimes, 50)),
  p95Ms: r1(pct(segTimes, 95)),
  cpuP50Ms: r1(pct(segCpu, 50)),
  cpuP95Ms: r1(pct(segCpu, 95)),
});
for (const [shape, h] of Object.entries(hits))
  emit('search-shape', {
    shape,
    queries: h.n,
    p50Ms: r1(pct(h.ms, 50)),
    p95Ms: r1(pct(h.ms, 95)),
    p99Ms: r1(pct(h.ms, 99)),
    firstIsMerchant: Math.round((h.first / h.n) * 1000) / 10,
  });
ix.close();
