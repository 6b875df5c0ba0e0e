/**
 * Acceptance-prediction model: a categorical naive Bayes classifier trained in DuckDB on the
 * matched suppliers of the job (label: the merchant accepts cards), predicting Low / Medium /
 * High acceptance for every supplier (used for unmatched ones). Features: country, spend band,
 * average-ticket band, frequency band, payment-terms band, payment method, name words
 * (industry words such as "freight" or "hotel" carry most of the signal) and, where the buyer's own
 * data has them, the MCC of its card transactions and the words of its spend category. Only what
 * the buyer's files give is used, never the matched merchant's attributes, so matched and unmatched
 * suppliers are described alike and the hold-out figures hold for the unmatched ones.
 * Evaluation on a deterministic 20 % hold-out (by supplierKey hash): accuracy, AUC, and
 * precision / recall of the High level. Recorded in acceptance-model.json.
 */
import type { Db } from '../db.ts';

export const ACCEPTANCE_THRESHOLDS = { high: 0.75, medium: 0.5 } as const;
export const MIN_TRAINING_ROWS = 30;

/** Feature bands over a supplier row (shared with the model's monitoring, which watches their drift). */
export const SPEND_BAND_SQL = `CASE WHEN spend < 1000 THEN 'a' WHEN spend < 10000 THEN 'b' WHEN spend < 100000 THEN 'c' WHEN spend < 1000000 THEN 'd' ELSE 'e' END`;
export const TICKET_BAND_SQL = `CASE WHEN avgTransactionValue IS NULL THEN '?' WHEN avgTransactionValue < 500 THEN 'a' WHEN avgTransactionValue < 2500 THEN 'b' WHEN avgTransactionValue < 10000 THEN 'c' ELSE 'd' END`;
/** The deterministic 20 % hold-out of matched suppliers. */
export const HOLDOUT_SQL = `hash(supplierKey) % 5 = 0`;

export interface AcceptanceModelReport {
  model: 'naive-bayes';
  version: 2;
  label: 'cardAcceptor';
  features: string[];
  thresholds: typeof ACCEPTANCE_THRESHOLDS;
  trained: boolean;
  reason?: string;
  trainRows: number;
  testRows: number;
  positiveRate: number | null;
  metrics: {
    accuracy: number | null;
    auc: number | null;
    precisionHigh: number | null;
    recallHigh: number | null;
    baselineAccuracy: number | null;
  };
}

export const MODEL_FEATURES = [
  'country',
  'spendBand',
  'ticketBand',
  'frequencyBand',
  'paymentTermsBand',
  'paymentMethod',
  'nameWord',
  'inputMcc',
  'categoryWord',
];

/**
 * Expects table `feat_src` (supplierKey, matchStatus, cardAcceptor, country, spend, avgTransactionValue,
 * frequencyBand, paymentTermsBand, paymentMethod, supplierName, inputMcc, category). Creates table `acceptance`
 * (supplierKey, acceptanceProbability, acceptancePrediction).
 */
