/**
 * Acceptance-prediction model (DESIGN §8 "Acceptance prediction"): for a supplier the network does not know, the
 * probability that it would accept a card, learnt per run from the matched suppliers (label: the matched merchant
 * accepts cards).
 *
 * Features (acceptance-features.ts): only what the buyer's files give — name words (industry words such as
 * "plumbing" or "hotel" carry most of the signal), spend-category words, MCC of its card data, country, spend /
 * average-ticket / frequency / payment-terms bands, payment method — and what the reference network says about
 * merchants sharing a name word (their acceptance rate, computed once per network version and cached next to it;
 * the job's matched merchants, whose acceptance is the label, are taken out). Never the matched merchant's own attributes, so matched and
 * unmatched suppliers are described alike.
 *
 * Model: L2-regularised logistic regression (logistic.ts), deterministic. Evaluation by 5-fold cross-fitting over
 * the matched suppliers (fold = hash(supplierKey) % 5): each matched supplier is scored by a model that did not
 * learn from it, so every matched supplier is a hold-out row once, and the model that predicts the unmatched
 * suppliers learns from all matched ones. Calibration (calibration.ts) is fitted on those out-of-fold scores only:
 * Platt scaling, or isotonic regression when, itself cross-fitted over the same folds, its Brier score is clearly
 * lower (large jobs, where Platt's logistic shape leaves a systematic gap; on a few thousand rows isotonic fits
 * noise). A matched supplier's stored probability is doubly out of fold (neither the model
 * nor the calibrator learnt from it); every prediction carries its explanation (the features that moved it most, in
 * log-odds against the average supplier, scaled by the Platt slope). Too few matched suppliers: no probability, no
 * level, and the explanation says why.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Db } from '../db.ts';
import { copyToParquet, lit } from '../db.ts';
import { featureLabel, featuresOf, NETWORK_MIN_MERCHANTS } from './acceptance-features.ts';
import type { FeatureVector, NetworkView, SupplierFacts, TokenStat } from './acceptance-features.ts';
import { encodeExamples, fitPlatt, scoreOf, trainEncoded } from './logistic.ts';
import { applyCalibrator, crossFitCalibration } from './calibration.ts';
import type { CalibratorKind } from './calibration.ts';
import type { Example, LogisticModel, LogisticOptions, Platt } from './logistic.ts';
import { calibrationByDecile, holdoutMetrics } from './model-monitoring.ts';
import type { CalibrationBin } from './model-monitoring.ts';
import { ACCEPTANCE_THRESHOLDS, FOLD_SQL, FOLDS, SPEND_BAND_SQL, TICKET_BAND_SQL } from './acceptance-constants.ts';

export { ACCEPTANCE_THRESHOLDS, HOLDOUT_SQL } from './acceptance-constants.ts';

export const MIN_TRAINING_ROWS = 30;
/** Fewest matched suppliers of each class (accepting, not accepting) the model learns from. */
export const MIN_CLASS_ROWS = 5;
/**
 * Training settings: indicator features (words, bands, country…) are regularised harder than the three network
 * features, which summarise far more merchants than a job has matched suppliers.
 */
const TRAINING: LogisticOptions = {
  learningRate: 0.05,
  l2: 0.5,
  l2For: (feature) => (feature.startsWith('net:') ? 1e-4 : 0.5),
  // A word, band or MCC seen on fewer than 20 training suppliers is noise more than signal.
  minCount: 20,
};
/** Passes over the data: about 120,000 updates (at least 3 passes, at most 20). */
const epochsFor = (n: number) => Math.min(20, Math.max(3, Math.ceil(120_000 / Math.max(1, n))));

/** How many drivers an explanation keeps, and the smallest effect (log-odds) worth naming. */
const EXPLANATION_DRIVERS = 4;
const MIN_EFFECT = 0.05;

