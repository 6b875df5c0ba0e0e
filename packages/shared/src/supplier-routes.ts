/**
 * Best route per supplier (Optima made real) and the supplier's own case (issue #34 points 1 and 2). One formula,
 * written once here (TypeScript, used by the supplier detail) and once as SQL over the same constants
 * (packages/analysis score/routes-sql.ts, which writes `bestRoute`, `bestRouteExpectedValue`, `supplierNetBenefit`
 * and `daysSooner` into each run's suppliers); a test holds the two to the same numbers on a tiny table.
 *
 * Routes: the score kinds the issuer offers in the run (capabilities and virtual lockbox programmes, values/
 * issuer-offer.ts `offeredKinds`), Optima excepted — STP, virtual card, purchasing card, T&E card, SCF, Instant Pay
 * and Boost (payment through a virtual lockbox: the programme the supplier is enrolled in, else the first the issuer
 * supports, i.e. an enrolment).
 *
 * Per route, with the business case's default inputs (business-case.ts BUSINESS_CASE_DEFAULTS; the same constants
 * the business case page starts from):
 * - probability p the supplier accepts the route: the business case's conversion rate of the route's score level
 *   (High 60 %, Medium 30 %, Low 10 %, None 0 %); for a card route (STP, virtual card, purchasing card, T&E, Boost)
 *   of an unmatched supplier, the acceptance model's calibrated probability instead (level None still 0);
 * - convertible spend: the supplier's spend unless it is already paid by card (as in the business case);
 * - value if accepted = rebate (convertible spend × the rebate input, 100 bps) + process savings (payments × the
 *   cost of a payment by the supplier's current method) + working capital (convertible spend × DPO extension days /
 *   365 × the buyer's cost of capital); payments are the supplier's payment count, else the business case's
 *   payments per supplier per year;
 * - cost if accepted = payments × the cost of a card payment + for Boost the lockbox provider's fee (the direct
 *   rebate less the programme's rebate, values/issuer-offer.ts `lockboxRebateBps`);
 * - expected value = p × (value − cost): value and cost both arise only when the supplier accepts.
 * Routes are ranked by expected value, then probability, then SCORE_KINDS order. The best route is the first with
 * p > 0; the run's Optima level and method are that route's (score step).
 *
 * The supplier's case per route (what accepting costs and earns the supplier), on the convertible spend:
 * - acceptance fee = spend × the fee (bps) of the run's fee table (the issuer's, else SUPPLIER_ACCEPTANCE_FEES) for
 *   the network, the supplier's MCC type
 *   and its size band (average transaction); none for Boost (the provider's fee is paid from the interchange);
 * - days sooner = the buyer's current payment terms (the files' median, `paymentTermsDays`) − CARD_SETTLEMENT_DAYS,
 *   at least 0; unknown terms: unknown (and no net);
 * - value of the cash = spend × days sooner / 365 × SUPPLIER_COST_OF_CAPITAL_PCT;
 * - net = value of the cash − acceptance fee.
 */
import { z } from 'zod';
import { BUSINESS_CASE_DEFAULTS, businessCaseMethodOf, type TBusinessCaseInputs } from './business-case.ts';
import { SCORE_KINDS, VIRTUAL_LOCKBOXES, ZScoreKind, ZVirtualLockbox } from './enums.ts';
import type { TScoreKind, TVirtualLockbox } from './values/enums.ts';
import { acceptanceFeeBps, feeTableOf, sizeBandOf } from './acceptance-fees.ts';
import { lockboxRebateBps, type TAcceptanceFeeRow } from './values/issuer-offer.ts';

/** The routes a supplier can be offered: every score kind but Optima (which is the best of them). */
export const ROUTE_KINDS = SCORE_KINDS.filter((k) => k !== 'Optima') as Exclude<TScoreKind, 'Optima'>[];
export type TRouteKind = (typeof ROUTE_KINDS)[number];
/** Routes paid by card: an unmatched supplier's probability of taking them is the acceptance model's. */
export const CARD_ROUTES: readonly TRouteKind[] = ['Stp', 'Vcard', 'Pcard', 'TandEcard', 'Boost'];

/** Days from a card payment to the money on the supplier's account (card settlement). */
export const CARD_SETTLEMENT_DAYS = 2;
/** The supplier's annual cost of capital, % (a small or mid-sized business borrowing on a working-capital line). */
export const SUPPLIER_COST_OF_CAPITAL_PCT = 8;

/** The level's conversion as a probability (business case conversion rates; None and unknown 0). */
function levelProbability(level: string | null | undefined, inputs: TBusinessCaseInputs): number {
  return level === 'High' || level === 'Medium' || level === 'Low' ? inputs.conversion[level] / 100 : 0;
}

