/**
 * `npm run bench -- analysis [--merchants 1000000] [--suppliers 100000] [--payments 5000000]`:
 *  - suppliers matched, enriched and scored against the network (target: 100k vs 1M in ≤ 20 s);
 *  - payment rows ingested and aggregated (target: 5M rows in ≤ 15 s);
 *  - peak RSS per stage (target ≤ 2 GB).
 * Inputs are generated once and cached in .bench-cache/.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { loadavg } from 'node:os';
import { arg, benchNetwork, CACHE_DIR, measure, NETWORK_SEED } from './util.ts';
import { labelledCsv, makeLabelledSuppliers } from '../src/network/labelled.ts';
import { makeMerchant } from '../src/network/generate.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { matchSuppliers } from '../src/match/match.ts';
import { enrich } from '../src/enrich/enrich.ts';
import { score } from '../src/score/score.ts';
import { rng, mix, int, pick } from '../src/network/random.ts';

const cpuSince = (c: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(c);
  return Math.round((u.user + u.system) / 10000) / 100;
};
const merchants = arg('merchants', 1_000_000);
const suppliers = arg('suppliers', 100_000);
const payments = arg('payments', 5_000_000);
const network = await benchNetwork(merchants);

// 1. Suppliers: match + enrich + score.
const work = path.join(CACHE_DIR, `analysis-work-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const supCsv = path.join(work, 'suppliers.csv');
writeFileSync(
  supCsv,
  labelledCsv(
    makeLabelledSuppliers({
      networkSeed: NETWORK_SEED,
      networkSize: merchants,
      present: Math.round(suppliers * 0.8),
      absent: Math.round(suppliers * 0.2),
    }),
  ),
);
await measure('ingest+normalise suppliers', suppliers, async () => {
  await ingestFile({ file: supCsv, kind: 'suppliers', workDir: work });
  await normaliseAndAggregate({ workDir: work });
});
const t0 = performance.now();
const c0 = process.cpuUsage();
await measure('match', suppliers, () => matchSuppliers({ workDir: work, networkFile: network }), { merchants });
await measure('enrich', suppliers, () => enrich({ workDir: work, networkFile: network }));
await measure('score', suppliers, () => score({ workDir: work }));
const total = (performance.now() - t0) / 1000;
console.log(
  JSON.stringify({
    stage: 'match+enrich+score',
    rows: suppliers,
    seconds: Math.round(total * 100) / 100,
    rowsPerSecond: Math.round(suppliers / total),
    cpuSeconds: cpuSince(c0),
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    merchants,
    targetSeconds: 20,
  }),
);
rmSync(work, { recursive: true, force: true });

// 2. Payments: ingest + aggregate.
const payCsv = path.join(CACHE_DIR, `payments-${payments}.csv`);
if (!existsSync(payCsv)) {
  const out = createWriteStream(payCsv);
  out.write('Payment ID,Vendor Number,Vendor Name,Payment Date,Amount,Currency,Payment Method\n');
  const vendors = Math.max(1000, Math.round(payments / 100));
  const names = Array.from({ length: vendors }, (_, i) => makeMerchant(NETWORK_SEED, i * 7).name.replaceAll('"', ''));
  const methods = ['ACH', 'Check', 'Wire', 'Card', 'Virtual Card'];
  const r = rng(mix(NETWORK_SEED, 77));
  let buf: string[] = [];
  for (let i = 0; i < payments; i++) {
    const v = Math.floor(Math.pow(r(), 2) * vendors);
    buf.push(
      `PAY${i},V${v},"${names[v]}",2024-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')},${(r() * 20000).toFixed(2)},USD,${pick(r, methods)}`,
    );
    if (buf.length === 10000) {
      if (!out.write(buf.join('\n') + '\n')) await once(out, 'drain');
      buf = [];
    }
  }
  out.write(buf.join('\n') + '\n');
  out.end();
  await once(out, 'finish');
}
const pw = path.join(CACHE_DIR, `payments-work-${process.pid}`);
rmSync(pw, { recursive: true, force: true });
const t1 = performance.now();
const c1 = process.cpuUsage();
await measure('ingest payments', payments, () => ingestFile({ file: payCsv, kind: 'payments', workDir: pw }));
await measure('aggregate payments', payments, () => normaliseAndAggregate({ workDir: pw }));
const t2 = (performance.now() - t1) / 1000;
console.log(
  JSON.stringify({
    stage: 'ingest+aggregate payments',
    rows: payments,
    seconds: Math.round(t2 * 100) / 100,
    rowsPerSecond: Math.round(payments / t2),
    cpuSeconds: cpuSince(c1),
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    targetSeconds: 15,
  }),
);
rmSync(pw, { recursive: true, force: true });
