import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BUSINESS_CASE_DEFAULTS,
  BUSINESS_CASE_METHODS,
  ZBusinessCaseInputs,
  businessCaseInputErrors,
  businessCaseMethodOf,
  computeBusinessCase,
  type TBusinessCaseBase,
  type TBusinessCaseInputs,
} from './business-case.ts';

const BASE: TBusinessCaseBase = {
  currency: 'USD',
  suppliers: 6,
  totalSpend: 3_600_000,
  rows: [
    { level: 'High', method: 'Check', suppliers: 1, spend: 1_000_000, payments: 100, suppliersWithoutPayments: 0 },
    { level: 'High', method: 'Card', suppliers: 1, spend: 500_000, payments: 50, suppliersWithoutPayments: 0 },
    { level: 'Medium', method: 'ACH', suppliers: 1, spend: 800_000, payments: 40, suppliersWithoutPayments: 0 },
    { level: 'Low', method: 'Other', suppliers: 2, spend: 1_000_000, payments: 0, suppliersWithoutPayments: 2 },
    { level: 'None', method: 'Wire', suppliers: 1, spend: 300_000, payments: 10, suppliersWithoutPayments: 0 },
  ],
};

const inputs = (over: Partial<TBusinessCaseInputs> = {}): TBusinessCaseInputs => ({
  ...BUSINESS_CASE_DEFAULTS,
  ...over,
});

