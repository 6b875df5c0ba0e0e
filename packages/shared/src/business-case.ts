/**
 * Business case (DESIGN §4): the calculator's inputs with their defaults, the job's base figures (spend and
 * payments per Optima level and payment method, from the latest results) and the pure calculation of the outputs
 * per year. The web page recomputes live with `computeBusinessCase`; the server uses the same function for the
 * XLSX and PDF downloads, so both always agree.
 *
 * Model, per year y of 3 with ramp-up r(y) (% of the target reached):
 * - target card spend = Σ over levels and non-card payment methods of conversion(level) × spend
 *   (spend already paid by card is not counted again; the None level converts nothing);
 * - card spend(y) = r(y) × target card spend; rebate(y) = Σ over routes of the route's card spend(y) × its rebate
 *   bps / 10,000: the rebate input for direct card routes, the rebate less the provider's fee for spend paid through
 *   a virtual lockbox programme (route Boost; values/issuer-offer.ts `lockboxRebateBps`);
 * - payments moved(y) = r(y) × Σ conversion(level) × payments (suppliers without payment data count
 *   `paymentsPerSupplierPerYear` each; payment counts in the data are taken as one year's);
 * - process savings(y) = Σ payments moved × (cost per payment of the method − cost per card payment);
 * - working-capital benefit(y) = card spend(y) × DPO extension days / 365 × cost of capital;
 * - total benefit(y) = rebate + process savings + working-capital benefit.
 */
import { z } from 'zod';
import { ZJobType, ZScoreKind, ZVirtualLockbox } from './enums.ts';
import { ZRunOffer } from './results-insights.ts';
import { lockboxRebateBps } from './values/issuer-offer.ts';
import type { TScoreKind, TVirtualLockbox } from './values/enums.ts';

/** Levels that convert (Optima metric levels; None never converts). */
export const BUSINESS_CASE_LEVELS = ['High', 'Medium', 'Low'] as const;
export type TBusinessCaseLevel = (typeof BUSINESS_CASE_LEVELS)[number];
/** Payment methods the calculator prices (the analysis' methods folded: VirtualCard → Card, DirectDebit → ACH). */
export const BUSINESS_CASE_METHODS = ['Check', 'ACH', 'Wire', 'Card', 'Other'] as const;
export type TBusinessCaseMethod = (typeof BUSINESS_CASE_METHODS)[number];
export const BUSINESS_CASE_YEARS = [1, 2, 3] as const;

/** The analysis' payment method (packages/analysis PAYMENT_METHODS, or Unknown) → the calculator's method. */
export function businessCaseMethodOf(paymentMethod: string | null | undefined): TBusinessCaseMethod {
  switch (paymentMethod) {
    case 'Check':
      return 'Check';
    case 'ACH':
    case 'DirectDebit':
      return 'ACH';
    case 'Wire':
      return 'Wire';
    case 'Card':
    case 'VirtualCard':
      return 'Card';
    default:
      return 'Other';
  }
}

