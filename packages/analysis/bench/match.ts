/**
 * `npm run bench -- match [--merchants 1000000] [--suppliers 20000]`: precision and recall by
 * confidence level on a labelled set generated from the network with realistic noise (80 % of
 * suppliers derived from merchants, 20 % absent from the network).
 * First the real-data figures: the public restaurants set (bench/restaurants.ts, Fodors / Zagat guides).
 * Absent suppliers whose normalised name is identical to a network merchant's are reported
 * separately (no matcher can tell them apart by name) and left out of precision.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { arg, benchNetwork, CACHE_DIR, measure, NETWORK_SEED } from './util.ts';
import { labelledCsv, makeLabelledSuppliers } from '../src/network/labelled.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { matchSuppliers } from '../src/match/match.ts';
import { withDb, lit } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { defaultMatchRuleset } from '../src/match/rules.ts';
import { restaurantQuality } from './restaurants.ts';

const rulesetVersion = defaultMatchRuleset().version;
{
  const q = await restaurantQuality(path.join(CACHE_DIR, `restaurants-work-${process.pid}`));
  rmSync(path.join(CACHE_DIR, `restaurants-work-${process.pid}`), { recursive: true, force: true });
  const medium = {
    predicted: q['High+Medium'].predicted - q.High.predicted,
    correct: q['High+Medium'].correct - q.High.correct,
  };
  for (const [confidence, x] of [
    ['High', q.High],
    [
      'Medium',
      {
        ...medium,
        precision: medium.predicted ? Math.round((medium.correct / medium.predicted) * 10000) / 10000 : null,
      },
    ],
    ['High+Medium', q['High+Medium']],
  ] as const)
    console.log(
      JSON.stringify({
        stage: 'match-quality-restaurants',
        rulesetVersion,
        confidence,
        predicted: x.predicted,
        correct: x.correct,
        precision: x.precision,
        ...('recall' in x ? { recall: x.recall } : {}),
        suppliers: q.suppliers,
        present: q.present,
        network: q.network,
      }),
    );
}
const merchants = arg('merchants', 1_000_000);
const suppliers = arg('suppliers', 20_000);
const network = await benchNetwork(merchants);
const work = path.join(CACHE_DIR, `match-work-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const labelled = makeLabelledSuppliers({
  networkSeed: NETWORK_SEED,
  networkSize: merchants,
  present: Math.round(suppliers * 0.8),
  absent: Math.round(suppliers * 0.2),
});
const csv = path.join(work, 'suppliers.csv');
writeFileSync(csv, labelledCsv(labelled));
writeFileSync(
  path.join(work, 'labels.json'),
  JSON.stringify(
    labelled.map((l) => ({ supplierId: l.supplierId, trueMerchantId: l.trueMerchantId, noise: l.noise.join(' ') })),
  ),
);
await ingestFile({ file: csv, kind: 'suppliers', workDir: work });
await normaliseAndAggregate({ workDir: work });
const m = await measure('match', suppliers, () => matchSuppliers({ workDir: work, networkFile: network }), {
  merchants,
});
await withDb({}, async (db) => {
  await createNormaliseMacros(db);
  await db.run(`CREATE TABLE labels AS SELECT * FROM read_json(${lit(path.join(work, 'labels.json'))})`);
  await db.run(`CREATE TABLE r AS SELECT l.*, s.supplierName, m.matchStatus, m.matchConfidence, m.matchedMerchantId, m.candidateMerchantId,
      l.trueMerchantId = '' AND sx_name_core(s.supplierName) IN (SELECT nameCore FROM read_parquet(${lit(network)})) AS indistinguishable
    FROM labels l JOIN read_parquet(${lit(path.join(work, 'suppliers.parquet'))}) s ON s.sourceSupplierId = l.supplierId
    JOIN read_parquet(${lit(path.join(work, 'matches.parquet'))}) m USING (supplierKey)`);
  const present = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM r WHERE trueMerchantId <> ''`))!.n;
  // Present suppliers no matcher can place: another merchant has the true merchant's normalised name
  // and agrees with everything the supplier gives (city, country), and the supplier has no postcode,
  // street address or tax id to tell them apart.
  await db.run(`CREATE TABLE amb AS SELECT DISTINCT r.supplierId FROM r
      JOIN read_parquet(${lit(network)}) t ON t.merchantId = r.trueMerchantId
      JOIN read_parquet(${lit(path.join(work, 'suppliers.parquet'))}) s ON s.sourceSupplierId = r.supplierId
      JOIN read_parquet(${lit(network)}) o ON o.nameCore = t.nameCore AND o.merchantId <> t.merchantId
        AND (s.city IS NULL OR lower(o.city) = lower(s.city)) AND (s.country IS NULL OR o.country = s.country)
      WHERE s.postcode IS NULL AND s.addressLine1 IS NULL AND s.taxId IS NULL`);
  const amb = await db.one<{ n: number; correct: number }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE r.matchedMerchantId = r.trueMerchantId) AS correct FROM amb JOIN r USING (supplierId)`,
  );
  const ind = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM r WHERE indistinguishable`))!.n;
  for (const [label, where] of [
    ['High', `matchConfidence = 'High'`],
    ['Medium', `matchConfidence = 'Medium'`],
    ['High+Medium', `matchConfidence IN ('High','Medium')`],
    ['Low (not matched)', `matchConfidence = 'Low'`],
  ] as const) {
    const x = (await db.one<{
      predicted: number;
      correct: number;
      falseAbsent: number;
    }>(`SELECT count(*) AS predicted, count(*) FILTER (WHERE coalesce(matchedMerchantId, candidateMerchantId) = trueMerchantId) AS correct,
        count(*) FILTER (WHERE trueMerchantId = '') AS falseAbsent FROM r WHERE ${where} AND NOT indistinguishable`))!;
    console.log(
      JSON.stringify({
        stage: 'match-quality',
        rulesetVersion,
        confidence: label,
        predicted: x.predicted,
        correct: x.correct,
        precision: x.predicted ? Math.round((x.correct / x.predicted) * 10000) / 10000 : null,
        recall: Math.round((x.correct / present) * 10000) / 10000,
        matchedAbsentSuppliers: x.falseAbsent,
      }),
    );
  }
  const hm = (await db.one<{ correct: number }>(
    `SELECT count(*) AS correct FROM r WHERE matchConfidence IN ('High','Medium') AND NOT indistinguishable AND matchedMerchantId = trueMerchantId`,
  ))!;
  console.log(
    JSON.stringify({
      stage: 'match-quality-distinguishable',
      note: 'High+Medium recall over present suppliers, leaving out those another merchant with the same normalised name fits as well (same city and country where given; no postcode, address or tax id on the supplier)',
      ambiguousPresent: amb!.n,
      ambiguousMatchedCorrectly: amb!.correct,
      recall: Math.round(((hm.correct - amb!.correct) / (present - amb!.n)) * 10000) / 10000,
    }),
  );
  console.log(
    JSON.stringify({
      stage: 'match-set',
      suppliers,
      present,
      absent: suppliers - present,
      absentWithIdenticalNetworkName: ind,
      candidatePairs: m.candidatePairs,
    }),
  );
  const misses = await db.all(
    `SELECT noise, count(*) AS n FROM r WHERE trueMerchantId <> '' AND coalesce(matchedMerchantId, '') <> trueMerchantId GROUP BY 1 ORDER BY 2 DESC LIMIT 8`,
  );
  console.log(JSON.stringify({ stage: 'match-misses-by-noise', misses }));
  const wrong = await db.all(
    `SELECT supplierName, matchConfidence, noise, trueMerchantId, matchedMerchantId FROM r WHERE matchStatus = 'MATCHED' AND matchedMerchantId <> trueMerchantId AND NOT indistinguishable LIMIT 6`,
  );
  console.log(JSON.stringify({ stage: 'match-wrong-examples', wrong }));
});
rmSync(work, { recursive: true, force: true });
