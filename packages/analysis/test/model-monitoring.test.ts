import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyToParquet, withDb } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { trainAndPredictAcceptance } from '../src/score/acceptance-model.ts';
import {
  DISTRIBUTION_TOP,
  auc,
  calibrationByDecile,
  evaluateRunModel,
  holdoutMetrics,
  psi,
  type Scored,
} from '../src/score/model-monitoring.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sextant-monitoring-'));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

describe('hold-out metrics on a hand-made set', () => {
  // Positives at 0.9, 0.8, 0.6; negatives at 0.7, 0.2, 0.8 (one tie with a positive at 0.8).
  const rows: Scored[] = [
    { y: 1, p: 0.9 },
    { y: 1, p: 0.8 },
    { y: 0, p: 0.7 },
    { y: 1, p: 0.6 },
    { y: 0, p: 0.2 },
    { y: 0, p: 0.8 },
  ];

  it('AUC counts each positive-above-negative pair, ties as one half', () => {
    // 0.9 beats all 3; 0.8 beats 0.7 and 0.2 and ties 0.8; 0.6 beats 0.2 only: 6.5 of 9 pairs.
    expect(auc(rows)).toBeCloseTo(6.5 / 9, 12);
    expect(
      auc([
        { y: 1, p: 0.3 },
        { y: 0, p: 0.9 },
      ]),
    ).toBe(0);
    expect(
      auc([
        { y: 1, p: 0.3 },
        { y: 1, p: 0.9 },
      ]),
    ).toBeNull();
  });

  it('accuracy at 0.5, precision and recall of High (p ≥ 0.75), majority baseline', () => {
    const m = holdoutMetrics(rows);
    expect(m.accuracy).toBeCloseTo(4 / 6, 12); // wrong: the 0.7 and 0.8 negatives
    expect(m.precisionHigh).toBeCloseTo(2 / 3, 12); // High: 0.9 (pos), 0.8 (pos), 0.8 (neg)
    expect(m.recallHigh).toBeCloseTo(2 / 3, 12); // of 3 positives, 0.6 is not High
    expect(m.baselineAccuracy).toBe(0.5);
    expect(m.positiveRate).toBe(0.5);
    expect(holdoutMetrics([])).toMatchObject({ n: 0, auc: null, accuracy: null });
  });

  it('calibration by decile: mean prediction against observed rate in ten equal groups', () => {
    const twenty: Scored[] = Array.from({ length: 20 }, (_, i) => ({ y: i >= 10 ? 1 : 0, p: i / 20 }));
    const bins = calibrationByDecile(twenty.reverse());
    expect(bins).toHaveLength(10);
    bins.forEach((b, k) => {
      expect(b).toMatchObject({ decile: k + 1, n: 2, observed: k >= 5 ? 1 : 0 });
      expect(b.predicted).toBeCloseTo((4 * k + 1) / 40, 12);
    });
    // 23 rows: the first three groups take three rows (ntile).
    const sizes = calibrationByDecile(Array.from({ length: 23 }, (_, i) => ({ y: 0 as const, p: i }))).map((b) => b.n);
    expect(sizes).toEqual([3, 3, 3, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('PSI: zero for the same distribution, Σ (a−e)·ln(a/e) otherwise', () => {
    expect(psi({ a: 50, b: 50 }, { a: 1, b: 1 })).toBe(0);
    const expected = (0.25 - 0.5) * Math.log(0.25 / 0.5) + (0.75 - 0.5) * Math.log(0.75 / 0.5);
    expect(psi({ a: 50, b: 50 }, { a: 25, b: 75 })).toBeCloseTo(expected, 12);
    // A value new in this run is floored at 1e-4, so the index stays finite.
    const shifted = psi({ GBR: 1 }, { GBR: 0.5, FRA: 0.5 });
    expect(Number.isFinite(shifted)).toBe(true);
    expect(shifted).toBeGreaterThan(2);
  });
});

describe('evaluateRunModel', () => {
  it('evaluates on the model’s own hold-out (every matched supplier, scored out of fold), reproducing the trainer’s figures', async () => {
    const file = path.join(dir, 'suppliers.parquet');
    const report = await withDb({}, async (db) => {
      await createNormaliseMacros(db);
      await db.run(`CREATE TABLE feat_src AS
        SELECT 'S' || i AS supplierKey, CASE WHEN i % 5 = 4 THEN 'UNMATCHED' ELSE 'MATCHED' END AS matchStatus,
          hash(i, 'y') % 100 < CASE i % 4 WHEN 0 THEN 90 WHEN 1 THEN 85 WHEN 2 THEN 20 ELSE 30 END AS cardAcceptor,
          ['GBR', 'USA', 'DEU'][1 + (hash(i, 'c') % 3)::INT] AS country, 1000 + (hash(i, 's') % 900000)::INT AS spend,
          100.0 + (hash(i, 't') % 20000)::INT AS avgTransactionValue, 'Monthly' AS frequencyBand,
          '16-30 days' AS paymentTermsBand, 'ACH' AS paymentMethod, 'Supplier ' || hash(i, 'n') % 100000 || ' Ltd' AS supplierName,
          ['7011', '5411', '1520', '1711'][1 + i % 4] AS inputMcc, NULL::VARCHAR AS category
        FROM range(1500) t(i)`);
      const r = await trainAndPredictAcceptance(db);
      await db.run(
        copyToParquet(
          `SELECT f.*, a.* EXCLUDE (supplierKey) FROM feat_src f JOIN acceptance a USING (supplierKey)`,
          file,
        ),
      );
      return r;
    });
    expect(report.trained).toBe(true);
    const ev = await evaluateRunModel(file);
    expect(ev).toMatchObject({
      suppliers: 1500,
      trainRows: report.trainRows,
      testRows: report.testRows,
      trained: true,
    });
    expect(ev.metrics.accuracy).toBeCloseTo(report.metrics.accuracy!, 3);
    expect(ev.metrics.precisionHigh).toBeCloseTo(report.metrics.precisionHigh!, 3);
    expect(ev.metrics.recallHigh).toBeCloseTo(report.metrics.recallHigh!, 3);
    // Both rank tied probabilities by their average rank (the trainer rounds to 3 places).
    expect(Math.abs(ev.metrics.auc! - report.metrics.auc!)).toBeLessThanOrEqual(0.0005);
    expect(ev.calibration).toHaveLength(10);
    expect(ev.calibration.reduce((s, b) => s + b.n, 0)).toBe(report.testRows);
    // Well-separated classes: the top decile accepts far more often than the bottom one.
    expect(ev.calibration[9]!.observed).toBeGreaterThan(ev.calibration[0]!.observed + 0.4);
    for (const d of Object.values(ev.distributions))
      expect(Object.values(d).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
    expect(Object.keys(ev.distributions.country!).sort()).toEqual(['DEU', 'GBR', 'USA']);
    expect(Object.keys(ev.distributions.inputMcc!).sort()).toEqual(['1520', '1711', '5411', '7011']);
  });

  it('keeps the largest values of a wide input by name and sums the rest as Other; no probabilities: not trained', async () => {
    const file = path.join(dir, 'wide.parquet');
    await withDb({}, (db) =>
      db.run(
        copyToParquet(
          `SELECT 'K' || i AS supplierKey, 'MATCHED' AS matchStatus, true AS cardAcceptor, 'C' || (i % 30) AS country, 10.0 AS spend
           FROM range(300) t(i)`,
          file,
        ),
      ),
    );
    const ev = await evaluateRunModel(file);
    expect(ev.trained).toBe(false);
    expect(ev.metrics.auc).toBeNull();
    expect(Object.keys(ev.distributions.country!)).toHaveLength(DISTRIBUTION_TOP + 1);
    expect(ev.distributions.country!.Other).toBeCloseTo(18 / 30, 9);
    expect(ev.distributions.prediction).toBeUndefined();
  });
});
