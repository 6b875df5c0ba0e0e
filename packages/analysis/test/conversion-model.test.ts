/**
 * The campaign conversion model (score/conversion-model.ts) on tiny tables: its features by hand, the prior below
 * MIN_OUTCOMES or without both classes, a learnt model that tells converting suppliers from the others, calibrated
 * on average, and deterministic.
 */
import { describe, expect, it } from 'vitest';
import {
  MIN_OUTCOMES,
  conversionFeatures,
  foldOf,
  nameWords,
  predictConversion,
  spendBandOf,
  trainConversionModel,
  type ConversionFacts,
  type ConversionOutcome,
} from '../src/score/conversion-model.ts';

const facts = (over: Partial<ConversionFacts> = {}): ConversionFacts => ({
  supplierKey: 'k',
  supplierName: 'Acme Plumbing Ltd',
  country: 'GB',
  spend: 5_000,
  route: 'Issuer',
  wave: 1,
  emailsSent: 1,
  emailsBounced: 0,
  level: 'High',
  acceptanceProbability: null,
  ...over,
});

/** n outcomes: plumbers convert 4 in 5, hotels 1 in 5 (deterministic by index). */
function table(n: number): ConversionOutcome[] {
  return Array.from({ length: n }, (_, i) => {
    const plumber = i % 2 === 0;
    const succeeded = plumber ? i % 10 !== 0 : i % 10 === 1;
    return {
      facts: facts({
        supplierKey: `s${i}`,
        supplierName: plumber ? `Plumbing Services ${i}` : `Grand Hotel ${i}`,
        level: plumber ? 'High' : 'Low',
      }),
      succeeded,
    };
  });
}

describe('conversion features', () => {
  it('are the acceptance model’s bands and words plus route, wave and emails', () => {
    expect(spendBandOf(999)).toBe('a');
    expect(spendBandOf(1_000)).toBe('b');
    expect(spendBandOf(99_999)).toBe('c');
    expect(spendBandOf(1_000_000)).toBe('e');
    expect(nameWords('The Café Müller GmbH & Co')).toEqual(['cafe', 'muller']);
    const x = conversionFeatures(facts({ wave: 4, emailsSent: 3, emailsBounced: 1, acceptanceProbability: 0.5 }));
    expect([...x.keys()].sort()).toEqual(
      [
        'acc:logit',
        'bounced',
        'country=GB',
        'emails=2+',
        'level=High',
        'route=Issuer',
        'spend=b',
        'wave=3+',
        'word=acme',
        'word=plumbing',
      ].sort(),
    );
    expect(x.get('acc:logit')).toBeCloseTo(0, 9);
    const none = conversionFeatures(facts({ route: null, wave: 0, emailsSent: 0, level: null, country: null }));
    expect(none.has('acc=none') && none.has('route=none') && none.has('wave=none') && none.has('emails=0')).toBe(true);
    expect(none.has('level=unknown')).toBe(true);
  });

  it('folds by a stable hash of the key', () => {
    expect(foldOf('s1')).toBe(foldOf('s1'));
    const folds = new Set(Array.from({ length: 50 }, (_, i) => foldOf(`s${i}`)));
    expect(folds.size).toBe(5);
  });
});

describe('conversion model', () => {
  it('learns nothing below MIN_OUTCOMES and says why', () => {
    const m = trainConversionModel(table(MIN_OUTCOMES - 1));
    expect(m).toMatchObject({ trained: false, outcomes: 49, model: null });
    expect(m.reason).toBe('49 outcomes recorded; the model learns from 50');
    expect(predictConversion(m, facts())).toBeNull();
  });

  it('learns nothing without five outcomes of each class', () => {
    const all = table(60).map((o, i) => ({ ...o, succeeded: i < 4 }));
    const m = trainConversionModel(all);
    expect(m.trained).toBe(false);
    expect(m.reason).toBe('4 succeeded and 56 failed; the model needs 5 of each');
  });

  it('tells converting suppliers from the others, calibrated on average, deterministically', () => {
    const rows = table(200);
    const m = trainConversionModel(rows);
    expect(m.trained).toBe(true);
    expect(m.outcomes).toBe(200);
    expect(m.succeeded).toBe(rows.filter((r) => r.succeeded).length); // 80 + 20
    const plumber = predictConversion(m, facts({ supplierName: 'Northern Plumbing', level: 'High' }))!;
    const hotel = predictConversion(m, facts({ supplierName: 'Seaside Hotel', level: 'Low' }))!;
    expect(plumber).toBeGreaterThan(0.6);
    expect(hotel).toBeLessThan(0.4);
    // Platt fitted on the out-of-fold scores: their mean probability is near the observed rate (100 / 200)
    expect(m.meanOutOfFold!).toBeGreaterThan(0.45);
    expect(m.meanOutOfFold!).toBeLessThan(0.55);
    // better than the base rate's Brier score 0.25
    expect(m.brier!).toBeLessThan(0.2);
    expect(predictConversion(trainConversionModel(rows), facts())).toBe(predictConversion(m, facts()));
  });
});
