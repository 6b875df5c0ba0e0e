import { describe, expect, it } from 'vitest';
import { withDb } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { MODEL_FEATURES, trainAndPredictAcceptance } from '../src/score/acceptance-model.ts';

/**
 * 1,200 matched and 300 unmatched suppliers whose acceptance follows the MCC of the buyer's card data
 * (T&E and retail accept, contractors mostly do not), with everything else random.
 */
async function train(withMcc: boolean, withCategory = false) {
  return withDb({}, async (db) => {
    await createNormaliseMacros(db);
    await db.run(`CREATE TABLE feat_src AS
      SELECT 'S' || i AS supplierKey, CASE WHEN i % 5 = 4 THEN 'UNMATCHED' ELSE 'MATCHED' END AS matchStatus,
        hash(i, 'y') % 100 < CASE i % 4 WHEN 0 THEN 95 WHEN 1 THEN 92 WHEN 2 THEN 15 ELSE 25 END AS cardAcceptor,
        ['GBR', 'USA', 'DEU'][1 + (hash(i, 'c') % 3)::INT] AS country, 1000 + (hash(i, 's') % 900000)::INT AS spend, 100.0 + (hash(i, 't') % 20000)::INT AS avgTransactionValue,
        'Monthly' AS frequencyBand, '16-30 days' AS paymentTermsBand, 'ACH' AS paymentMethod,
        'Supplier ' || hash(i, 'n') % 100000 || ' Ltd' AS supplierName,
        CASE WHEN ${withMcc} THEN ['7011', '5411', '1520', '1711'][1 + i % 4] END AS inputMcc,
        CASE WHEN ${withCategory} THEN ['Hotels and lodging', 'Groceries', 'Construction works', 'Plumbing works'][1 + i % 4] END AS category
      FROM range(1500) t(i)`);
    const report = await trainAndPredictAcceptance(db);
    const unmatched = await db.all<{ inputMcc: string; p: number }>(
      `SELECT f.inputMcc, avg(a.acceptanceProbability) AS p FROM acceptance a JOIN feat_src f USING (supplierKey)
       WHERE f.matchStatus = 'UNMATCHED' GROUP BY 1 ORDER BY 1`,
    );
    return { report, unmatched };
  });
}

describe('acceptance-prediction model', () => {
  it('learns from the MCC and the spend category of the buyer’s own data and records its hold-out metrics', async () => {
    const without = await train(false);
    const withMcc = await train(true);
    const withCategory = await train(false, true);
    expect(withMcc.report.features).toEqual(MODEL_FEATURES);
    expect(withMcc.report).toMatchObject({ trained: true, model: 'naive-bayes', version: 2 });
    expect(withMcc.report.trainRows + withMcc.report.testRows).toBe(1200);
    // Without the MCC there is nothing to learn; with it the model ranks acceptors well.
    expect(without.report.metrics.auc!).toBeLessThan(0.65);
    expect(withMcc.report.metrics.auc!).toBeGreaterThan(0.8);
    expect(withCategory.report.metrics.auc!).toBeGreaterThan(0.8);
    expect(withMcc.report.metrics.accuracy!).toBeGreaterThan(withMcc.report.metrics.baselineAccuracy!);
    // Unmatched hotels and grocers are predicted to accept cards, unmatched contractors not.
    const p = Object.fromEntries(withMcc.unmatched.map((u) => [u.inputMcc, u.p]));
    expect(p['7011']).toBeGreaterThan(0.75);
    expect(p['5411']).toBeGreaterThan(0.75);
    expect(p['1520']).toBeLessThan(0.5);
    expect(p['1711']).toBeLessThan(0.5);
  });

  it('does not train on too few matched suppliers and says why', async () => {
    const report = await withDb({}, async (db) => {
      await createNormaliseMacros(db);
      await db.run(`CREATE TABLE feat_src AS SELECT 'S' || i AS supplierKey, 'MATCHED' AS matchStatus, i % 2 = 0 AS cardAcceptor,
        NULL::VARCHAR AS country, 10 AS spend, NULL::DOUBLE AS avgTransactionValue, NULL::VARCHAR AS frequencyBand, NULL::VARCHAR AS paymentTermsBand, NULL::VARCHAR AS paymentMethod,
        'X' AS supplierName, NULL::VARCHAR AS inputMcc, NULL::VARCHAR AS category FROM range(10) t(i)`);
      return trainAndPredictAcceptance(db);
    });
    expect(report.trained).toBe(false);
    expect(report.reason).toMatch(/at least 30 matched suppliers/);
  });
});
