/**
 * Probability calibration of a classifier's scores, fitted on scores the classifier did not learn from (its
 * out-of-fold scores), with two calibrators:
 *  - Platt scaling (logistic.ts): p = σ(a·s + b), two parameters — steady on a few hundred rows, but it can only
 *    stretch and shift the score, so where the score's relation to the outcome is not a logistic curve it leaves a
 *    systematic gap (on the 100k-supplier bench job: 3.8 points in the first decile, 7 points at 20k);
 *  - isotonic regression (pool-adjacent-violators): the best non-decreasing step function of the score, read
 *    with linear interpolation between the pooled blocks' centres — follows any monotone shape, but on a few
 *    hundred rows it fits the noise.
 * Which one a job gets is decided on the job's own data: each is cross-fitted over the folds (fitted on the other
 * folds' out-of-fold scores, applied to this fold's), and isotonic regression is kept only when its Brier score is
 * lower by more than twice the standard error of the paired difference (on a few thousand rows isotonic often wins
 * the Brier score by a hair while its sparse end blocks are 10+ points off; on the 100k bench job it wins by 5
 * standard errors). Those
 * cross-fitted probabilities are the hold-out rows' probabilities (doubly out of fold: neither the model nor the
 * calibrator learnt from the row), and the chosen calibrator fitted on all out-of-fold scores calibrates the
 * predictions for suppliers without a label. Pure functions: no I/O, no clock, no Math.random.
 */
import { calibrate, fitPlatt } from './logistic.ts';
import type { Platt } from './logistic.ts';

/** An isotonic fit: pooled blocks (mean score, rate), in increasing order of both. */
export interface Isotonic {
  x: number[];
  y: number[];
}

export type CalibratorKind = 'platt' | 'isotonic';
export type Calibrator = { kind: 'platt'; platt: Platt } | { kind: 'isotonic'; isotonic: Isotonic };

/**
 * Isotonic regression of the labels on the scores by pool-adjacent-violators (equal scores always pooled). Each
 * block's rate is kept within [1/(N₋+2), (N₊+1)/(N₊+2)] (Platt's smoothed targets), so that an end block of a few
 * rows of one class does not promise certainty.
 */
export function fitIsotonic(scores: readonly number[], labels: readonly (0 | 1)[]): Isotonic {
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]! || a - b);
  const lo: number[] = [];
  const hi: number[] = [];
  const w: number[] = [];
  const sum: number[] = [];
  const sx: number[] = [];
  for (const i of order) {
    const s = scores[i]!;
    lo.push(s);
    hi.push(s);
    w.push(1);
    sum.push(labels[i]!);
    sx.push(s);
    // Pool while the last block's rate does not exceed the previous one's, or both share a score.
    for (let k = w.length - 1; k > 0; k--) {
      if (sum[k - 1]! / w[k - 1]! < sum[k]! / w[k]! && hi[k - 1]! !== lo[k]!) break;
      hi[k - 1] = hi[k]!;
      w[k - 1] = w[k - 1]! + w[k]!;
      sum[k - 1] = sum[k - 1]! + sum[k]!;
      sx[k - 1] = sx[k - 1]! + sx[k]!;
      lo.pop();
      hi.pop();
      w.pop();
      sum.pop();
      sx.pop();
    }
  }
  const nPos = labels.reduce<number>((s, y) => s + y, 0);
  const nNeg = labels.length - nPos;
  const floor = 1 / (nNeg + 2);
  const ceil = (nPos + 1) / (nPos + 2);
  return {
    x: sx.map((s, k) => s / w[k]!),
    y: sum.map((s, k) => Math.min(ceil, Math.max(floor, s / w[k]!))),
  };
}

/** The isotonic fit at a score: linear between block centres, flat beyond the first and last. */
export function isotonicAt(iso: Isotonic, s: number): number {
  const { x, y } = iso;
  if (!x.length) return 0.5;
  if (s <= x[0]!) return y[0]!;
  const last = x.length - 1;
  if (s >= x[last]!) return y[last]!;
  let a = 0;
  let b = last;
  while (b - a > 1) {
    const m = (a + b) >> 1;
    if (x[m]! <= s) a = m;
    else b = m;
  }
  return y[a]! + ((s - x[a]!) / (x[b]! - x[a]!)) * (y[b]! - y[a]!);
}

