/**
 * Best route and the supplier's case on tiny inputs, every number worked by hand from the business case defaults
 * (conversion High 60 / Medium 30 / Low 10 %, rebate 100 bps, payment costs Check 4, ACH 0.5, Card 0.3,
 * 12 payments a year when none are counted, 25 days of DPO at 5 %) and the supplier-side constants.
 */
import { describe, expect, it } from 'vitest';
import {
  CARD_SETTLEMENT_DAYS,
  SUPPLIER_COST_OF_CAPITAL_PCT,
  bestRouteOf,
  rankRoutes,
  type TRouteSupplier,
} from './supplier-routes.ts';
import { SUPPLIER_ACCEPTANCE_FEES, ZAcceptanceFees, acceptanceFeeBps, sizeBandOf } from './acceptance-fees.ts';
import { SCORE_KINDS } from './enums.ts';

const supplier = (over: Partial<TRouteSupplier> = {}): TRouteSupplier => ({
  spend: 125_000,
  paymentMethod: 'ACH',
  paymentCount: null,
  paymentTermsDays: 30,
  avgTransactionValue: 2_500,
  mccType: null,
  matchStatus: 'MATCHED',
  acceptanceProbability: null,
  lockboxProgramme: null,
  levels: { Vcard: 'High', Pcard: 'Medium', Scf: 'Low' },
  ...over,
});

describe('rankRoutes', () => {
  it('ranks the offered routes by probability × (value − cost), with the inputs', () => {
    const routes = rankRoutes(supplier(), ['Optima', 'Vcard', 'Pcard', 'Scf', 'Stp'], []);
    expect(routes.map((r) => r.route)).toEqual(['Vcard', 'Pcard', 'Scf', 'Stp']);
    const [vc] = routes;
    // rebate 125,000 × 1 % = 1,250; savings 12 × 0.5 = 6; working capital 125,000 × 25 / 365 × 5 % = 428.08
    expect(vc!.inputs).toMatchObject({
      convertibleSpend: 125_000,
      payments: 12,
      paymentsEstimated: true,
      rebate: 1250,
      processSavings: 6,
      workingCapital: 428.08,
      cardPaymentCost: 3.6,
      providerFee: 0,
    });
    expect(vc).toMatchObject({ probability: 0.6, probabilitySource: 'level', value: 1684.08, cost: 3.6 });
    // 0.6 × (1,684.08 − 3.6) = 1,008.29
    expect(vc!.expectedValue).toBe(1008.29);
    expect(routes[1]!.expectedValue).toBe(504.14);
    expect(routes[2]!.expectedValue).toBe(168.05);
    // STP scored None: probability 0, last
    expect(routes[3]).toMatchObject({ route: 'Stp', probability: 0, expectedValue: 0 });
    expect(bestRouteOf(routes)?.route).toBe('Vcard');
    expect(vc!.reasons[0]).toContain('level High');
  });

  it('leaves out the kinds the issuer does not offer, and Boost without a lockbox programme', () => {
    expect(rankRoutes(supplier(), ['Pcard'], []).map((r) => r.route)).toEqual(['Pcard']);
    expect(rankRoutes(supplier(), [...SCORE_KINDS], []).map((r) => r.route)).not.toContain('Boost');
    expect(rankRoutes(supplier(), [...SCORE_KINDS], ['Its']).map((r) => r.route)).toContain('Boost');
  });

  it("uses the acceptance model's probability for an unmatched supplier's card routes only", () => {
    const s = supplier({ matchStatus: 'UNMATCHED', acceptanceProbability: 0.42, levels: { Vcard: 'Low', Scf: 'Low' } });
    const routes = rankRoutes(s, ['Vcard', 'Scf'], []);
    expect(routes.find((r) => r.route === 'Vcard')).toMatchObject({ probability: 0.42, probabilitySource: 'model' });
    expect(routes.find((r) => r.route === 'Scf')).toMatchObject({ probability: 0.1, probabilitySource: 'level' });
    // level None stays 0 even with a model probability
    const none = rankRoutes({ ...s, levels: { Vcard: 'None' } }, ['Vcard'], []);
    expect(none[0]!.probability).toBe(0);
    expect(bestRouteOf(none)).toBeNull();
  });

  it("prices Boost at the programme's rebate: the provider's fee is a cost, none of it the supplier's", () => {
    const s = supplier({
      lockboxProgramme: 'Its',
      levels: { Boost: 'High' },
      paymentMethod: 'Check',
      paymentCount: 24,
    });
    const [boost] = rankRoutes(s, ['Boost'], ['Boost', 'Its']);
    // enrolled in ITS (fee 50 bps): provider's fee 125,000 × 0.5 % = 625; savings 24 × 4 = 96; card 24 × 0.3 = 7.2
    expect(boost).toMatchObject({ lockbox: 'Its', value: 1774.08, cost: 632.2 });
    // 0.6 × (1,774.08 − 632.2) = 685.13
    expect(boost!.expectedValue).toBe(685.13);
    expect(boost!.supplierNet.fee).toBe(0);
    // not enrolled: the first programme the issuer supports (an enrolment)
    expect(rankRoutes({ ...s, lockboxProgramme: null }, ['Boost'], ['BoostEu', 'Its'])[0]!.lockbox).toBe('BoostEu');
  });

  it('converts nothing for a supplier already paid by card', () => {
    const [vc] = rankRoutes(supplier({ paymentMethod: 'VirtualCard' }), ['Vcard'], []);
    expect(vc).toMatchObject({ value: 0, cost: 0, expectedValue: 0 });
  });
});

