/**
 * Calibration of a classifier's scores (score/calibration.ts) and the noise-aware calibration measures
 * (score/model-monitoring.ts), on synthetic models whose probabilities are wrong in a known way.
 */
import { describe, expect, it } from 'vitest';
import { applyCalibrator, crossFitCalibration, fitIsotonic, isotonicAt } from '../src/score/calibration.ts';
import { calibrate, fitPlatt, sigmoid } from '../src/score/logistic.ts';
import { calibrationByDecile, calibrationSummary, wilson } from '../src/score/model-monitoring.ts';
import type { Scored } from '../src/score/model-monitoring.ts';
import { rng } from '../src/network/random.ts';

/**
 * A miscalibrated model: its score s is uniform on [−3, 3] and it claims σ(s), but the true acceptance
 * probability is a plateau curve no logistic can follow: 0.35 below s = −0.5, 0.9 above s = 1, linear between.
 */
const truth = (s: number) => (s < -0.5 ? 0.35 : s > 1 ? 0.9 : 0.35 + ((s + 0.5) / 1.5) * 0.55);
function sample(n: number, seed: number, p: (s: number) => number = truth) {
  const r = rng(seed);
  const scores: number[] = [];
  const labels: (0 | 1)[] = [];
  for (let i = 0; i < n; i++) {
    const s = -3 + 6 * r();
    scores.push(s);
    labels.push(r() < p(s) ? 1 : 0);
  }
  return { scores, labels, folds: scores.map((_, i) => i % 5) };
}
const maxGap = (rows: Scored[]) =>
  Math.max(...calibrationByDecile(rows).map((b) => Math.abs(b.predicted - b.observed)));
const scored = (p: readonly number[], y: readonly (0 | 1)[]): Scored[] => p.map((pi, i) => ({ y: y[i]!, p: pi }));

describe('calibration of a miscalibrated model', () => {
  const big = sample(20_000, 1);
  const fresh = sample(20_000, 2);

  it('shrinks the decile gap of the hold-out from ~20 points to the sampling noise (isotonic on a large job)', () => {
    const raw = maxGap(scored(big.scores.map(sigmoid), big.labels));
    expect(raw).toBeGreaterThan(0.2);
    // Platt can only stretch the score: on a plateau curve it keeps a systematic gap (measured on its own rows).
    const platt = fitPlatt(big.scores, big.labels);
    expect(
      maxGap(
        scored(
          big.scores.map((s) => calibrate(platt, s)),
          big.labels,
        ),
      ),
    ).toBeGreaterThan(0.05);

    const cal = crossFitCalibration(big.scores, big.labels, big.folds);
    expect(cal.kind).toBe('isotonic');
    expect(cal.brier.isotonic).toBeLessThan(cal.brier.platt);
    expect(cal.isotonicZ).toBeLessThan(-2);
    // Cross-fitted probabilities (no row calibrated by a fit that saw it): within 3 points per decile of 2,000 rows.
    expect(maxGap(scored(cal.probabilities, big.labels))).toBeLessThan(0.03);
    // The calibrator fitted on all rows holds on rows it never saw.
    const onFresh = fresh.scores.map((s) => applyCalibrator(cal.calibrator, s));
    expect(maxGap(scored(onFresh, fresh.labels))).toBeLessThan(0.03);
    expect(maxGap(scored(fresh.scores.map(sigmoid), fresh.labels))).toBeGreaterThan(0.2);
  });

  it('keeps Platt scaling on a few hundred rows of a logistic-shaped but overconfident score', () => {
    const small = sample(400, 3, (s) => sigmoid(0.4 * s + 0.6));
    const cal = crossFitCalibration(small.scores, small.labels, small.folds);
    expect(cal.kind).toBe('platt');
    const raw = maxGap(scored(small.scores.map(sigmoid), small.labels));
    expect(raw).toBeGreaterThan(0.15);
    expect(maxGap(scored(cal.probabilities, small.labels))).toBeLessThan(raw / 2);
  });

  it('pools adjacent violators and equal scores, interpolates between blocks, never promises certainty', () => {
    const iso = fitIsotonic([1, 2, 3, 4, 4], [0, 1, 0, 1, 0]);
    // Blocks: {1} → 0, {2, 3} → 0.5, {4, 4} → 0.5 pooled with {2, 3}: rate 0.5 over scores 2–4 (centre 3.25).
    expect(iso.x).toEqual([1, 3.25]);
    // 0 is kept at 1/(N₋ + 2) = 1/5.
    expect(iso.y).toEqual([0.2, 0.5]);
    expect(isotonicAt(iso, 0)).toBe(0.2);
    expect(isotonicAt(iso, 9)).toBe(0.5);
    expect(isotonicAt(iso, 2.125)).toBeCloseTo(0.35, 12);
    const mono = fitIsotonic(big.scores, big.labels);
    for (let k = 1; k < mono.y.length; k++) expect(mono.y[k]!).toBeGreaterThan(mono.y[k - 1]!);
  });
});

describe('calibration measured with its sampling noise', () => {
  it('gives each decile the 95 % Wilson interval of its observed rate', () => {
    const ci = wilson(30, 50);
    expect(ci.low).toBeCloseTo(0.4618, 3);
    expect(ci.high).toBeCloseTo(0.7239, 3);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    const bins = calibrationByDecile(
      Array.from({ length: 500 }, (_, i) => ({ y: (i % 5 < 3 ? 1 : 0) as 0 | 1, p: 0.6 })),
    );
    for (const b of bins) expect(b.ciHigh - b.ciLow).toBeGreaterThan(0.2);
  });

  it('tells a gap within noise (perfect probabilities, 50 rows a decile) from a real one', () => {
    const r = rng(7);
    const perfect: Scored[] = Array.from({ length: 500 }, () => {
      const p = 0.3 + 0.65 * r();
      return { p, y: r() < p ? 1 : 0 };
    });
    const s = calibrationSummary(perfect);
    // Perfect probabilities still show a largest decile gap of several points on 50 rows a decile …
    expect(s.noiseMaxGap.p50).toBeGreaterThan(0.05);
    expect(s.maxGap).toBeLessThan(s.noiseMaxGap.p95);
    expect(calibrationSummary(perfect)).toEqual(s); // seeded: the same figures every time
    // … while probabilities 15 points too high are caught in most deciles.
    const biased = calibrationSummary(perfect.map((x) => ({ ...x, p: Math.min(0.99, x.p + 0.15) })));
    expect(biased.maxGap).toBeGreaterThan(biased.noiseMaxGap.p95);
    expect(biased.outsideCi).toBeGreaterThanOrEqual(5);
  });
});
