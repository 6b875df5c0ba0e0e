/**
 * Monitoring of the acceptance-prediction model (acceptance-model.ts) on a finished run: hold-out metrics (AUC,
 * accuracy, precision and recall of the High level), calibration by decile (mean predicted probability against
 * the observed acceptance rate), and the distribution of each input, so that drift between runs can be measured
 * with the population stability index (PSI). The metrics are pure functions over (label, probability) pairs; the
 * reader takes a run's supplier results (Parquet) in DuckDB.
 */
import { lit, withDb } from '../db.ts';
import { rng } from '../network/random.ts';
import { ACCEPTANCE_THRESHOLDS, HOLDOUT_SQL, SPEND_BAND_SQL, TICKET_BAND_SQL } from './acceptance-constants.ts';

export interface Scored {
  /** 1 = the merchant accepts cards. */
  y: 0 | 1;
  /** Predicted acceptance probability. */
  p: number;
}

export interface HoldoutMetrics {
  n: number;
  auc: number | null;
  accuracy: number | null;
  precisionHigh: number | null;
  recallHigh: number | null;
  baselineAccuracy: number | null;
  positiveRate: number | null;
}

/**
 * AUC as the Mann–Whitney statistic: the probability that a random positive scores above a random negative, ties
 * counting one half (average ranks). Null without both classes.
 */
export function auc(rows: readonly Scored[]): number | null {
  const pos = rows.filter((r) => r.y === 1).length;
  const neg = rows.length - pos;
  if (!pos || !neg) return null;
  const sorted = [...rows].sort((a, b) => a.p - b.p);
  let rankSumPos = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.p === sorted[i]!.p) j++;
    const avgRank = (i + j) / 2 + 1; // 1-based ranks i+1 … j+1
    for (let k = i; k <= j; k++) if (sorted[k]!.y === 1) rankSumPos += avgRank;
    i = j + 1;
  }
  return (rankSumPos - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Accuracy at 0.5, precision and recall of the High level (p ≥ the High threshold), majority-class baseline. */
export function holdoutMetrics(rows: readonly Scored[], high: number = ACCEPTANCE_THRESHOLDS.high): HoldoutMetrics {
  const n = rows.length;
  if (!n)
    return {
      n,
      auc: null,
      accuracy: null,
      precisionHigh: null,
      recallHigh: null,
      baselineAccuracy: null,
      positiveRate: null,
    };
  const pos = rows.filter((r) => r.y === 1).length;
  const correct = rows.filter((r) => (r.p >= 0.5 ? 1 : 0) === r.y).length;
  const predictedHigh = rows.filter((r) => r.p >= high);
  const truePositivesHigh = predictedHigh.filter((r) => r.y === 1).length;
  return {
    n,
    auc: auc(rows),
    accuracy: correct / n,
    precisionHigh: predictedHigh.length ? truePositivesHigh / predictedHigh.length : null,
    recallHigh: pos ? truePositivesHigh / pos : null,
    baselineAccuracy: Math.max(pos, n - pos) / n,
    positiveRate: pos / n,
  };
}

export interface CalibrationBin {
  decile: number;
  n: number;
  /** Mean predicted probability in the bin. */
  predicted: number;
  /** Observed acceptance rate in the bin. */
  observed: number;
  /**
   * 95 % Wilson interval of the observed rate: the sampling noise of a bin of n rows (about ±13 points at n = 50
   * around 0.6). A gap between predicted and observed inside it is not evidence of miscalibration.
   */
  ciLow: number;
  ciHigh: number;
}

/** 95 % Wilson score interval of k successes in n trials. */
export function wilson(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (!n) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Calibration by decile of the predicted probability: rows sorted by p and cut into ten groups of (almost) equal
 * size, as SQL ntile(10) does (the first n mod 10 groups take one more row). Fewer rows than ten: one bin per row.
 */
export function calibrationByDecile(rows: readonly Scored[]): CalibrationBin[] {
  const sorted = [...rows].sort((a, b) => a.p - b.p);
  const bins = Math.min(10, sorted.length);
  const out: CalibrationBin[] = [];
  let start = 0;
  for (let b = 0; b < bins; b++) {
    const size = Math.floor(sorted.length / bins) + (b < sorted.length % bins ? 1 : 0);
    const part = sorted.slice(start, start + size);
    start += size;
    const k = part.reduce((s, r) => s + r.y, 0);
    const ci = wilson(k, part.length);
    out.push({
      decile: b + 1,
      n: part.length,
      predicted: part.reduce((s, r) => s + r.p, 0) / part.length,
      observed: k / part.length,
      ciLow: ci.low,
      ciHigh: ci.high,
    });
  }
  return out;
}

export interface CalibrationSummary {
  /** Largest |predicted − observed| over the deciles, and its decile. */
  maxGap: number;
  maxGapDecile: number;
  /** Deciles whose mean prediction lies outside the 95 % interval of their observed rate. */
  outsideCi: number;
  /**
   * Largest decile gap that labels drawn from the predicted probabilities themselves (a perfectly calibrated model
   * on the same rows) show: median and 95th percentile over seeded draws. A measured gap below the 95th percentile
   * is within sampling noise.
   */
  noiseMaxGap: { p50: number; p95: number };
}

/** The calibration's largest decile gap next to what sampling noise alone gives on the same rows (seeded, deterministic). */
export function calibrationSummary(rows: readonly Scored[], draws = 200, seed = 20_261_127): CalibrationSummary {
  const bins = calibrationByDecile(rows);
  let maxGap = 0;
  let maxGapDecile = 0;
  for (const b of bins) {
    const gap = Math.abs(b.predicted - b.observed);
    if (gap > maxGap) {
      maxGap = gap;
      maxGapDecile = b.decile;
    }
  }
  // Labels drawn from the predictions: the rows are sorted once and cut like calibrationByDecile.
  const sorted = [...rows].sort((a, b) => a.p - b.p).map((r) => r.p);
  const nBins = Math.min(10, sorted.length);
  const bounds: number[] = [0];
  for (let b = 0; b < nBins; b++)
    bounds.push(bounds[b]! + Math.floor(sorted.length / nBins) + (b < sorted.length % nBins ? 1 : 0));
  const rand = rng(seed);
  const gaps: number[] = [];
  for (let d = 0; d < draws; d++) {
    let worst = 0;
    for (let b = 0; b < nBins; b++) {
      let diff = 0;
      for (let i = bounds[b]!; i < bounds[b + 1]!; i++) diff += (rand() < sorted[i]! ? 1 : 0) - sorted[i]!;
      worst = Math.max(worst, Math.abs(diff) / Math.max(1, bounds[b + 1]! - bounds[b]!));
    }
    gaps.push(worst);
  }
  gaps.sort((a, b) => a - b);
  const q = (x: number) => (gaps.length ? gaps[Math.min(gaps.length - 1, Math.floor(x * gaps.length))]! : 0);
  return {
    maxGap,
    maxGapDecile,
    outsideCi: bins.filter((b) => b.predicted < b.ciLow || b.predicted > b.ciHigh).length,
    noiseMaxGap: { p50: q(0.5), p95: q(0.95) },
  };
}

/** Share of each value in a distribution given as counts or shares (sums to 1). */
export function shares(counts: Readonly<Record<string, number>>): Record<string, number> {
  const total = Object.values(counts).reduce((s, v) => s + v, 0);
  return total ? Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / total])) : {};
}