describe("the supplier's case", () => {
  it('acceptance fee by MCC type and size band, days sooner, value of the cash and the net', () => {
    expect(sizeBandOf(999)).toBe('Small');
    expect(sizeBandOf(2_500)).toBe('Medium');
    expect(sizeBandOf(10_000)).toBe('Large');
    expect(acceptanceFeeBps(SUPPLIER_ACCEPTANCE_FEES, null, 'Medium')).toBe(240);
    expect(acceptanceFeeBps(SUPPLIER_ACCEPTANCE_FEES, 'Travel and Entertainment', 'Large')).toBe(190);
    expect(acceptanceFeeBps(SUPPLIER_ACCEPTANCE_FEES, 'Retail and Consumer', 'Small')).toBe(270);
    const [vc] = rankRoutes(supplier(), ['Vcard'], []);
    // fee 125,000 × 2.4 % = 3,000; 30 − 2 = 28 days sooner; 125,000 × 28 / 365 × 8 % = 767.12; net −2,232.88
    expect(vc!.supplierNet).toEqual({
      feeBps: 240,
      mccType: null,
      sizeBand: 'Medium',
      feeTable: 'defaults',
      fee: 3000,
      paymentTermsDays: 30,
      settlementDays: CARD_SETTLEMENT_DAYS,
      daysSooner: 28,
      costOfCapitalPct: SUPPLIER_COST_OF_CAPITAL_PCT,
      cashValue: 767.12,
      net: -2232.88,
    });
    // long terms on a large ticket: 120 − 2 = 118 days; 1,000,000 × 118 / 365 × 8 % = 25,863.01 − 1.8 % fee 18,000
    const [large] = rankRoutes(
      supplier({ spend: 1_000_000, avgTransactionValue: 50_000, paymentTermsDays: 120 }),
      ['Vcard'],
      [],
    );
    expect(large!.supplierNet).toMatchObject({ feeBps: 180, daysSooner: 118, cashValue: 25863.01, net: 7863.01 });
  });

  it("uses the issuer's table: the most specific row (MCC type, then size band, then network)", () => {
    const table = [
      { network: '*', mccType: '*', sizeBand: '*' as const, feeBps: 200 },
      { network: '*', mccType: '*', sizeBand: 'Medium' as const, feeBps: 150 },
      { network: 'Visa', mccType: '*', sizeBand: 'Medium' as const, feeBps: 120 },
      { network: '*', mccType: 'Government', sizeBand: '*' as const, feeBps: 90 },
    ];
    expect(acceptanceFeeBps(table, null, 'Small')).toBe(200);
    expect(acceptanceFeeBps(table, null, 'Medium')).toBe(150);
    expect(acceptanceFeeBps(table, null, 'Medium', 'Visa')).toBe(120);
    expect(acceptanceFeeBps(table, 'Government', 'Medium', 'Visa')).toBe(90);
    // 125,000 × 1.5 % = 1,875; net 767.12 − 1,875 = −1,107.88
    const [vc] = rankRoutes(supplier(), ['Vcard'], [], { table, network: '*' });
    expect(vc!.supplierNet).toMatchObject({ feeBps: 150, feeTable: 'issuer', fee: 1875, net: -1107.88 });
  });

  it('validates a fee table: bounds, known values, no duplicate rows, a row for any supplier', () => {
    const any = { network: '*', mccType: '*', sizeBand: '*', feeBps: 200 };
    expect(ZAcceptanceFees.safeParse([any]).success).toBe(true);
    const dup = ZAcceptanceFees.safeParse([any, { ...any, feeBps: 10 }]);
    expect(dup.error?.issues[0]).toMatchObject({ path: [1], message: 'Row 2 (* / * / *) repeats row 1' });
    const bad = ZAcceptanceFees.safeParse([any, { ...any, mccType: 'Pets', feeBps: 1001 }]);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['1.feeBps', '1.mccType']);
    const uncovered = ZAcceptanceFees.safeParse([{ ...any, sizeBand: 'Small' }]);
    expect(uncovered.error?.issues[0]?.message).toMatch(/row for any supplier/);
  });

  it('has no days sooner and no net when the terms are unknown', () => {
    const [vc] = rankRoutes(supplier({ paymentTermsDays: null }), ['Vcard'], []);
    expect(vc!.supplierNet).toMatchObject({ daysSooner: null, cashValue: null, net: null, fee: 3000 });
  });
});
