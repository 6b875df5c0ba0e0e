/**
 * `npm run bench -- rulesets [suppliers]`: the ruleset admin's heavy parts. One JSON line per measurement:
 *   validate_ms      the engine schema over the bundled scoring ruleset (what a "create version" pays)
 *   dry_run_ms       the dry-run query of a changed scoring version over a scored supplier Parquet of N rows
 *                    (the service's own SQL, dryRunSql), median of 3, with the suppliers that changed
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  compileConfidence,
  compileOptima,
  compileScoring,
  copyToParquet,
  defaultConfidenceRuleset,
  defaultScoringRuleset,
  lit,
  validateRuleset,
  withDb,
} from '@sextant/analysis';
import { dryRunSql } from '../src/modules/rulesets/rulesets-sql.ts';

const N = Number(process.argv[2] ?? 500_000);
const emit = (metric: string, value: number, extra: Record<string, unknown> = {}) =>
  console.log(
    JSON.stringify({ suite: 'rulesets', metric, value: Math.round(value * 10) / 10, suppliers: N, ...extra }),
  );

const scoring = defaultScoringRuleset();
const t0 = performance.now();
for (let i = 0; i < 100; i++) validateRuleset('scoring', scoring);
emit('validate_ms', (performance.now() - t0) / 100);

const dir = mkdtempSync(path.join(tmpdir(), 'sextant-bench-rulesets-'));
const file = path.join(dir, 'suppliers.parquet');
try {
  await withDb({ tempDir: dir }, async (db) => {
    // Features in the shapes the engine writes (random but deterministic), scored with version 1.
    await db.run(`CREATE TABLE f AS SELECT
        'S' || i AS supplierKey, 'Supplier ' || i AS supplierName, (hash(i) % 500000)::DOUBLE AS spend,
        0.0 AS cardSpend, (hash(i * 3) % 5000)::DOUBLE AS avgTransactionValue, (hash(i * 5) % 200)::DOUBLE AS transactionsPerYear,
        (hash(i * 7) % 300)::INTEGER AS documentCount, (hash(i * 11) % 90)::INTEGER AS paymentTermsDays,
        ['ACH','Wire','Check','Card'][(1 + hash(i * 13) % 4)::INTEGER] AS paymentMethod, 1 + (hash(i * 17) % 3)::INTEGER AS paymentMethodCount,
        CASE WHEN hash(i * 19) % 3 = 0 THEN 'UNMATCHED' ELSE 'MATCHED' END AS matchStatus,
        ['High','Medium','Low'][(1 + hash(i * 23) % 3)::INTEGER] AS matchConfidence, hash(i * 29) % 2 = 0 AS cardAcceptor,
        ['YES','NO','UNMATCHED'][(1 + hash(i * 31) % 3)::INTEGER] AS vcAccepting, ['3','2','1',''][(1 + hash(i * 37) % 4)::INTEGER] AS detailLevel,
        CASE WHEN hash(i * 41) % 5 = 0 THEN 'TRUE' ELSE 'FALSE' END AS stpCapable, 'VC' AS cardCapability,
        (hash(i * 43) % 2)::INTEGER AS lockboxCount, lpad(((hash(i * 47) % 9000) + 1000)::VARCHAR, 4, '0') AS mcc,
        'Business to Business' AS mccType, 'Business Services' AS mccGroup, 'GBR' AS country,
        ['High','Medium','Low'][(1 + hash(i * 53) % 3)::INTEGER] AS acceptancePrediction, (hash(i * 59) % 100) / 100.0 AS acceptanceProbability,
        0.0001 AS spendShare
      FROM range(${N}) t(i)`);
    const s1 = `SELECT *, ${compileScoring(scoring).join(', ')} FROM f`;
    const s2 = `SELECT *, ${compileOptima(scoring).join(', ')} FROM (${s1})`;
    await db.run(
      copyToParquet(`SELECT *, ${compileConfidence(defaultConfidenceRuleset()).join(', ')} FROM (${s2})`, file),
    );
    const changed = structuredClone(scoring);
    changed.scores.Vcard.rules.unshift({
      id: 'VC-ALL',
      description: 'bench',
      when: { field: 'spend', op: 'gt', value: 100000 },
      level: 'High',
    });
    const src = `read_parquet(${lit(file)})`;
    const cols = new Set(
      (await db.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${src}`)).map((c) => c.column_name),
    );
    const { sql } = dryRunSql({ kind: 'scoring', ruleset: changed }, src, cols);
    const times: number[] = [];
    let changedSuppliers = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const rows = await db.all<{ changedSuppliers: number }>(sql);
      times.push(performance.now() - t);
      changedSuppliers = Number(rows[0]?.changedSuppliers ?? 0);
    }
    times.sort((a, b) => a - b);
    emit('dry_run_ms', times[1]!, { changedSuppliers });
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