/** Smallest share a bin is given in the PSI (so a value present in one run only costs a bounded amount). */
export const PSI_FLOOR = 1e-4;

/**
 * Population stability index of `actual` against `expected` (both counts or shares per value):
 * Σ (a − e) · ln(a / e) over the union of values, each share floored at PSI_FLOOR.
 */
export function psi(expected: Readonly<Record<string, number>>, actual: Readonly<Record<string, number>>): number {
  const e = shares(expected);
  const a = shares(actual);
  let sum = 0;
  for (const k of new Set([...Object.keys(e), ...Object.keys(a)])) {
    const ek = Math.max(e[k] ?? 0, PSI_FLOOR);
    const ak = Math.max(a[k] ?? 0, PSI_FLOOR);
    sum += (ak - ek) * Math.log(ak / ek);
  }
  return sum;
}

/** How many values of a categorical input are kept by name; the rest are summed as "Other". */
export const DISTRIBUTION_TOP = 12;

/** The watched inputs (packages/shared ML_DRIFT_INPUTS) as SQL over a supplier results row. */
const INPUT_SQL: Record<string, string> = {
  country: `coalesce(CAST(country AS VARCHAR), '?')`,
  spendBand: SPEND_BAND_SQL,
  ticketBand: TICKET_BAND_SQL,
  frequencyBand: `coalesce(CAST(frequencyBand AS VARCHAR), '?')`,
  paymentTermsBand: `coalesce(CAST(paymentTermsBand AS VARCHAR), '?')`,
  paymentMethod: `coalesce(CAST(paymentMethod AS VARCHAR), '?')`,
  inputMcc: `coalesce(CAST(inputMcc AS VARCHAR), 'none')`,
  // The model's output in ten fixed bands, 0.0–0.1 … 0.9–1.0.
  prediction: `CASE WHEN acceptanceProbability IS NULL THEN 'none' ELSE printf('%.1f', least(floor(acceptanceProbability * 10), 9) / 10) END`,
};

