/**
 * `npm run bench -- networks [--suppliers 100000] [--merchants 100000] [--no-compare]` (docs/NETWORKS.md "Cost"): the
 * pipeline of a supplier file against the reference network only (ingest → normalise → match → enrich → score →
 * aggregate), then the extra work of a second network overlapping the first (its confirmatory match in the match
 * step's session, the per-network rows, and enrich again with the merged view): seconds, CPU
 * seconds and the share over the pipeline without it (target ≤ 10 %); then the same second network with the full
 * matcher (NETWORKS_MATCH=full), its time, and how often the two decide a supplier alike.
 * Networks are generated once and cached in .bench-cache/.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
import { furtherMatchesFile } from '../src/pipeline/workdir.ts';
import { lit, withDb } from '../src/db.ts';

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
// The reference match also runs the confirmatory match of the second network in its session (as the match step does):
// that part (furtherSeconds, furtherCpuSeconds) is counted as the second network's cost below, not the pipeline's.
const matched = await measure('match (reference network, then the second network confirmed)', suppliers, () =>
  matchSuppliers({
    workDir: work,
    networkFile: network,
    further: [{ name: 'B', file: second, outFile: furtherMatchesFile(work, 0) }],
  }),
);
const tE = performance.now();
const cE = process.cpuUsage();
await measure('enrich', suppliers, () => enrich({ workDir: work, networkFile: network }));
const enrichBase = secs(tE);
const enrichBaseCpu = cpu(cE);
await measure('score', suppliers, () => score({ workDir: work }));
const tA = performance.now();
const cA = process.cpuUsage();
await measure('aggregate', suppliers, () =>
  aggregateResults({ workDir: work, outDir: path.join(work, 'results'), type: 'base' }),
);
const aggregateBase = secs(tA);
const aggregateBaseCpu = cpu(cA);
const base = Math.round((secs(t0) - matched.furtherSeconds) * 100) / 100;
const baseCpu = Math.round((cpu(c0) - matched.furtherCpuSeconds) * 100) / 100;

// 2. The networks step as the product runs it with the reference network only (its rows; enrich's merged view and the
// results' networks.parquet follow from them), then with the second network too. Each stage is run again with the
// networks step's file present, so what it adds to enrich and aggregate is measured, not assumed.
const stage = async (label: string, fn: () => Promise<unknown>) => {
  const t = performance.now();
  const c = process.cpuUsage();
  await measure(label, suppliers, fn);
  return { s: secs(t), cpu: cpu(c) };
};
const networksStep = (others: { name: string; version: string; file: string }[], label: string) =>
  stage(label, () =>
    matchNetworks({
      workDir: work,
      primary: { name: 'A', version: 'bench', file: network },
      others,
      mode: 'confirm',
      matched: others.length ? matched.further : [],
    }),
  );
const enrichAndAggregate = async (label: string, outDir: string) => ({
  enrich: await stage(`enrich (${label})`, () => enrich({ workDir: work, networkFile: network })),
  aggregate: await stage(`aggregate (${label})`, () =>
    aggregateResults({ workDir: work, outDir: path.join(work, outDir), type: 'base' }),
  ),
});
const one = await networksStep([], 'networks step, reference network only');
const withOne = await enrichAndAggregate('one network', 'results-one');
const two = await networksStep(
  [{ name: 'B', version: 'bench', file: second }],
  'networks step, with the second network',
);
const confirmFile = path.join(work, 'networks', 'confirm.matches.parquet');
renameSync(path.join(work, 'networks', '1.matches.parquet'), confirmFile);
const withTwo = await enrichAndAggregate('two networks', 'results-two');
const r2 = (x: number) => Math.round(x * 100) / 100;
const pos = (x: number) => Math.max(0, x);
// The pipeline with the reference network only, as the product runs it: the stages above and the networks step's
// rows for the reference network, with what they add to enrich and aggregate.
const pipeline1 = r2(base + one.s + pos(withOne.enrich.s - enrichBase) + pos(withOne.aggregate.s - aggregateBase));
const pipeline1Cpu = r2(
  baseCpu + one.cpu + pos(withOne.enrich.cpu - enrichBaseCpu) + pos(withOne.aggregate.cpu - aggregateBaseCpu),
);
// What the second network adds to it: its confirmatory match (in the match step), its rows, and what they add to
// enrich's merged view and aggregate's networks.parquet.
const extra = r2(
  matched.furtherSeconds +
    pos(two.s - one.s) +
    pos(withTwo.enrich.s - withOne.enrich.s) +
    pos(withTwo.aggregate.s - withOne.aggregate.s),
);
const extraCpu = r2(
  matched.furtherCpuSeconds +
    pos(two.cpu - one.cpu) +
    pos(withTwo.enrich.cpu - withOne.enrich.cpu) +
    pos(withTwo.aggregate.cpu - withOne.aggregate.cpu),
);
// The whole feature against a pipeline without any per-network rows: the second network and the reference network's
// rows, merged view and networks.parquet.
const feature = r2(
  matched.furtherSeconds + two.s + pos(withTwo.enrich.s - enrichBase) + pos(withTwo.aggregate.s - aggregateBase),
);
const featureCpu = r2(
  matched.furtherCpuSeconds +
    two.cpu +
    pos(withTwo.enrich.cpu - enrichBaseCpu) +
    pos(withTwo.aggregate.cpu - aggregateBaseCpu),
);
const pct = (x: number, y: number) => Math.round((x / y) * 1000) / 10;
console.log(
  JSON.stringify({
    stage: 'second network over the pipeline',
    rows: suppliers,
    merchants,
    // the pipeline with the reference network only, as the product runs it (with its per-network rows)
    pipelineSeconds: pipeline1,
    pipelineCpuSeconds: pipeline1Cpu,
    confirmSeconds: r2(matched.furtherSeconds),
    confirmCpuSeconds: r2(matched.furtherCpuSeconds),
    candidatePairs: matched.further[0]!.candidatePairs,
    networksStepSeconds: { one: one.s, two: two.s },
    enrichSeconds: { none: enrichBase, one: withOne.enrich.s, two: withTwo.enrich.s },
    aggregateSeconds: { none: aggregateBase, one: withOne.aggregate.s, two: withTwo.aggregate.s },
    extraSeconds: extra,
    extraCpuSeconds: extraCpu,
    overheadPercent: pct(extra, pipeline1),
    overheadCpuPercent: pct(extraCpu, pipeline1Cpu),
    targetPercent: 10,
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  }),
);
console.log(
  JSON.stringify({
    stage: 'several networks (the reference network rows and the second network) over the pipeline without them',
    rows: suppliers,
    merchants,
    pipelineSeconds: base,
    pipelineCpuSeconds: baseCpu,
    featureSeconds: feature,
    featureCpuSeconds: featureCpu,
    overheadPercent: pct(feature, base),
    overheadCpuPercent: pct(featureCpu, baseCpu),
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  }),
);

// 3. What the confirmatory match would have decided otherwise: the same second network with the full matcher
// (NETWORKS_MATCH=full), its time, and the agreement per supplier.
if (!process.argv.includes('--no-compare')) {
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  await measure('networks (second network, full match)', suppliers, () =>
    matchNetworks({
      workDir: work,
      primary: { name: 'A', version: 'bench', file: network },
      others: [{ name: 'B', version: 'bench', file: second }],
      mode: 'full',
    }),
  );
  const fullSeconds = secs(t2);
  const fullCpu = cpu(c2);
  const fullFile = path.join(work, 'networks', '1.matches.parquet');
  const a = await withDb({}, (db) =>
    db.one<{ n: number; same: number; fullMatched: number; bothSame: number; confirmMatched: number }>(
      `SELECT count(*) AS n,
         count(*) FILTER (WHERE f.matchStatus = c.matchStatus AND (f.matchStatus <> 'MATCHED' OR
                           (f.matchedMerchantId = c.matchedMerchantId AND f.matchConfidence = c.matchConfidence))) AS same,
         count(*) FILTER (WHERE f.matchStatus = 'MATCHED') AS fullMatched,
         count(*) FILTER (WHERE f.matchStatus = 'MATCHED' AND c.matchedMerchantId = f.matchedMerchantId) AS bothSame,
         count(*) FILTER (WHERE c.matchStatus = 'MATCHED') AS confirmMatched
       FROM read_parquet(${lit(fullFile)}) f JOIN read_parquet(${lit(confirmFile)}) c USING (supplierKey)`,
    ),
  );
  const share = (x: number, y: number) => (y ? Math.round((x / y) * 10000) / 100 : null);
  console.log(
    JSON.stringify({
      stage: 'second network: confirmatory vs full match',
      rows: suppliers,
      merchants,
      fullMatchSeconds: fullSeconds,
      fullMatchCpuSeconds: fullCpu,
      confirmSeconds: r2(matched.furtherSeconds + two.s - one.s),
      // suppliers decided alike: both unmatched, or matched to the same merchant with the same confidence
      samePercent: share(Number(a!.same), Number(a!.n)),
      // of the suppliers the full match matched, how many the confirmatory match matched to the same merchant
      recallOfFullPercent: share(Number(a!.bothSame), Number(a!.fullMatched)),
      // of the suppliers the confirmatory match matched, how many the full match matched to the same merchant
      precisionOfFullPercent: share(Number(a!.bothSame), Number(a!.confirmMatched)),
      fullMatched: Number(a!.fullMatched),
      confirmMatched: Number(a!.confirmMatched),
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    }),
  );
}
rmSync(work, { recursive: true, force: true });
