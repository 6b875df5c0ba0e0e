/**
 * The best route and the supplier's case as SQL (score/routes-sql.ts) on a tiny table: the same numbers as the
 * TypeScript formula the supplier detail uses (packages/shared rankRoutes), hand-worked figures for one supplier,
 * and Optima made the best route.
 */
import { describe, expect, it } from 'vitest';
import {
  ROUTE_KINDS,
  SCORE_KINDS,
  bestRouteOf,
  rankRoutes,
  type TAcceptanceFeeRow,
  type TRouteFees,
  type TRouteSupplier,
  type TScoreKind,
  type TVirtualLockbox,
} from '@sextant/shared';
import { withDb, type Db } from '../../src/db.ts';
import { optimaRouteSql, routesSql } from '../../src/score/routes-sql.ts';

const tiny = <T>(fn: (db: Db) => Promise<T>) => withDb({ threads: 1, memoryLimit: '256MB' }, fn);

/** Suppliers as the score step has them (levels per kind; Optima best-of as compileOptima wrote it). */
const ROWS = `(VALUES
  ('ach', 125000.0::DOUBLE, 'ACH', 0, 30.0::DOUBLE, 2500.0::DOUBLE, NULL, 'MATCHED', NULL::DOUBLE, NULL, 'None', 'High', 'Medium', 'None', 'Low', 'None', 'None'),
  ('unm', 40000.0, 'Check', 6, 45.0, 500.0, 'Retail and Consumer', 'UNMATCHED', 0.37, NULL, 'None', 'Low', 'Low', 'None', 'None', 'Medium', 'None'),
  ('card', 9000.0, 'VirtualCard', 3, 20.0, 3000.0, NULL, 'MATCHED', NULL, NULL, 'High', 'High', 'None', 'None', 'None', 'None', 'None'),
  ('box', 800000.0, 'Check', 40, 60.0, 20000.0, 'Travel and Entertainment', 'MATCHED', NULL, 'Its', 'None', 'Medium', 'None', 'High', 'None', 'None', 'High'),
  ('none', 1000.0, 'Wire', 1, NULL, 1000.0, NULL, 'UNMATCHED', 0.9, NULL, 'None', 'None', 'None', 'None', 'None', 'None', 'None'),
  ('terms', 300000.0, 'Wire', 12, NULL, 12000.0, 'Government', 'MATCHED', NULL, NULL, 'Medium', 'None', 'None', 'None', 'High', 'None', 'None')
) t(supplierKey, spend, paymentMethod, paymentCount, paymentTermsDays, avgTransactionValue, mccType, matchStatus,
    acceptanceProbability, lockboxProgramme, StpLevel, VcardLevel, PcardLevel, TandEcardLevel, ScfLevel, InstantPayLevel, BoostLevel)`;
const WITH_OPTIMA = `SELECT *, 'RULE-' || supplierKey AS StpRuleId, 'RULE-' || supplierKey AS VcardRuleId,
  'RULE-' || supplierKey AS PcardRuleId, 'RULE-' || supplierKey AS TandEcardRuleId, 'RULE-' || supplierKey AS ScfRuleId,
  'RULE-' || supplierKey AS InstantPayRuleId, 'RULE-' || supplierKey AS BoostRuleId,
  'None' AS OptimaLevel, NULL::VARCHAR AS optimaMethod, 'OPTIMA:Stp:x' AS OptimaRuleId FROM ${ROWS}`;

type Out = {
  supplierKey: string;
  bestRoute: string | null;
  bestRouteProbability: number | null;
  bestRouteExpectedValue: number | null;
  daysSooner: number | null;
  supplierNetBenefit: number | null;
  OptimaLevel: string | null;
  optimaMethod: string | null;
  OptimaRuleId: string;
  [k: string]: unknown;
};

const DEFAULTS: TRouteFees = { table: null, network: '*' };
const run = (offered: readonly TScoreKind[], lockboxes: readonly TVirtualLockbox[], fees = DEFAULTS) =>
  tiny((db) =>
    db.all<Out>(
      `${optimaRouteSql(routesSql(WITH_OPTIMA, offered, lockboxes, fees), offered, lockboxes)} ORDER BY supplierKey`,
    ),
  );

/** An issuer's own table: one rate for any supplier, Small cheaper, Retail its own, a row of another network. */
const ISSUER_TABLE: TAcceptanceFeeRow[] = [
  { network: '*', mccType: '*', sizeBand: '*', feeBps: 100 },
  { network: '*', mccType: '*', sizeBand: 'Small', feeBps: 80 },
  { network: '*', mccType: 'Retail and Consumer', sizeBand: '*', feeBps: 60 },
  { network: 'Visa', mccType: '*', sizeBand: '*', feeBps: 10 },
];

const asSupplier = (r: Out): TRouteSupplier => ({
  spend: r.spend as number,
  paymentMethod: r.paymentMethod as string,
  paymentCount: Number(r.paymentCount),
  paymentTermsDays: r.paymentTermsDays as number | null,
  avgTransactionValue: r.avgTransactionValue as number,
  mccType: r.mccType as string | null,
  matchStatus: r.matchStatus as string,
  acceptanceProbability: r.acceptanceProbability === null ? null : Number(r.acceptanceProbability),
  lockboxProgramme: r.lockboxProgramme as string | null,
  levels: Object.fromEntries(ROUTE_KINDS.map((k) => [k, r[`${k}Level`] as string])),
});

