/**
 * Job results — summary, insights chart views and the insights presentation: the request and response
 * contracts of GET /jobs/{jobId}/results/summary, /results/views/{view} and /presentation, plus the chart views of
 * SPEC §2 with their labels. Slicer values follow SPEC §3 (SLICERS); a slicer without a value means its first one.
 */
import { z } from 'zod';
import {
  CARD_CAPABILITIES,
  CONFIDENCE_LEVELS,
  SCORE_METRIC_LEVELS,
  SLICERS,
  ZScoreKind,
  ZSlicer,
  ZVirtualLockbox,
  type TSlicer,
} from './enums.ts';

import { ZJobParams } from './jobs.ts';
import { ZAcceptanceFees } from './acceptance-fees.ts';
import { CHART_VIEW_IDS, type TChartViewId } from './values/results-insights.ts';
export * from './values/results-insights.ts';

export const ZChartViewId = z.enum(CHART_VIEW_IDS as unknown as [TChartViewId, ...TChartViewId[]], {
  error: (i) => `Unknown chart view "${String(i.input)}"; expected one of ${CHART_VIEW_IDS.join(', ')}`,
});

/** A slicer value is one of the slicer's values (SPEC §3); a specific message otherwise. */
function checkSlicer(q: { slicer: TSlicer; slicerValue?: string | undefined }, ctx: z.RefinementCtx) {
  const values = SLICERS[q.slicer] as readonly string[];
  if (q.slicerValue !== undefined && !values.includes(q.slicerValue))
    ctx.addIssue({
      code: 'custom',
      path: ['slicerValue'],
      message: `"${q.slicerValue}" is not a value of slicer ${q.slicer}; expected one of ${values.map((v) => (v === '' ? '(blank)' : v)).join(', ')}`,
    });
}
const ZSlicerFields = z.object({
  slicer: ZSlicer.default('Overall'),
  slicerValue: z.string().max(40).optional(),
});
/** Slicer query (SPEC §3): Overall/ALL by default; without a value the slicer's first value. */
export const ZSlicerQuery = ZSlicerFields.superRefine(checkSlicer);

const ZSlice = z.object({ slicer: ZSlicer, slicerValue: z.string() });

/**
 * The issuer's offer a run was computed with (values/issuer-offer.ts): the kinds it offered, and for each absent
 * kind the issuer setting that keeps it out. Null for a run computed without one (every kind offered).
 */
export const ZRunOffer = z.object({
  issuerName: z.string(),
  offered: z.array(ZScoreKind),
  notOffered: z.array(
    z.object({ kind: ZScoreKind, setting: z.enum(['issuerCapabilities', 'issuerVirtualLockboxes']) }),
  ),
  virtualLockboxes: z.array(ZVirtualLockbox),
  /** The issuer's acceptance fee table the run used (supplier-routes.ts); null or absent: the defaults. */
  acceptanceFees: ZAcceptanceFees.nullable().optional(),
});
export type TRunOffer = z.infer<typeof ZRunOffer>;
const ZFigure = z.object({ suppliers: z.number().int(), spend: z.number() });

/** Counts per data kind (SPEC §3 transaction counts). */
export const ZTransactionCounts = z.object({
  spend: z.number().int(),
  POs: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
  transactions: z.number().int(),
});

export const ZJobSummary = ZSlice.extend({
  jobId: z.uuid(),
  jobName: z.string(),
  buyerName: z.string().nullable(),
  completedAt: z.string().nullable(),
  currency: z.string(),
  suppliers: z.number().int(),
  spend: z.number(),
  counts: ZTransactionCounts,
  /** Matched suppliers and spend, with their shares in percent (0–100) of the slice. */
  matched: ZFigure.extend({ supplierShare: z.number(), spendShare: z.number() }),
  /** The offer the run was computed with: kinds not offered have no scores and no waterfall tier. */
  offer: ZRunOffer.nullable(),
  /** Card capability waterfall, best first (STP > VC > L3 > Card Acceptor > Unmatched), tiers of offered kinds. */
  waterfall: z.array(ZFigure.extend({ capability: z.enum(CARD_CAPABILITIES) })),
  /** Level and confidence distribution of each offered score kind; null for jobs that do not score. */
  scores: z
    .array(
      z.object({
        scoreKind: ZScoreKind,
        levels: z.array(ZFigure.extend({ level: z.enum(SCORE_METRIC_LEVELS) })),
        confidence: z.array(ZFigure.extend({ level: z.enum(CONFIDENCE_LEVELS) })),
      }),
    )
    .nullable(),
});
export type TJobSummary = z.infer<typeof ZJobSummary>;

export const ZChartCategory = z.object({
  category: z.string(),
  supplierCount: z.number().int(),
  spend: z.number(),
  documentCount: z.number().int(),
  matchedCount: z.number().int(),
});
export type TChartCategory = z.infer<typeof ZChartCategory>;

export const ZChartViewParams = z.object({ view: ZChartViewId });
export const ZJobChartViewParams = ZJobParams.extend(ZChartViewParams.shape);

export const ZChartViewQuery = ZSlicerFields.extend({ format: z.enum(['json', 'csv']).default('json') }).superRefine(
  checkSlicer,
);

export const ZChartViewData = ZSlice.extend({
  view: ZChartViewId,
  label: z.string(),
  currency: z.string(),
  /** Categories by spend, largest first; banded views (ORDINAL_VIEWS) in their scale's order. */
  categories: z.array(ZChartCategory),
  totals: z.object({ supplierCount: z.number().int(), spend: z.number() }),
});
export type TChartViewData = z.infer<typeof ZChartViewData>;

const ZRankedRow = z.object({ name: z.string(), suppliers: z.number().int(), spend: z.number() });

/** The insights presentation (in-app slides and PPTX): one model, rendered twice. */
export const ZPresentationDeck = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  buyerName: z.string().nullable(),
  date: z.string(),
  summary: ZJobSummary,
  countries: z.array(ZRankedRow),
  industry: z.object({ label: z.string(), rows: z.array(ZRankedRow) }),
  topSuppliers: z.array(
    z.object({ name: z.string(), country: z.string().nullable(), spend: z.number(), cardCapability: z.string() }),
  ),
  useCases: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      suppliers: z.number().int(),
      spend: z.number(),
      estimatedRebate: z.number(),
    }),
  ),
});
export type TPresentationDeck = z.infer<typeof ZPresentationDeck>;