export function fitCalibrator(kind: CalibratorKind, scores: readonly number[], labels: readonly (0 | 1)[]): Calibrator {
  return kind === 'platt' ? { kind, platt: fitPlatt(scores, labels) } : { kind, isotonic: fitIsotonic(scores, labels) };
}

export const applyCalibrator = (c: Calibrator, s: number): number =>
  c.kind === 'platt' ? calibrate(c.platt, s) : isotonicAt(c.isotonic, s);

const brier = (p: readonly number[], y: readonly (0 | 1)[]) =>
  p.reduce((sum, pi, i) => sum + (pi - y[i]!) ** 2, 0) / Math.max(1, p.length);

/** How many standard errors isotonic regression's Brier score must beat Platt's by to be kept. */
export const ISOTONIC_MIN_Z = 2;

export interface CrossFittedCalibration {
  /** The calibrator kept: isotonic when it beats Platt's cross-fitted Brier score by ISOTONIC_MIN_Z standard errors. */
  kind: CalibratorKind;
  /** Cross-fitted Brier score of each calibrator. */
  brier: Record<CalibratorKind, number>;
  /** (isotonic − Platt) Brier difference over its standard error, paired by row (negative: isotonic better). */
  isotonicZ: number;
  /** Each row's probability from the kept calibrator fitted on the other folds' rows. */
  probabilities: number[];
  /** The kept calibrator fitted on all rows (for rows without a label). */
  calibrator: Calibrator;
}

/**
 * Cross-fits Platt scaling and isotonic regression over the folds of out-of-fold scores and keeps Platt unless
 * isotonic regression is clearly better (ISOTONIC_MIN_Z). A fold whose complement lacks a class (tiny data) falls back on the fit over all rows.
 */
export function crossFitCalibration(
  scores: readonly number[],
  labels: readonly (0 | 1)[],
  folds: readonly number[],
): CrossFittedCalibration {
  const foldIds = [...new Set(folds)].sort((a, b) => a - b);
  const kinds: CalibratorKind[] = ['platt', 'isotonic'];
  const probs: Record<CalibratorKind, number[]> = {
    platt: new Array<number>(scores.length).fill(0),
    isotonic: new Array<number>(scores.length).fill(0),
  };
  const all = Object.fromEntries(kinds.map((k) => [k, fitCalibrator(k, scores, labels)])) as Record<
    CalibratorKind,
    Calibrator
  >;
  for (const f of foldIds) {
    const s: number[] = [];
    const y: (0 | 1)[] = [];
    folds.forEach((g, i) => {
      if (g !== f) {
        s.push(scores[i]!);
        y.push(labels[i]!);
      }
    });
    const pos = y.reduce<number>((a, v) => a + v, 0);
    const usable = pos > 0 && pos < y.length;
    for (const k of kinds) {
      const c = usable ? fitCalibrator(k, s, y) : all[k];
      folds.forEach((g, i) => {
        if (g === f) probs[k][i] = applyCalibrator(c, scores[i]!);
      });
    }
  }
  const b = { platt: brier(probs.platt, labels), isotonic: brier(probs.isotonic, labels) };
  const n = labels.length;
  const d = labels.map((y, i) => (probs.isotonic[i]! - y) ** 2 - (probs.platt[i]! - y) ** 2);
  const mean = d.reduce((a, v) => a + v, 0) / Math.max(1, n);
  const se = n > 1 ? Math.sqrt(d.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1) / n) : 0;
  const isotonicZ = se > 0 ? mean / se : 0;
  const kind: CalibratorKind = isotonicZ < -ISOTONIC_MIN_Z ? 'isotonic' : 'platt';
  return { kind, brier: b, isotonicZ, probabilities: probs[kind], calibrator: all[kind] };
}