describe('computeBusinessCase', () => {
  it('computes each figure of each year from the inputs (worked example)', () => {
    const out = computeBusinessCase(BASE, inputs());
    // 60 % of 1,000,000 (High, check) + 30 % of 800,000 (Medium) + 10 % of 1,000,000 (Low); card and None excluded.
    expect(out.target.cardSpend).toBe(600_000 + 240_000 + 100_000);
    // payments: 60 % of 100 + 30 % of 40 + 10 % of (2 suppliers × 12)
    expect(out.target.paymentsMoved).toBe(Math.round(60 + 12 + 2.4));
    const y1 = out.years[0]!;
    expect(y1.rampUpPct).toBe(40);
    expect(y1.cardSpend).toBe(376_000);
    expect(y1.rebate).toBe(3_760); // 100 bps
    // (60 × (4 − 0.3) + 12 × (0.5 − 0.3) + 2.4 × (2.5 − 0.3)) × 40 %
    expect(y1.processSavings).toBeCloseTo((60 * 3.7 + 12 * 0.2 + 2.4 * 2.2) * 0.4, 2);
    expect(y1.workingCapital).toBeCloseTo(376_000 * (25 / 365) * 0.05, 2);
    expect(y1.totalBenefit).toBeCloseTo(y1.rebate + y1.processSavings + y1.workingCapital, 2);
    expect(out.years.map((y) => y.year)).toEqual([1, 2, 3]);
    expect(out.total.cardSpend).toBeCloseTo(
      out.years.reduce((s, y) => s + y.cardSpend, 0),
      2,
    );
    expect(out.target.byLevel.find((l) => l.level === 'High')).toMatchObject({
      suppliers: 1,
      convertibleSpend: 1_000_000,
      cardSpend: 600_000,
    });
  });

  it('gives nothing without conversion, and the None level never converts', () => {
    const out = computeBusinessCase(BASE, inputs({ conversion: { High: 0, Medium: 0, Low: 0 } }));
    expect(out.total.totalBenefit).toBe(0);
    const noneOnly = computeBusinessCase({ ...BASE, rows: [BASE.rows[4]!] }, inputs());
    expect(noneOnly.total.cardSpend).toBe(0);
  });

  const pctArb = fc.integer({ min: 0, max: 100 });
  const levelArb = fc.constantFrom('High', 'Medium', 'Low') as fc.Arbitrary<'High' | 'Medium' | 'Low'>;

  it('property: more conversion at any level never means less card spend or rebate', () => {
    fc.assert(
      fc.property(levelArb, pctArb, pctArb, (level, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const low = computeBusinessCase(
          BASE,
          inputs({ conversion: { ...BUSINESS_CASE_DEFAULTS.conversion, [level]: lo } }),
        );
        const high = computeBusinessCase(
          BASE,
          inputs({ conversion: { ...BUSINESS_CASE_DEFAULTS.conversion, [level]: hi } }),
        );
        return (
          high.total.cardSpend >= low.total.cardSpend &&
          high.total.rebate >= low.total.rebate &&
          high.target.cardSpend >= low.target.cardSpend
        );
      }),
    );
  });

  it('property: each year is the target scaled by its ramp-up', () => {
    fc.assert(
      fc.property(pctArb, pctArb, pctArb, (r1, r2, r3) => {
        const out = computeBusinessCase(BASE, inputs({ rampUp: [r1, r2, r3] }));
        const full = computeBusinessCase(BASE, inputs({ rampUp: [100, 100, 100] }));
        return out.years.every((y, i) => {
          const r = [r1, r2, r3][i]! / 100;
          return (
            Math.abs(y.cardSpend - full.years[i]!.cardSpend * r) < 0.02 &&
            Math.abs(y.totalBenefit - full.years[i]!.totalBenefit * r) < 0.05
          );
        });
      }),
    );
  });

  it('earns the rebate per route: a lockbox programme at the card rebate less its provider fee', () => {
    const base: TBusinessCaseBase = {
      currency: 'USD',
      suppliers: 2,
      totalSpend: 2_000_000,
      rows: [
        {
          level: 'High',
          method: 'Check',
          route: 'Vcard',
          suppliers: 1,
          spend: 1_000_000,
          payments: 0,
          suppliersWithoutPayments: 0,
        },
        // 100 bps card rebate less the Boost EU provider's 55 bps
        {
          level: 'High',
          method: 'Check',
          route: 'Boost',
          lockbox: 'BoostEu',
          suppliers: 1,
          spend: 1_000_000,
          payments: 0,
          suppliersWithoutPayments: 0,
        },
      ],
    };
    const out = computeBusinessCase(base, inputs({ rampUp: [100, 100, 100] }));
    expect(out.target.byRoute).toEqual([
      {
        route: 'Vcard',
        lockbox: null,
        suppliers: 1,
        convertibleSpend: 1_000_000,
        cardSpend: 600_000,
        rebateBps: 100,
        rebate: 6_000,
      },
      {
        route: 'Boost',
        lockbox: 'BoostEu',
        suppliers: 1,
        convertibleSpend: 1_000_000,
        cardSpend: 600_000,
        rebateBps: 45,
        rebate: 2_700,
      },
    ]);
    expect(out.years[0]!.rebate).toBe(8_700);
  });

  it('maps the analysis payment methods onto the priced ones', () => {
    expect(businessCaseMethodOf('VirtualCard')).toBe('Card');
    expect(businessCaseMethodOf('DirectDebit')).toBe('ACH');
    expect(businessCaseMethodOf('Unknown')).toBe('Other');
    expect(businessCaseMethodOf(null)).toBe('Other');
    for (const m of BUSINESS_CASE_METHODS) if (m !== 'Other') expect(businessCaseMethodOf(m)).toBe(m);
  });
});

describe('ZBusinessCaseInputs', () => {
  it('accepts the defaults and names the field and reason of bad values', () => {
    expect(ZBusinessCaseInputs.parse(BUSINESS_CASE_DEFAULTS)).toEqual(BUSINESS_CASE_DEFAULTS);
    expect(
      businessCaseInputErrors({ ...BUSINESS_CASE_DEFAULTS, conversion: { High: 120, Medium: 30, Low: 10 } }),
    ).toEqual({
      'conversion.High': 'Conversion rate for High must be at most 100 %',
    });
    expect(
      businessCaseInputErrors({
        ...BUSINESS_CASE_DEFAULTS,
        paymentCost: { ...BUSINESS_CASE_DEFAULTS.paymentCost, Wire: -1 },
      }),
    ).toEqual({ 'paymentCost.Wire': 'Cost per wire payment cannot be negative' });
    expect(Object.keys(businessCaseInputErrors({ ...BUSINESS_CASE_DEFAULTS, rampUp: [10, 20] }))).toEqual(['rampUp']);
    expect(Object.keys(businessCaseInputErrors({ ...BUSINESS_CASE_DEFAULTS, extra: 1 }))).toEqual(['']);
  });
});