describe('routesSql', () => {
  it('gives every supplier the best route, its expected value and the supplier case of rankRoutes', async () => {
    for (const [offered, lockboxes, fees] of [
      [[...SCORE_KINDS], ['Boost', 'Its'], DEFAULTS],
      [['Optima', 'Pcard', 'Scf', 'InstantPay'], [], DEFAULTS],
      [[...SCORE_KINDS], [], DEFAULTS],
      [[...SCORE_KINDS], ['Its'], { table: ISSUER_TABLE, network: 'Mastercard' }],
      [[...SCORE_KINDS], [], { table: ISSUER_TABLE, network: 'Visa' }],
    ] as [TScoreKind[], TVirtualLockbox[], TRouteFees][]) {
      const rows = await run(offered, lockboxes, fees);
      expect(rows).toHaveLength(6);
      for (const r of rows) {
        const routes = rankRoutes(asSupplier(r), offered, lockboxes, fees);
        const best = bestRouteOf(routes);
        const label = `${r.supplierKey} under ${offered.join(',')} / ${lockboxes.join(',')}`;
        expect(r.bestRoute, label).toBe(best?.route ?? null);
        expect(r.bestRouteExpectedValue === null ? null : Number(r.bestRouteExpectedValue), label).toBe(
          best?.expectedValue ?? null,
        );
        expect(r.bestRouteProbability === null ? null : Number(r.bestRouteProbability), label).toBe(
          best?.probability ?? null,
        );
        expect(r.daysSooner === null ? null : Number(r.daysSooner), label).toBe(
          routes[0]?.supplierNet.daysSooner ?? null,
        );
        expect(r.supplierNetBenefit === null ? null : Number(r.supplierNetBenefit), label).toBe(
          best?.supplierNet.net ?? null,
        );
      }
    }
  });

  it('works the figures by hand for one supplier, and Optima becomes the best route', async () => {
    const rows = await run([...SCORE_KINDS], ['Boost', 'Its']);
    const by = Object.fromEntries(rows.map((r) => [r.supplierKey, r]));
    // ach: Vcard High 0.6 × (1,250 + 6 + 428.08 − 3.6) = 1,008.29; fee 2.4 %, 28 days at 8 %: 767.12 − 3,000
    expect(by.ach).toMatchObject({ bestRoute: 'Vcard', daysSooner: 28 });
    expect(Number(by.ach!.bestRouteExpectedValue)).toBe(1008.29);
    expect(Number(by.ach!.supplierNetBenefit)).toBe(-2232.88);
    expect(by.ach).toMatchObject({ OptimaLevel: 'High', optimaMethod: 'Vcard', OptimaRuleId: 'OPTIMA:Vcard:RULE-ach' });
    // unmatched: the model's 0.37 on card routes beats InstantPay Medium (0.3)
    expect(by.unm).toMatchObject({ bestRoute: 'Vcard', OptimaLevel: 'Low', optimaMethod: 'Vcard' });
    expect(Number(by.unm!.bestRouteProbability)).toBe(0.37);
    // paid by card already: nothing to convert, the most likely route wins the tie at 0
    expect(by.card).toMatchObject({ bestRoute: 'Stp' });
    expect(Number(by.card!.bestRouteExpectedValue)).toBe(0);
    // no route with a probability: no best route, Optima keeps its best-of (None)
    expect(by.none).toMatchObject({ bestRoute: null, OptimaLevel: 'None', optimaMethod: null, daysSooner: null });
    // terms unknown: no days sooner, no net
    expect(by.terms).toMatchObject({ daysSooner: null, supplierNetBenefit: null });
    expect(by.terms!.bestRoute).toBe('Scf');
  });

  it("prices the supplier's case with the issuer's table when the run has one", async () => {
    const own = await run([...SCORE_KINDS], ['Boost', 'Its'], { table: ISSUER_TABLE, network: 'Mastercard' });
    const by = Object.fromEntries(own.map((r) => [r.supplierKey, r]));
    // ach (Medium, no MCC type): the '*' row, 1 %: 767.12 − 1,250 = −482.88 (defaults: 2.4 %, −2,232.88)
    expect(Number(by.ach!.supplierNetBenefit)).toBe(-482.88);
    // the best route and its expected value do not depend on the supplier's fee
    expect(Number(by.ach!.bestRouteExpectedValue)).toBe(1008.29);
    // unm (Small, Retail): the MCC type's row, 0.6 % of 40,000 = 240; 43 days: 40,000 × 43 / 365 × 8 % = 376.99
    expect(Number(by.unm!.supplierNetBenefit)).toBe(136.99);
    // on the Visa network its row (10 bps) beats the generic ones, not the MCC type's
    const visa = Object.fromEntries(
      (await run([...SCORE_KINDS], [], { table: ISSUER_TABLE, network: 'Visa' })).map((r) => [r.supplierKey, r]),
    );
    expect(Number(visa.ach!.supplierNetBenefit)).toBe(642.12);
    expect(Number(visa.unm!.supplierNetBenefit)).toBe(136.99);
  });

  it('writes NULL routes when nothing is offered, and leaves Optima alone when Optima is not offered', async () => {
    const none = await run([], []);
    expect(none.every((r) => r.bestRoute === null && r.supplierNetBenefit === null)).toBe(true);
    const noOptima = await run(['Vcard', 'Pcard'], []);
    expect(noOptima.find((r) => r.supplierKey === 'ach')).toMatchObject({ bestRoute: 'Vcard', optimaMethod: null });
  });
});