/** The supplier columns the ranking reads (a row of the run's suppliers file). */
export interface TRouteSupplier {
  spend: number | null;
  paymentMethod: string | null;
  paymentCount: number | null;
  paymentTermsDays: number | null;
  avgTransactionValue: number | null;
  mccType: string | null;
  matchStatus: string | null;
  acceptanceProbability: number | null;
  /** The lockbox programme the supplier is payable through (enrich), else null. */
  lockboxProgramme: string | null;
  /** `<kind>Level` per route kind (absent or null: not scored). */
  levels: Partial<Record<TRouteKind, string | null>>;
}

const ZSupplierNet = z.object({
  /** Acceptance fee rate (bps) and the inputs it was looked up by. */
  feeBps: z.number(),
  mccType: z.string().nullable(),
  sizeBand: z.enum(['Small', 'Medium', 'Large']),
  /** The fee table used: the issuer's own (snapshotted on the run) or the defaults. */
  feeTable: z.enum(['issuer', 'defaults']),
  fee: z.number(),
  /** Buyer's current terms (days) and card settlement (days); days sooner = terms − settlement (null: terms unknown). */
  paymentTermsDays: z.number().nullable(),
  settlementDays: z.number(),
  daysSooner: z.number().nullable(),
  costOfCapitalPct: z.number(),
  /** Value of receiving the spend daysSooner earlier at the supplier's cost of capital. */
  cashValue: z.number().nullable(),
  /** cashValue − fee (null when the terms are unknown). */
  net: z.number().nullable(),
});
export type TSupplierNet = z.infer<typeof ZSupplierNet>;

export const ZSupplierRoute = z.object({
  route: ZScoreKind,
  /** Boost: the lockbox programme (enrolled, else the first the issuer supports). */
  lockbox: ZVirtualLockbox.nullable(),
  level: z.string().nullable(),
  probability: z.number(),
  /** level: the business case's conversion of the score level; model: the acceptance model (unmatched, card route). */
  probabilitySource: z.enum(['level', 'model']),
  /** Value to buyer and issuer if accepted (rebate + process savings + working capital), a year. */
  value: z.number(),
  /** Cost if accepted (card payment costs, lockbox provider's fee), a year. */
  cost: z.number(),
  /** probability × (value − cost). */
  expectedValue: z.number(),
  inputs: z.object({
    convertibleSpend: z.number(),
    payments: z.number(),
    paymentsEstimated: z.boolean(),
    paymentMethod: z.string(),
    rebateBps: z.number(),
    rebate: z.number(),
    processSavings: z.number(),
    workingCapital: z.number(),
    cardPaymentCost: z.number(),
    providerFee: z.number(),
  }),
  supplierNet: ZSupplierNet,
  reasons: z.array(z.string()),
});
export type TSupplierRoute = z.infer<typeof ZSupplierRoute>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The supplier's own case on a route for a spend (see the module comment). */
function supplierNetOf(
  s: Pick<TRouteSupplier, 'paymentTermsDays' | 'avgTransactionValue' | 'mccType'>,
  spend: number,
  viaLockbox: boolean,
  fees: TRouteFees,
): TSupplierNet {
  const sizeBand = sizeBandOf(s.avgTransactionValue);
  const table = feeTableOf(fees.table);
  const feeBps = viaLockbox ? 0 : acceptanceFeeBps(table.rows, s.mccType, sizeBand, fees.network);
  const fee = (spend * feeBps) / 10_000;
  const terms = s.paymentTermsDays;
  const daysSooner = terms === null ? null : Math.max(0, terms - CARD_SETTLEMENT_DAYS);
  const cashValue = daysSooner === null ? null : ((spend * daysSooner) / 365) * (SUPPLIER_COST_OF_CAPITAL_PCT / 100);
  return {
    feeBps,
    mccType: s.mccType,
    sizeBand,
    feeTable: table.source,
    fee: round2(fee),
    paymentTermsDays: terms,
    settlementDays: CARD_SETTLEMENT_DAYS,
    daysSooner,
    costOfCapitalPct: SUPPLIER_COST_OF_CAPITAL_PCT,
    cashValue: cashValue === null ? null : round2(cashValue),
    net: cashValue === null ? null : round2(cashValue - fee),
  };
}

/** The acceptance fee table of a run (null: the defaults) and its reference network's name ('*': unknown). */
export interface TRouteFees {
  table: readonly TAcceptanceFeeRow[] | null;
  network: string;
}

const money = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The routes the issuer offers this supplier, best first (see the module comment). `offered`: the run's offered
 * kinds; `lockboxes`: the programmes the issuer supports.
 */
