import { describe, expect, it } from 'vitest';
import { withDb } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import {
  explain,
  explanationText,
  levelOf,
  MODEL_FEATURES,
  trainAndPredictAcceptance,
} from '../src/score/acceptance-model.ts';
import {
  featureLabel,
  featuresOf,
  NETWORK_SHRINK,
  tokenLift,
  tokenStatFor,
  type NetworkView,
  type SupplierFacts,
} from '../src/score/acceptance-features.ts';
import { calibrate, fitPlatt, logit, scoreOf, trainLogistic } from '../src/score/logistic.ts';
import type { Example } from '../src/score/logistic.ts';

const facts = (over: Partial<SupplierFacts> = {}): SupplierFacts => ({
  country: 'GB',
  spendBand: 'c',
  ticketBand: '?',
  frequencyBand: null,
  paymentTermsBand: null,
  paymentMethod: 'ACH',
  inputMcc: null,
  nameTokens: ['harbour', 'plumbing'],
  categoryTokens: [],
  ...over,
});

describe('acceptance features on a tiny table', () => {
  const view: NetworkView = {
    rate: 0.75,
    tokens: new Map([
      ['plumbing', { n: 100, pos: 45 }],
      ['hotel', { n: 80, pos: 78 }],
      ['harbour', { n: 6, pos: 5 }],
    ]),
  };

  it('names indicator features <kind>=<value> and summarises the network’s view of the name words', () => {
    const { x, notes } = featuresOf(facts({ nameTokens: ['harbour', 'plumbing'] }), view);
    expect([...x.keys()].filter((k) => !k.startsWith('net:')).sort()).toEqual([
      'country=GB',
      'method=ACH',
      'spend=c',
      'ticket=?',
      'word=harbour',
      'word=plumbing',
    ]);
    const plumbing = tokenLift({ n: 100, pos: 45 }, 0.75);
    const harbour = tokenLift({ n: 6, pos: 5 }, 0.75);
    // Shrunk towards the network rate: (45 + 20·0.75) / (100 + 20) = 0.5.
    expect(plumbing).toBeCloseTo(logit(0.5) - logit(0.75), 12);
    expect((45 + NETWORK_SHRINK * 0.75) / (100 + NETWORK_SHRINK)).toBe(0.5);
    expect(x.get('net:min')).toBeCloseTo(plumbing, 12);
    expect(x.get('net:max')).toBeCloseTo(harbour, 12);
    expect(x.get('net:sum')).toBeCloseTo(plumbing + harbour, 12);
    expect(notes.get('net:min')).toEqual({ token: 'plumbing', n: 100, pos: 45 });
    expect(x.has('net:none')).toBe(false);
  });

  it('ignores words too rare in the network, and says so when no word of the name is known', () => {
    expect(tokenStatFor(view, 'harbour')).toEqual({ n: 6, pos: 5 });
    expect(tokenStatFor({ ...view, tokens: new Map([['x', { n: 4, pos: 4 }]]) }, 'x')).toBeNull();
    expect(tokenStatFor(view, 'zebra')).toBeNull();
    // No network, or no known word: the net:none indicator.
    expect(featuresOf(facts(), null).x.get('net:none')).toBe(1);
    expect(featuresOf(facts({ nameTokens: ['zebra'] }), view).x.get('net:none')).toBe(1);
  });

  it('reads features as a user would', () => {
    const { notes } = featuresOf(facts({ nameTokens: ['hotel'] }), view);
    expect(featureLabel('word=hotel', notes)).toBe('Name word "hotel"');
    expect(featureLabel('spend=c', notes)).toBe('Spend 10k–100k');
    expect(featureLabel('method=Check', notes)).toBe('Payment method Check');
    expect(featureLabel('mcc=5812', notes)).toBe('MCC (buyer data) 5812');
    expect(featureLabel('net:max', notes)).toBe('Network: merchants named "hotel" accept 98% (80)');
  });
});