export interface AcceptanceModelReport {
  model: 'logistic-regression';
  version: 4;
  label: 'cardAcceptor';
  features: string[];
  thresholds: typeof ACCEPTANCE_THRESHOLDS;
  /** 'out-of-fold': every matched supplier scored by the fold model that did not learn from it. */
  evaluation: 'out-of-fold';
  folds: number;
  trained: boolean;
  reason?: string;
  /** Matched suppliers the predicting model learnt from. */
  trainRows: number;
  /** Matched suppliers scored out of fold (the hold-out rows). */
  testRows: number;
  positiveRate: number | null;
  /** Whether the network's name-word statistics were used. */
  network: boolean;
  /** Platt scaling fitted on all out-of-fold scores (its slope scales the explanations' effects). */
  platt: Platt | null;
  /**
   * The calibrator of the probabilities, each calibrator's cross-fitted Brier score (lower is better) and the
   * paired difference isotonic − Platt in standard errors (isotonic is kept below −2).
   */
  calibrator: CalibratorKind | null;
  calibratorBrier: (Record<CalibratorKind, number> & { isotonicZ: number }) | null;
  metrics: {
    accuracy: number | null;
    auc: number | null;
    precisionHigh: number | null;
    recallHigh: number | null;
    baselineAccuracy: number | null;
  };
  calibration: CalibrationBin[];
  /** The features with the largest weights of the predicting model (log-odds), for the record. */
  topWeights: { feature: string; weight: number }[];
  /** Whole step; reading the rows and the network's word statistics; cross-fitting, calibration and the final model; scoring, explaining and writing every supplier. */
  timings: { seconds: number; loadSeconds?: number; trainSeconds?: number; predictSeconds?: number };
}

export const MODEL_FEATURES = [
  'country',
  'spendBand',
  'ticketBand',
  'frequencyBand',
  'paymentTermsBand',
  'paymentMethod',
  'inputMcc',
  'nameWord',
  'categoryWord',
  'networkNameWordAcceptance',
];

export interface AcceptanceOptions {
  /** The prepared reference network (its name words' acceptance rates are features); none: name words only. */
  networkFile?: string;
}

/** One driver of a prediction: the feature, how it reads, and what it added (log-odds; + = more likely to accept). */
export interface AcceptanceDriver {
  feature: string;
  label: string;
  effect: number;
}

export const levelOf = (p: number): 'High' | 'Medium' | 'Low' =>
  p >= ACCEPTANCE_THRESHOLDS.high ? 'High' : p >= ACCEPTANCE_THRESHOLDS.medium ? 'Medium' : 'Low';

/** The drivers of one prediction: the largest effects, strongest first (effects scaled by the calibration). */
export function explain(
  model: LogisticModel,
  platt: Platt,
  fv: FeatureVector,
  max = EXPLANATION_DRIVERS,
): AcceptanceDriver[] {
  // One pass keeping the `max` largest effects (no intermediate arrays per supplier: this runs for every supplier).
  const top: { feature: string; effect: number }[] = [];
  fv.x.forEach((v, feature) => {
    const w = model.weights.get(feature);
    if (w === undefined) return;
    const effect = Math.round(platt.a * w * (v - (model.means.get(feature) ?? 0)) * 100) / 100;
    if (Math.abs(effect) < MIN_EFFECT) return;
    let at = top.length;
    while (
      at > 0 &&
      (Math.abs(top[at - 1]!.effect) < Math.abs(effect) ||
        (Math.abs(top[at - 1]!.effect) === Math.abs(effect) && top[at - 1]!.feature > feature))
    )
      at--;
    if (at >= max) return;
    top.splice(at, 0, { feature, effect });
    if (top.length > max) top.pop();
  });
  return top.map((d) => ({ ...d, label: featureLabel(d.feature, fv.notes) }));
}

/** The explanation as one line of text (downloads): `+1.20 Name word "hotel"; −0.40 Payment method Check`. */
export const explanationText = (drivers: readonly AcceptanceDriver[]): string =>
  drivers.length
    ? drivers.map((d) => `${d.effect >= 0 ? '+' : '−'}${Math.abs(d.effect).toFixed(2)} ${d.label}`).join('; ')
    : 'No feature moved the prediction away from the average supplier';

interface AcceptanceRow {
  supplierKey: string;
  matched: boolean;
  y: 0 | 1;
  fold: number;
  facts: SupplierFacts;
}

/**
 * The network's name-word statistics (word, merchants, accepting merchants) as table `net_word` (word '' is the whole network):
 * read from the cache next to the network file (written once per network version; a newer
 * network file makes it stale) or computed and cached.
 */
