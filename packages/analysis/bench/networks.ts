/**
 * `npm run bench -- networks [--suppliers 100000] [--merchants 100000]` (docs/NETWORKS.md "Cost"): the pipeline of a
 * supplier file against the reference network only (ingest → normalise → match → enrich → score → aggregate), then
 * the extra work of a second network overlapping the first (its match step with the per-network rows, and enrich
 * again with the merged view): seconds, CPU seconds and the share over the pipeline without it (target ≤ 10 %).
 * Networks are generated once and cached in .bench-cache/.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { arg, benchNetwork, CACHE_DIR, measure, NETWORK_SEED } from './util.ts';
import { labelledCsv, makeLabelledSuppliers } from '../src/network/labelled.ts';
import { generateNetwork } from '../src/network/import.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { matchSuppliers } from '../src/match/match.ts';
import { enrich } from '../src/enrich/enrich.ts';
import { score } from '../src/score/score.ts';
import { aggregateResults } from '../src/aggregate/results.ts';
import { matchNetworks } from '../src/network/networks.ts';

const merchants = arg('merchants', 100_000);
const suppliers = arg('suppliers', 100_000);
const network = await benchNetwork(merchants);
const second = path.join(CACHE_DIR, `network-v4p3-${merchants}-${NETWORK_SEED + 1}-overlap-${NETWORK_SEED}.parquet`);
if (!existsSync(second))
  await measure('second-network-generate', merchants, () =>
    generateNetwork({ merchants, seed: NETWORK_SEED + 1, overlapsSeed: NETWORK_SEED, out: second }),
  );

const work = path.join(CACHE_DIR, `networks-work-${process.pid}`);
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
const secs = (t: number) => Math.round((performance.now() - t) / 10) / 100;
const cpu = (c: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(c);
  return Math.round((u.user + u.system) / 10000) / 100;
};

// 1. The pipeline with the reference network only.
const t0 = performance.now();
const c0 = process.cpuUsage();
await measure('ingest+normalise suppliers', suppliers, async () => {
  await ingestFile({ file: supCsv, kind: 'suppliers', workDir: work });
  await normaliseAndAggregate({ workDir: work });
});
await measure('match (reference network)', suppliers, () => matchSuppliers({ workDir: work, networkFile: network }));
const tE = performance.now();
await measure('enrich', suppliers, () => enrich({ workDir: work, networkFile: network }));
const enrichBase = secs(tE);
await measure('score', suppliers, () => score({ workDir: work }));
await measure('aggregate', suppliers, () =>
  aggregateResults({ workDir: work, outDir: path.join(work, 'results'), type: 'base' }),
);
const base = secs(t0);
const baseCpu = cpu(c0);

// 2. The extra work of a second network: its match and the per-network rows, and what the merged view adds to enrich
// (aggregate copying networks.parquet is left out: a copy of 2 rows per supplier).
const t1 = performance.now();
const c1 = process.cpuUsage();
await measure('networks (second network matched, per-network rows)', suppliers, () =>
  matchNetworks({
    workDir: work,
    primary: { name: 'A', version: 'bench', file: network },
    others: [{ name: 'B', version: 'bench', file: second }],
  }),
);
const networksStep = secs(t1);
const tEnrich = performance.now();
await measure('enrich with the merged view', suppliers, () => enrich({ workDir: work, networkFile: network }));
const enrichWith = secs(tEnrich);
// the extra time: the networks step, and what the merged view's join adds to enrich
const extra = Math.round((networksStep + Math.max(0, enrichWith - enrichBase)) * 100) / 100;
console.log(
  JSON.stringify({
    stage: 'second network over the pipeline',
    rows: suppliers,
    merchants,
    pipelineSeconds: base,
    pipelineCpuSeconds: baseCpu,
    networksStepSeconds: networksStep,
    enrichSeconds: enrichBase,
    enrichWithMergedSeconds: enrichWith,
    extraSeconds: extra,
    // CPU of the networks step and the second enrich together
    extraCpuSeconds: cpu(c1),
    overheadPercent: Math.round((extra / base) * 1000) / 10,
    targetPercent: 10,
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  }),
);
rmSync(work, { recursive: true, force: true });