const pct = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0 %`)
    .max(100, `${label} must be at most 100 %`);
const cost = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(10_000, `${label} must be at most 10,000`);

export const ZBusinessCaseInputs = z.strictObject({
  /** % of a level's convertible spend (and payments) moved to card. */
  conversion: z.strictObject({
    High: pct('Conversion rate for High'),
    Medium: pct('Conversion rate for Medium'),
    Low: pct('Conversion rate for Low'),
  }),
  /** Rebate on card spend, in basis points (100 bps = 1 %). */
  rebateBps: z
    .number({ error: 'Rebate must be a number' })
    .min(0, 'Rebate cannot be negative')
    .max(1000, 'Rebate must be at most 1,000 bps (10 %)'),
  /** Fully loaded cost of one payment by method, in the job currency. */
  paymentCost: z.strictObject({
    Check: cost('Cost per check payment'),
    ACH: cost('Cost per ACH payment'),
    Wire: cost('Cost per wire payment'),
    Card: cost('Cost per card payment'),
    Other: cost('Cost per other payment'),
  }),
  /** Payments a year assumed for a supplier whose data has no payment count (e.g. a summary upload). */
  paymentsPerSupplierPerYear: z
    .number({ error: 'Payments per supplier must be a number' })
    .min(0, 'Payments per supplier cannot be negative')
    .max(10_000, 'Payments per supplier must be at most 10,000 a year'),
  /** Days of payables outstanding gained by paying by card (the card's billing cycle and grace period). */
  dpoExtensionDays: z
    .number({ error: 'DPO extension must be a number' })
    .min(0, 'DPO extension cannot be negative')
    .max(365, 'DPO extension must be at most 365 days'),
  /** Annual cost of capital, %. */
  costOfCapitalPct: pct('Cost of capital'),
  /** % of the target reached in years 1, 2 and 3. */
  rampUp: z
    .tuple([pct('Ramp-up year 1'), pct('Ramp-up year 2'), pct('Ramp-up year 3')], {
      error: 'Ramp-up needs three percentages (years 1, 2 and 3)',
    })
    .describe('% of target reached in years 1, 2, 3'),
});
export type TBusinessCaseInputs = z.infer<typeof ZBusinessCaseInputs>;

/** Sensible starting points (industry ballparks, e.g. AFP payments cost benchmarking; editable per job). */
export const BUSINESS_CASE_DEFAULTS: TBusinessCaseInputs = {
  conversion: { High: 60, Medium: 30, Low: 10 },
  rebateBps: 100,
  paymentCost: { Check: 4, ACH: 0.5, Wire: 15, Card: 0.3, Other: 2.5 },
  paymentsPerSupplierPerYear: 12,
  dpoExtensionDays: 25,
  costOfCapitalPct: 5,
  rampUp: [40, 75, 100],
};

/** One group of the job's suppliers: an Optima level × payment method × route. */
export const ZBusinessCaseBaseRow = z.object({
  level: z.enum(['High', 'Medium', 'Low', 'None']),
  method: z.enum(BUSINESS_CASE_METHODS),
  /** The route Optima chose among the kinds the issuer offers (null: none). */
  route: ZScoreKind.nullable().optional(),
  /** For the Boost route: the virtual lockbox programme the spend is paid through. */
  lockbox: ZVirtualLockbox.nullable().optional(),
  suppliers: z.number().int().nonnegative(),
  spend: z.number(),
  /** Payments counted in the data. */
  payments: z.number().nonnegative(),
  /** Suppliers of the group whose data has no payments (their payments are estimated). */
  suppliersWithoutPayments: z.number().int().nonnegative(),
});
export type TBusinessCaseBaseRow = z.infer<typeof ZBusinessCaseBaseRow>;

export const ZBusinessCaseBase = z.object({
  currency: z.string(),
  suppliers: z.number().int().nonnegative(),
  totalSpend: z.number(),
  rows: z.array(ZBusinessCaseBaseRow),
});
export type TBusinessCaseBase = z.infer<typeof ZBusinessCaseBase>;

export const ZBusinessCaseYear = z.object({
  year: z.number().int(),
  rampUpPct: z.number(),
  cardSpend: z.number(),
  rebate: z.number(),
  paymentsMoved: z.number(),
  processSavings: z.number(),
  workingCapital: z.number(),
  totalBenefit: z.number(),
});
export type TBusinessCaseYear = z.infer<typeof ZBusinessCaseYear>;

export interface TBusinessCaseRouteLine {
  route: TScoreKind | null;
  lockbox: TVirtualLockbox | null;
  suppliers: number;
  convertibleSpend: number;
  cardSpend: number;
  rebateBps: number;
  rebate: number;
}

export const ZBusinessCaseOutputs = z.object({
  /** Full-conversion figures (100 % ramp-up), per level and overall. */
  target: z.object({
    cardSpend: z.number(),
    paymentsMoved: z.number(),
    byLevel: z.array(
      z.object({
        level: z.enum(BUSINESS_CASE_LEVELS),
        suppliers: z.number(),
        convertibleSpend: z.number(),
        cardSpend: z.number(),
      }),
    ),
    /** Per route (and lockbox programme): the card spend at full conversion and its rebate. */
    byRoute: z.array(
      z.object({
        route: ZScoreKind.nullable(),
        lockbox: ZVirtualLockbox.nullable(),
        suppliers: z.number(),
        convertibleSpend: z.number(),
        cardSpend: z.number(),
        rebateBps: z.number(),
        rebate: z.number(),
      }),
    ),
  }),
  years: z.array(ZBusinessCaseYear),
  total: ZBusinessCaseYear.omit({ year: true, rampUpPct: true }),
});
export type TBusinessCaseOutputs = z.infer<typeof ZBusinessCaseOutputs>;

/** GET /api/v1/jobs/:jobId/business-case */
export const ZBusinessCase = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  jobType: ZJobType,
  defaults: ZBusinessCaseInputs,
  /** The saved inputs, or the defaults when nothing is saved yet. */
  inputs: ZBusinessCaseInputs,
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  base: ZBusinessCaseBase,
  outputs: ZBusinessCaseOutputs,
  /** The offer the run was computed with: routes of kinds not offered are absent (null: every kind offered). */
  offer: ZRunOffer.nullable(),
  /** Whether the caller may save inputs (job owner or Job_Update). */
  canEdit: z.boolean(),
  /** Achieved conversion of the job's campaign workflows, beside the projection (outputs.target). */
  achieved: z
    .object({
      /** Suppliers enrolled in any workflow of the job, and those whose enrolment succeeded. */
      enrolledSuppliers: z.number().int(),
      succeededSuppliers: z.number().int(),
      /** Annual spend of the suppliers that succeeded. */
      succeededSpend: z.number(),
      /** succeededSpend as a share of the projected card spend at full conversion (%). */
      shareOfTargetPct: z.number(),
    })
    .optional(),
  /**
   * The conversion learnt from the issuer's campaign outcomes, beside the assumed one (inputs.conversion): per level,
   * the mean predicted conversion (%) of the job's enrolled suppliers of that level (null: none enrolled). Source
   * 'prior' while fewer than minOutcomes outcomes are recorded (then every rate is null: nothing learnt yet).
   */
  learned: z
    .object({
      source: z.enum(['learned', 'prior']),
      outcomes: z.number().int(),
      minOutcomes: z.number().int(),
      suppliers: z.number().int(),
      byLevel: z.object({ High: z.number().nullable(), Medium: z.number().nullable(), Low: z.number().nullable() }),
    })
    .optional(),
});
export type TBusinessCase = z.infer<typeof ZBusinessCase>;
export type TLearnedConversion = NonNullable<TBusinessCase['learned']>;

export const ZBusinessCaseDownloadQuery = z.object({
  format: z.enum(['xlsx'], { error: 'format must be xlsx' }),
});

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The outputs for given inputs and base figures (pure; the same on the server and in the browser). */
export function computeBusinessCase(base: TBusinessCaseBase, inputs: TBusinessCaseInputs): TBusinessCaseOutputs {
  const cardCost = inputs.paymentCost.Card;
  let targetSpend = 0;
  let targetPayments = 0;
  let targetSavings = 0;
  let targetRebate = 0;
  const byLevel = BUSINESS_CASE_LEVELS.map((level) => ({ level, suppliers: 0, convertibleSpend: 0, cardSpend: 0 }));
  const byRoute = new Map<string, TBusinessCaseRouteLine>();
  for (const row of base.rows) {
    if (row.level === 'None' || row.method === 'Card') continue;
    const share = inputs.conversion[row.level] / 100;
    const spend = Math.max(0, row.spend);
    const payments = row.payments + row.suppliersWithoutPayments * inputs.paymentsPerSupplierPerYear;
    const lv = byLevel.find((l) => l.level === row.level)!;
    lv.suppliers += row.suppliers;
    lv.convertibleSpend += spend;
    lv.cardSpend += share * spend;
    const route = row.route ?? null;
    const lockbox = route === 'Boost' ? (row.lockbox ?? null) : null;
    const bps = lockbox ? lockboxRebateBps(lockbox, inputs.rebateBps) : inputs.rebateBps;
    const key = `${route}|${lockbox}`;
    const rt = byRoute.get(key) ?? {
      route,
      lockbox,
      suppliers: 0,
      convertibleSpend: 0,
      cardSpend: 0,
      rebateBps: bps,
      rebate: 0,
    };
    rt.suppliers += row.suppliers;
    rt.convertibleSpend += spend;
    rt.cardSpend += share * spend;
    rt.rebate += (share * spend * bps) / 10_000;
    byRoute.set(key, rt);
    targetRebate += (share * spend * bps) / 10_000;
    targetSpend += share * spend;
    targetPayments += share * payments;
    targetSavings += share * payments * (inputs.paymentCost[row.method] - cardCost);
  }
  const wcFactor = (inputs.dpoExtensionDays / 365) * (inputs.costOfCapitalPct / 100);
  const years = BUSINESS_CASE_YEARS.map((year, i) => {
    const r = inputs.rampUp[i]! / 100;
    const cardSpend = targetSpend * r;
    const rebate = targetRebate * r;
    const processSavings = targetSavings * r;
    const workingCapital = cardSpend * wcFactor;
    return {
      year,
      rampUpPct: inputs.rampUp[i]!,
      cardSpend: round2(cardSpend),
      rebate: round2(rebate),
      paymentsMoved: Math.round(targetPayments * r),
      processSavings: round2(processSavings),
      workingCapital: round2(workingCapital),
      totalBenefit: round2(rebate + processSavings + workingCapital),
    };
  });
  const sum = (k: keyof Omit<TBusinessCaseYear, 'year' | 'rampUpPct'>) => round2(years.reduce((s, y) => s + y[k], 0));
  return {
    target: {
      cardSpend: round2(targetSpend),
      paymentsMoved: Math.round(targetPayments),
      byLevel: byLevel.map((l) => ({
        ...l,
        convertibleSpend: round2(l.convertibleSpend),
        cardSpend: round2(l.cardSpend),
      })),
      byRoute: [...byRoute.values()]
        .map((x) => ({
          ...x,
          convertibleSpend: round2(x.convertibleSpend),
          cardSpend: round2(x.cardSpend),
          rebate: round2(x.rebate),
        }))
        .sort((a, b) => b.cardSpend - a.cardSpend),
    },
    years,
    total: {
      cardSpend: sum('cardSpend'),
      rebate: sum('rebate'),
      paymentsMoved: sum('paymentsMoved'),
      processSavings: sum('processSavings'),
      workingCapital: sum('workingCapital'),
      totalBenefit: sum('totalBenefit'),
    },
  };
}

/** The first validation problem of candidate inputs as "field: message", or null (for the page's form). */
export function businessCaseInputErrors(value: unknown): Record<string, string> {
  const parsed = ZBusinessCaseInputs.safeParse(value);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}