export interface RunEvaluation {
  suppliers: number;
  /** Matched suppliers outside / inside the hold-out (the model's training and test rows). */
  trainRows: number;
  testRows: number;
  /** False when the run's model could not be trained (no probabilities). */
  trained: boolean;
  metrics: HoldoutMetrics;
  calibration: CalibrationBin[];
  /** Share per value of each input (the DISTRIBUTION_TOP largest values, the rest as "Other"). */
  distributions: Record<string, Record<string, number>>;
}

/**
 * Evaluates the acceptance model on a run's supplier results (the scored suppliers Parquet: supplierKey,
 * matchStatus, cardAcceptor, acceptanceProbability and the model's inputs). The hold-out is the model's own: every
 * matched supplier scored out of fold (cross-fitted model), or HOLDOUT_SQL over matched suppliers (earlier runs), so
 * these figures are about suppliers the scoring model did not learn from.
 */
export async function evaluateRunModel(suppliersFile: string, opts: { tempDir?: string } = {}): Promise<RunEvaluation> {
  return withDb({ ...(opts.tempDir ? { tempDir: opts.tempDir } : {}) }, async (db) => {
    await db.run(`CREATE VIEW s AS SELECT * FROM read_parquet(${lit(suppliersFile)})`);
    const cols = new Set(
      (await db.all<{ column_name: string }>(`SELECT column_name FROM (DESCRIBE s)`)).map((c) => c.column_name),
    );
    // A run of the cross-fitted model (it writes acceptanceDrivers) stores every matched supplier's out-of-fold
    // probability: all of them are hold-out rows, and the predicting model learnt from all of them. An earlier run
    // (naive Bayes, fixed 20 % hold-out) is evaluated on its hold-out only.
    const outOfFold = cols.has('acceptanceDrivers');
    const holdout = outOfFold ? 'TRUE' : HOLDOUT_SQL;
    const counts = (await db.one<{ n: number; train: number; test: number }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE matchStatus = 'MATCHED' AND ${outOfFold ? 'TRUE' : `NOT (${HOLDOUT_SQL})`}) AS train,
        count(*) FILTER (WHERE matchStatus = 'MATCHED' AND ${holdout}) AS test FROM s`,
    ))!;
    const hasP = cols.has('acceptanceProbability');
    const test = hasP
      ? await db.all<{ y: number; p: number }>(
          `SELECT cardAcceptor::INT AS y, acceptanceProbability AS p FROM s
           WHERE matchStatus = 'MATCHED' AND ${holdout} AND acceptanceProbability IS NOT NULL AND cardAcceptor IS NOT NULL`,
        )
      : [];
    const rows: Scored[] = test.map((r) => ({ y: Number(r.y) === 1 ? 1 : 0, p: Number(r.p) }));
    const distributions: Record<string, Record<string, number>> = {};
    for (const [input, expr] of Object.entries(INPUT_SQL)) {
      const needed =
        input === 'prediction'
          ? 'acceptanceProbability'
          : input === 'spendBand'
            ? 'spend'
            : input === 'ticketBand'
              ? 'avgTransactionValue'
              : input;
      if (!cols.has(needed)) continue;
      const dist = await db.all<{ v: string; n: number }>(
        `SELECT v, count(*) AS n FROM (SELECT ${expr} AS v FROM s) GROUP BY v ORDER BY n DESC, v`,
      );
      const total = dist.reduce((sum, d) => sum + Number(d.n), 0);
      const out: Record<string, number> = {};
      let other = 0;
      dist.forEach((d, i) => {
        if (i < DISTRIBUTION_TOP) out[d.v] = Number(d.n) / total;
        else other += Number(d.n);
      });
      if (other) out.Other = other / total;
      distributions[input] = out;
    }
    return {
      suppliers: Number(counts.n),
      trainRows: Number(counts.train),
      testRows: Number(counts.test),
      trained: rows.length > 0,
      metrics: holdoutMetrics(rows),
      calibration: calibrationByDecile(rows),
      distributions,
    };
  });
}