describe('logistic regression and Platt scaling on a tiny table', () => {
  // The word decides (hotel: 9 of 10 accept; plumbing: 2 of 10), the country is noise.
  const examples: Example[] = Array.from({ length: 40 }, (_, i) => ({
    x: new Map([
      [i % 2 ? 'word=hotel' : 'word=plumbing', 1],
      [`country=${i % 3 ? 'GB' : 'DE'}`, 1],
    ]),
    y: (i % 2 ? i % 20 !== 1 : i % 10 < 2) ? 1 : 0,
  }));

  it('is deterministic and learns which word goes with accepting', () => {
    const a = trainLogistic(examples, { epochs: 30 });
    const b = trainLogistic(examples, { epochs: 30 });
    expect([...a.weights]).toEqual([...b.weights]);
    expect(a.bias).toBe(b.bias);
    expect(a.weights.get('word=hotel')!).toBeGreaterThan(0.5);
    expect(a.weights.get('word=plumbing')!).toBeLessThan(-0.5);
    const hotel = scoreOf(a, new Map([['word=hotel', 1]]));
    const plumbing = scoreOf(a, new Map([['word=plumbing', 1]]));
    expect(hotel).toBeGreaterThan(plumbing + 1);
    // A feature seen fewer than minCount times gets no weight.
    expect(trainLogistic([...examples, { x: new Map([['word=rare', 1]]), y: 1 }]).weights.has('word=rare')).toBe(false);
    // An explanation's effect is measured from the average example (scaled by the calibration's slope).
    const [hotelDriver] = explain(a, { a: 2, b: 0 }, { x: new Map([['word=hotel', 1]]), notes: new Map() });
    expect(hotelDriver!.effect).toBeCloseTo(2 * a.weights.get('word=hotel')! * (1 - a.means.get('word=hotel')!), 2);
  });

  it('Platt scaling maps scores onto observed rates', () => {
    // Scores 0 and 1; at 0 a quarter accept, at 1 three quarters.
    const scores = [...Array(400).fill(0), ...Array(400).fill(1)] as number[];
    const labels = scores.map((s, i) => ((s === 0 ? i % 4 === 0 : i % 4 !== 0) ? 1 : 0) as 0 | 1);
    const p = fitPlatt(scores, labels);
    expect(calibrate(p, 0)).toBeCloseTo(0.25, 2);
    expect(calibrate(p, 1)).toBeCloseTo(0.75, 2);
    expect(levelOf(0.75)).toBe('High');
    expect(levelOf(0.5)).toBe('Medium');
    expect(levelOf(0.49)).toBe('Low');
  });

  it('explains a prediction by its largest effects, with readable labels', () => {
    const m = trainLogistic(examples, { epochs: 30 });
    const fv = featuresOf(facts({ nameTokens: ['hotel'], country: 'GB', spendBand: null, paymentMethod: null }), null);
    const drivers = explain(m, { a: 1, b: 0 }, fv);
    expect(drivers[0]).toMatchObject({ feature: 'word=hotel', label: 'Name word "hotel"' });
    expect(drivers[0]!.effect).toBeGreaterThan(0);
    expect(explanationText(drivers)).toMatch(/^\+\d\.\d\d Name word "hotel"/);
    expect(explanationText([])).toMatch(/No feature moved/);
  });
});

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
    const explained = await db.one<{ n: number; withDrivers: number }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE len(CAST(acceptanceDrivers AS JSON)::JSON[]) > 0) AS withDrivers FROM acceptance`,
    );
    return { report, unmatched, explained: explained! };
  });
}

describe('acceptance-prediction model', () => {
  it('learns from the MCC and the spend category of the buyer’s own data and records its out-of-fold metrics', async () => {
    const without = await train(false);
    const withMcc = await train(true);
    const withCategory = await train(false, true);
    expect(withMcc.report.features).toEqual(MODEL_FEATURES);
    expect(withMcc.report).toMatchObject({
      trained: true,
      model: 'logistic-regression',
      version: 4,
      evaluation: 'out-of-fold',
      trainRows: 1200,
      testRows: 1200,
      network: false,
    });
    // Without the MCC there is nothing to learn; with it the model ranks acceptors well.
    expect(without.report.metrics.auc!).toBeLessThan(0.6);
    expect(withMcc.report.metrics.auc!).toBeGreaterThan(0.8);
    expect(withCategory.report.metrics.auc!).toBeGreaterThan(0.8);
    expect(withMcc.report.metrics.accuracy!).toBeGreaterThan(withMcc.report.metrics.baselineAccuracy!);
    // Calibrated: each decile's mean prediction within 10 points of what it observes (1,200 rows, 120 a decile).
    expect(withMcc.report.calibration).toHaveLength(10);
    // Calibrated on out-of-fold scores: Platt, unless isotonic regression's cross-fitted Brier score is clearly lower.
    const brier = withMcc.report.calibratorBrier!;
    expect(withMcc.report.calibrator).toBe(brier.isotonicZ < -2 ? 'isotonic' : 'platt');
    expect(brier.platt).toBeGreaterThan(0);
    for (const b of withMcc.report.calibration) expect(Math.abs(b.predicted - b.observed)).toBeLessThan(0.1);
    // Unmatched hotels and grocers are predicted to accept cards, unmatched contractors not.
    const p = Object.fromEntries(withMcc.unmatched.map((u) => [u.inputMcc, u.p]));
    expect(p['7011']).toBeGreaterThan(0.75);
    expect(p['5411']).toBeGreaterThan(0.75);
    expect(p['1520']).toBeLessThan(0.5);
    expect(p['1711']).toBeLessThan(0.5);
    // Every supplier's prediction carries the features that moved it.
    expect(withMcc.explained.withDrivers).toBe(1500);
  });

  it('makes no prediction from too few matched suppliers and says why, on every supplier', async () => {
    const { report, rows } = await withDb({}, async (db) => {
      await createNormaliseMacros(db);
      await db.run(`CREATE TABLE feat_src AS SELECT 'S' || i AS supplierKey, CASE WHEN i < 10 THEN 'MATCHED' ELSE 'UNMATCHED' END AS matchStatus, i % 2 = 0 AS cardAcceptor,
        NULL::VARCHAR AS country, 10 AS spend, NULL::DOUBLE AS avgTransactionValue, NULL::VARCHAR AS frequencyBand, NULL::VARCHAR AS paymentTermsBand, NULL::VARCHAR AS paymentMethod,
        'X' AS supplierName, NULL::VARCHAR AS inputMcc, NULL::VARCHAR AS category FROM range(15) t(i)`);
      const report = await trainAndPredictAcceptance(db);
      const rows = await db.all<{ p: number | null; level: string | null; text: string; drivers: string | null }>(
        `SELECT acceptanceProbability AS p, acceptancePrediction AS level, acceptanceExplanation AS text, acceptanceDrivers AS drivers FROM acceptance`,
      );
      return { report, rows };
    });
    expect(report.trained).toBe(false);
    expect(report.reason).toMatch(/at least 30 matched suppliers/);
    expect(report.reason).toMatch(/has 10: 5 accepting, 5 not/);
    expect(rows).toHaveLength(15);
    for (const r of rows) {
      expect(r).toMatchObject({ p: null, level: null, drivers: null });
      expect(r.text).toMatch(/^Not predicted: the model needs at least 30 matched suppliers/);
    }
  });
});