export async function trainAndPredictAcceptance(db: Db): Promise<AcceptanceModelReport> {
  await db.run(`CREATE OR REPLACE TABLE feat AS
    SELECT supplierKey, 'country' AS f, coalesce(country, '?') AS v FROM feat_src
    UNION ALL SELECT supplierKey, 'spendBand', ${SPEND_BAND_SQL} FROM feat_src
    UNION ALL SELECT supplierKey, 'ticketBand', ${TICKET_BAND_SQL} FROM feat_src
    UNION ALL SELECT supplierKey, 'frequencyBand', frequencyBand FROM feat_src
    UNION ALL SELECT supplierKey, 'paymentTermsBand', paymentTermsBand FROM feat_src
    UNION ALL SELECT supplierKey, 'paymentMethod', paymentMethod FROM feat_src
    UNION ALL SELECT DISTINCT supplierKey, 'nameWord', unnest(sx_name_tokens(supplierName)) FROM feat_src
    UNION ALL SELECT supplierKey, 'inputMcc', inputMcc FROM feat_src WHERE inputMcc IS NOT NULL
    UNION ALL SELECT DISTINCT supplierKey, 'categoryWord', unnest(sx_name_tokens(category)) FROM feat_src WHERE category IS NOT NULL`);
  await db.run(
    `CREATE OR REPLACE TABLE lab AS SELECT supplierKey, cardAcceptor::INT AS y, ${HOLDOUT_SQL} AS isTest FROM feat_src WHERE matchStatus = 'MATCHED'`,
  );
  const counts = (await db.one<{ train: number; test: number; pos: number; trainPos: number }>(
    `SELECT count(*) FILTER (WHERE NOT isTest) AS train, count(*) FILTER (WHERE isTest) AS test, avg(y) AS pos, sum(y) FILTER (WHERE NOT isTest) AS trainPos FROM lab`,
  ))!;
  const base: AcceptanceModelReport = {
    model: 'naive-bayes',
    version: 2,
    label: 'cardAcceptor',
    features: MODEL_FEATURES,
    thresholds: ACCEPTANCE_THRESHOLDS,
    trained: false,
    trainRows: counts.train,
    testRows: counts.test,
    positiveRate: counts.pos === null ? null : Math.round(counts.pos * 1000) / 1000,
    metrics: { accuracy: null, auc: null, precisionHigh: null, recallHigh: null, baselineAccuracy: null },
  };
  if (counts.train < MIN_TRAINING_ROWS || !counts.trainPos || counts.trainPos === counts.train) {
    await db.run(
      `CREATE OR REPLACE TABLE acceptance AS SELECT supplierKey, NULL::DOUBLE AS acceptanceProbability, 'Low' AS acceptancePrediction FROM feat_src`,
    );
    return {
      ...base,
      reason: `needs at least ${MIN_TRAINING_ROWS} matched suppliers of both classes to train (has ${counts.train})`,
    };
  }
  await db.run(
    `CREATE OR REPLACE TABLE prior AS SELECT sum(y) AS n1, count(*) - sum(y) AS n0 FROM lab WHERE NOT isTest`,
  );
  await db.run(`CREATE OR REPLACE TABLE lik AS
    WITH c AS (SELECT f.f, f.v, sum(l.y) AS c1, count(*) - sum(l.y) AS c0 FROM feat f JOIN lab l USING (supplierKey) WHERE NOT l.isTest GROUP BY ALL),
         k AS (SELECT f, count(DISTINCT v) AS k FROM feat GROUP BY f)
    SELECT c.f, c.v, ln((c.c1 + 1) / (p.n1 + k.k)) - ln((c.c0 + 1) / (p.n0 + k.k)) AS w FROM c JOIN k USING (f), prior p`);
  await db.run(`CREATE OR REPLACE TABLE acceptance AS
    WITH s AS (SELECT f.supplierKey, sum(coalesce(l.w, 0)) AS w FROM feat f LEFT JOIN lik l USING (f, v) GROUP BY f.supplierKey)
    SELECT s.supplierKey, round(1 / (1 + exp(-(s.w + ln(p.n1 / p.n0)))), 4) AS acceptanceProbability,
      CASE WHEN 1 / (1 + exp(-(s.w + ln(p.n1 / p.n0)))) >= ${ACCEPTANCE_THRESHOLDS.high} THEN 'High' WHEN 1 / (1 + exp(-(s.w + ln(p.n1 / p.n0)))) >= ${ACCEPTANCE_THRESHOLDS.medium} THEN 'Medium' ELSE 'Low' END AS acceptancePrediction
    FROM s, prior p`);
  const m = (await db.one<{
    accuracy: number;
    precisionHigh: number | null;
    recallHigh: number | null;
    baseline: number;
    auc: number | null;
  }>(`
    WITH t AS (SELECT l.y, a.acceptanceProbability AS p, a.acceptancePrediction AS lvl FROM lab l JOIN acceptance a USING (supplierKey) WHERE l.isTest),
    r AS (SELECT y, rank() OVER (ORDER BY p) + (count(*) OVER (PARTITION BY p) - 1) / 2 AS rk FROM t)
    SELECT avg(((p >= 0.5)::INT = y)::INT) AS accuracy,
      sum(y) FILTER (WHERE lvl = 'High') / nullif(count(*) FILTER (WHERE lvl = 'High'), 0) AS precisionHigh,
      count(*) FILTER (WHERE lvl = 'High' AND y = 1) / nullif(sum(y), 0) AS recallHigh,
      greatest(avg(y), 1 - avg(y)) AS baseline,
      (SELECT (sum(rk) FILTER (WHERE y = 1) - count(*) FILTER (WHERE y = 1) * (count(*) FILTER (WHERE y = 1) + 1) / 2) / nullif(count(*) FILTER (WHERE y = 1) * count(*) FILTER (WHERE y = 0), 0) FROM r) AS auc
    FROM t`))!;
  const r3 = (x: number | null) => (x === null || x === undefined ? null : Math.round(Number(x) * 1000) / 1000);
  return {
    ...base,
    trained: true,
    metrics: {
      accuracy: r3(m.accuracy),
      auc: r3(m.auc),
      precisionHigh: r3(m.precisionHigh),
      recallHigh: r3(m.recallHigh),
      baselineAccuracy: r3(m.baseline),
    },
  };
}