export function rankRoutes(
  s: TRouteSupplier,
  offered: readonly TScoreKind[],
  lockboxes: readonly TVirtualLockbox[],
  fees: TRouteFees = { table: null, network: '*' },
  inputs: TBusinessCaseInputs = BUSINESS_CASE_DEFAULTS,
): TSupplierRoute[] {
  const method = businessCaseMethodOf(s.paymentMethod);
  const convertible = method === 'Card' ? 0 : Math.max(0, s.spend ?? 0);
  const counted = s.paymentCount ?? 0;
  const paymentsEstimated = counted === 0;
  const payments = paymentsEstimated ? inputs.paymentsPerSupplierPerYear : counted;
  const unmatched = s.matchStatus !== 'MATCHED';
  const enrolled = VIRTUAL_LOCKBOXES.find((l) => l === s.lockboxProgramme && lockboxes.includes(l)) ?? null;
  const routes = ROUTE_KINDS.filter((k) => offered.includes(k) && (k !== 'Boost' || lockboxes.length > 0)).map(
    (route): TSupplierRoute => {
      const level = s.levels[route] ?? null;
      const byLevel = levelProbability(level, inputs);
      const byModel = unmatched && CARD_ROUTES.includes(route) && s.acceptanceProbability !== null && byLevel > 0;
      const probability = round4(byModel ? s.acceptanceProbability! : byLevel);
      const lockbox = route === 'Boost' ? (enrolled ?? lockboxes[0] ?? null) : null;
      const rebateBps = inputs.rebateBps;
      const rebate = (convertible * rebateBps) / 10_000;
      const processSavings = method === 'Card' ? 0 : payments * inputs.paymentCost[method];
      const workingCapital = ((convertible * inputs.dpoExtensionDays) / 365) * (inputs.costOfCapitalPct / 100);
      const cardPaymentCost = method === 'Card' ? 0 : payments * inputs.paymentCost.Card;
      const providerFee = lockbox ? (convertible * (rebateBps - lockboxRebateBps(lockbox, rebateBps))) / 10_000 : 0;
      const value = rebate + processSavings + workingCapital;
      const cost = cardPaymentCost + providerFee;
      const expectedValue = probability * (value - cost);
      const supplierNet = supplierNetOf(s, convertible, lockbox !== null, fees);
      const reasons = [
        byModel
          ? `Probability ${Math.round(probability * 100)} %: the acceptance model's calibrated probability (unmatched supplier, card route)`
          : `Probability ${Math.round(probability * 100)} %: business case conversion for score level ${level ?? 'none'}`,
        method === 'Card'
          ? 'Already paid by card: no spend to convert'
          : `Rebate ${money(rebate)} (${money(convertible)} × ${rebateBps} bps), process savings ${money(processSavings)} (${payments} payments × ${inputs.paymentCost[method]} by ${method}${paymentsEstimated ? ', payments estimated' : ''}), working capital ${money(workingCapital)} (${inputs.dpoExtensionDays} days at ${inputs.costOfCapitalPct} %)`,
        `Cost ${money(cost)}: card payments ${money(cardPaymentCost)}${lockbox ? `, ${lockbox} provider's fee ${money(providerFee)}` : ''}`,
        ...(route === 'Boost' && lockbox
          ? [enrolled ? `Enrolled in the ${lockbox} virtual lockbox` : `Enrolment in the ${lockbox} virtual lockbox`]
          : []),
      ];
      return {
        route,
        lockbox,
        level,
        probability,
        probabilitySource: byModel ? 'model' : 'level',
        value: round2(value),
        cost: round2(cost),
        expectedValue: round2(expectedValue),
        inputs: {
          convertibleSpend: round2(convertible),
          payments,
          paymentsEstimated,
          paymentMethod: method,
          rebateBps,
          rebate: round2(rebate),
          processSavings: round2(processSavings),
          workingCapital: round2(workingCapital),
          cardPaymentCost: round2(cardPaymentCost),
          providerFee: round2(providerFee),
        },
        supplierNet,
        reasons,
      };
    },
  );
  const order = (r: TSupplierRoute) => ROUTE_KINDS.indexOf(r.route as TRouteKind);
  return routes.sort(
    (a, b) => b.expectedValue - a.expectedValue || b.probability - a.probability || order(a) - order(b),
  );
}

/** The best route: the first ranked route with a probability above 0, else null. */
export function bestRouteOf(routes: readonly TSupplierRoute[]): TSupplierRoute | null {
  return routes[0] && routes[0].probability > 0 ? routes[0] : null;
}