async function networkWords(db: Db, networkFile: string): Promise<void> {
  const cache = networkFile.replace(/\.parquet$/i, '') + '.name-word-acceptance-v1.parquet';
  let loaded = false;
  if (existsSync(cache) && statSync(cache).mtimeMs >= statSync(networkFile).mtimeMs) {
    try {
      await db.run(`CREATE TABLE net_word AS SELECT * FROM read_parquet(${lit(cache)})`);
      loaded = true;
    } catch {
      await db.run(`DROP TABLE IF EXISTS net_word`);
    }
  }
  if (!loaded) {
    await db.run(`CREATE TABLE net_word AS
      WITH w AS (SELECT DISTINCT merchantId, unnest(nameTokens) AS word, coalesce(acceptsCard, FALSE)::INT AS y FROM read_parquet(${lit(networkFile)}))
      SELECT word, count(*)::INTEGER AS n, sum(y)::INTEGER AS pos FROM w GROUP BY word HAVING count(*) >= ${NETWORK_MIN_MERCHANTS}
      UNION ALL
      SELECT '' AS word, count(*)::INTEGER AS n, sum(coalesce(acceptsCard, FALSE)::INT)::INTEGER AS pos FROM read_parquet(${lit(networkFile)})`);
    const tmp = `${cache}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await db.run(copyToParquet(`SELECT * FROM net_word`, tmp));
      renameSync(tmp, cache);
    } catch {
      rmSync(tmp, { force: true }); // read-only network location: computed again next time
    }
  }
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((t) => typeof t === 'string' && t !== '') : []);

/** Reads feat_src (and the network's statistics of the words the suppliers use) into rows and the network view. */
async function loadAcceptanceRows(
  db: Db,
  options: AcceptanceOptions,
): Promise<{ rows: AcceptanceRow[]; network: NetworkView | null }> {
  const cols = new Set(
    (await db.all<{ column_name: string }>(`SELECT column_name FROM (DESCRIBE feat_src)`)).map((c) => c.column_name),
  );
  const opt = (c: string, type = 'VARCHAR') => (cols.has(c) ? c : `NULL::${type} AS ${c}`);
  const networkFile = options.networkFile && existsSync(options.networkFile) ? options.networkFile : null;
  let network: NetworkView | null = null;
  const withOwn = networkFile !== null && cols.has('matchedMerchantId');
  await db.run(`CREATE OR REPLACE TEMP TABLE acc_src AS
    SELECT supplierKey, matchStatus = 'MATCHED' AS matched, coalesce(cardAcceptor, FALSE)::INT AS y, (${FOLD_SQL})::INT AS fold,
      CAST(${opt('country')} AS VARCHAR) AS country, ${SPEND_BAND_SQL} AS spendBand, ${TICKET_BAND_SQL} AS ticketBand,
      CAST(${opt('frequencyBand')} AS VARCHAR) AS frequencyBand, CAST(${opt('paymentTermsBand')} AS VARCHAR) AS paymentTermsBand,
      CAST(${opt('paymentMethod')} AS VARCHAR) AS paymentMethod, CAST(${opt('inputMcc')} AS VARCHAR) AS inputMcc,
      list_distinct(coalesce(sx_name_tokens(supplierName), [])) AS nameTokens,
      CASE WHEN ${opt('category')} IS NOT NULL THEN list_distinct(sx_name_tokens(category)) END AS categoryTokens,
      ${withOwn ? `CASE WHEN matchStatus = 'MATCHED' THEN matchedMerchantId END` : 'NULL::VARCHAR'} AS ownId
    FROM feat_src ORDER BY supplierKey`);
  if (networkFile) {
    await networkWords(db, networkFile);
    // The network without the merchants this job's labels come from (its matched merchants): no statistic a row is
    // described by contains the label of any training row, so matched (training) and unmatched suppliers are
    // described alike. (Leaving only a row's own merchant out would still leak: within a word, the left-out rate
    // would be lower exactly for the accepting rows.)
    await db.run(`CREATE OR REPLACE TEMP TABLE job_word AS
      WITH m AS (SELECT DISTINCT merchantId, nameTokens, coalesce(acceptsCard, FALSE)::INT AS y FROM read_parquet(${lit(networkFile)})
                 WHERE ${withOwn ? 'merchantId IN (SELECT ownId FROM acc_src WHERE ownId IS NOT NULL)' : 'FALSE'}),
           w AS (SELECT DISTINCT merchantId, unnest(nameTokens) AS word, y FROM m)
      SELECT word, count(*)::INTEGER AS n, sum(y)::INTEGER AS pos FROM w GROUP BY word
      UNION ALL SELECT '' AS word, count(*)::INTEGER AS n, coalesce(sum(y), 0)::INTEGER AS pos FROM m`);
    const words = await db.all<{ word: string; n: number; pos: number }>(
      `SELECT w.word, w.n - coalesce(j.n, 0) AS n, w.pos - coalesce(j.pos, 0) AS pos FROM net_word w LEFT JOIN job_word j USING (word)
       WHERE w.word = '' OR w.word IN (SELECT DISTINCT unnest(nameTokens) FROM acc_src)`,
    );
    const tokens = new Map<string, TokenStat>();
    let rate = 0.5;
    for (const w of words)
      if (w.word) tokens.set(w.word, { n: Number(w.n), pos: Number(w.pos) });
      else if (Number(w.n) > 0) rate = Number(w.pos) / Number(w.n);
    network = { rate, tokens };
    await db.run(`DROP TABLE job_word`);
  }
  const raw = await db.all<Record<string, unknown>>(`SELECT * FROM acc_src ORDER BY supplierKey`);
  const rows: AcceptanceRow[] = raw.map((r) => ({
    supplierKey: String(r.supplierKey),
    matched: r.matched === true,
    y: Number(r.y) === 1 ? 1 : 0,
    fold: Number(r.fold),
    facts: {
      country: str(r.country),
      spendBand: str(r.spendBand),
      ticketBand: str(r.ticketBand),
      frequencyBand: str(r.frequencyBand),
      paymentTermsBand: str(r.paymentTermsBand),
      paymentMethod: str(r.paymentMethod),
      inputMcc: str(r.inputMcc),
      nameTokens: strs(r.nameTokens),
      categoryTokens: strs(r.categoryTokens),
    },
  }));
  await db.run(`DROP TABLE acc_src`);
  return { rows, network };
}

const ACCEPTANCE_TABLE = `CREATE OR REPLACE TABLE acceptance (supplierKey VARCHAR, acceptanceProbability DOUBLE,
  acceptancePrediction VARCHAR, acceptanceExplanation VARCHAR, acceptanceDrivers VARCHAR)`;

async function writeAcceptance(
  db: Db,
  out: { key: string; p: number | null; drivers: AcceptanceDriver[] | null; text: string }[],
): Promise<void> {
  await db.run(ACCEPTANCE_TABLE);
  const app = await db.conn.createAppender('acceptance');
  for (const o of out) {
    app.appendVarchar(o.key);
    if (o.p === null) {
      app.appendNull();
      app.appendNull();
    } else {
      app.appendDouble(Math.round(o.p * 10_000) / 10_000);
      app.appendVarchar(levelOf(o.p));
    }
    app.appendVarchar(o.text);
    if (o.drivers === null) app.appendNull();
    else app.appendVarchar(JSON.stringify(o.drivers));
    app.endRow();
  }
  app.closeSync();
}

const sec = (ms: number) => Math.round(ms / 10) / 100;
const r3 = (x: number | null) => (x === null || x === undefined ? null : Math.round(Number(x) * 1000) / 1000);

/**
 * Expects table `feat_src` (supplierKey, matchStatus, cardAcceptor, spend, supplierName and, where present, country,
 * avgTransactionValue, frequencyBand, paymentTermsBand, paymentMethod, inputMcc, category, matchedMerchantId) and
 * the name macros (createNormaliseMacros). Creates table `acceptance` (supplierKey, acceptanceProbability,
 * acceptancePrediction, acceptanceExplanation, acceptanceDrivers as JSON).
 */
export async function trainAndPredictAcceptance(
  db: Db,
  options: AcceptanceOptions = {},
): Promise<AcceptanceModelReport> {
  const t0 = performance.now();
  const { rows, network } = await loadAcceptanceRows(db, options);
  const matched = rows.filter((r) => r.matched);
  const pos = matched.filter((r) => r.y === 1).length;
  const base: AcceptanceModelReport = {
    model: 'logistic-regression',
    version: 4,
    label: 'cardAcceptor',
    features: MODEL_FEATURES,
    thresholds: ACCEPTANCE_THRESHOLDS,
    evaluation: 'out-of-fold',
    folds: FOLDS,
    trained: false,
    trainRows: matched.length,
    testRows: 0,
    positiveRate: matched.length ? r3(pos / matched.length) : null,
    network: network !== null,
    platt: null,
    calibrator: null,
    calibratorBrier: null,
    metrics: { accuracy: null, auc: null, precisionHigh: null, recallHigh: null, baselineAccuracy: null },
    calibration: [],
    topWeights: [],
    timings: { seconds: 0 },
  };
  const neg = matched.length - pos;
  if (matched.length < MIN_TRAINING_ROWS || pos < MIN_CLASS_ROWS || neg < MIN_CLASS_ROWS) {
    const reason = `needs at least ${MIN_TRAINING_ROWS} matched suppliers, ${MIN_CLASS_ROWS} of them accepting cards and ${MIN_CLASS_ROWS} not, to learn from (has ${matched.length}: ${pos} accepting, ${neg} not)`;
    await writeAcceptance(
      db,
      rows.map((r) => ({ key: r.supplierKey, p: null, drivers: null, text: `Not predicted: the model ${reason}` })),
    );
    return { ...base, reason, timings: { seconds: Math.round((performance.now() - t0) / 10) / 100 } };
  }
  const vec = rows.map((r) => featuresOf(r.facts, network));
  const tLoad = performance.now();
  const examples: (Example & { i: number; fold: number })[] = [];
  rows.forEach((r, i) => {
    if (r.matched) examples.push({ x: vec[i]!.x, y: r.y, i, fold: r.fold });
  });
  const encoded = encodeExamples(examples);
  const subset = (keep: (e: { fold: number }) => boolean) =>
    Int32Array.from(examples.flatMap((e, k) => (keep(e) ? [k] : [])));
  // Cross-fitting: each fold scored by the model of the other folds.
  const foldModel: (LogisticModel | null)[] = [];
  const oof = new Map<number, number>();
  for (let k = 0; k < FOLDS; k++) {
    const test = examples.filter((e) => e.fold === k);
    if (!test.length) {
      foldModel.push(null);
      continue;
    }
    const train = subset((e) => e.fold !== k);
    const m = trainEncoded(encoded, train, { ...TRAINING, epochs: epochsFor(train.length) });
    foldModel.push(m);
    for (const e of test) oof.set(e.i, scoreOf(m, e.x));
  }
  const oofScores = examples.map((e) => oof.get(e.i)!);
  const labels = examples.map((e) => e.y);
  const platt = fitPlatt(oofScores, labels);
  const calibration = crossFitCalibration(
    oofScores,
    labels,
    examples.map((e) => e.fold),
  );
  const heldOut = new Map<number, number>();
  examples.forEach((e, k) => heldOut.set(e.i, calibration.probabilities[k]!));
  const final = trainEncoded(
    encoded,
    subset(() => true),
    { ...TRAINING, epochs: epochsFor(examples.length) },
  );
  const tTrain = performance.now();
  const out = rows.map((r, i) => {
    const model = r.matched ? foldModel[r.fold]! : final;
    const p = r.matched ? heldOut.get(i)! : applyCalibrator(calibration.calibrator, scoreOf(final, vec[i]!.x));
    const drivers = explain(model, platt, vec[i]!);
    return { key: r.supplierKey, p, drivers, text: explanationText(drivers) };
  });
  await writeAcceptance(db, out);
  const tPredict = performance.now();
  const scored = examples.map((e) => ({ y: e.y, p: out[e.i]!.p }));
  const m = holdoutMetrics(scored);
  const topWeights = [...final.weights]
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]))
    .slice(0, 20)
    .map(([feature, weight]) => ({ feature, weight: Math.round(weight * 1000) / 1000 }));
  return {
    ...base,
    trained: true,
    testRows: scored.length,
    platt: { a: Math.round(platt.a * 10_000) / 10_000, b: Math.round(platt.b * 10_000) / 10_000 },
    calibrator: calibration.kind,
    calibratorBrier: {
      platt: Math.round(calibration.brier.platt * 100_000) / 100_000,
      isotonic: Math.round(calibration.brier.isotonic * 100_000) / 100_000,
      isotonicZ: Math.round(calibration.isotonicZ * 100) / 100,
    },
    metrics: {
      accuracy: r3(m.accuracy),
      auc: r3(m.auc),
      precisionHigh: r3(m.precisionHigh),
      recallHigh: r3(m.recallHigh),
      baselineAccuracy: r3(m.baselineAccuracy),
    },
    calibration: calibrationByDecile(scored).map((b) => ({
      ...b,
      predicted: r3(b.predicted)!,
      observed: r3(b.observed)!,
      ciLow: r3(b.ciLow)!,
      ciHigh: r3(b.ciHigh)!,
    })),
    topWeights,
    timings: {
      seconds: sec(performance.now() - t0),
      loadSeconds: sec(tLoad - t0),
      trainSeconds: sec(tTrain - tLoad),
      predictSeconds: sec(tPredict - tTrain),
    },
  };
}
