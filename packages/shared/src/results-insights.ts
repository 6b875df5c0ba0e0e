/**
 * Job results — summary, insights chart views and the insights presentation (issue #7): the request and response
 * contracts of GET /jobs/{jobId}/results/summary, /results/views/{view} and /presentation, plus the chart views of
 * SPEC §2 with their labels. Slicer values follow SPEC §3 (SLICERS); a slicer without a value means its first one.
 */
import { z } from 'zod';
import {
  CARD_CAPABILITIES,
  CONFIDENCE_LEVELS,
  SCORE_KINDS,
  SCORE_METRIC_LEVELS,
  SLICERS,
  ZScoreKind,
  ZSlicer,
  type TSlicer,
} from './enums.ts';

/** The nine industry classifications of the industry-code view (SPEC §2), in display order. */
export const INDUSTRY_CLASSIFICATIONS = [
  'mccDescription',
  'mccGroup',
  'mccType',
  'sicDivision',
  'sicMajorGroup',
  'sicIndustryGroup',
  'sicIndustry',
  'unspscCategory',
  'naicsNationalIndustry',
] as const;
export type TIndustryClassification = (typeof INDUSTRY_CLASSIFICATIONS)[number];
export const INDUSTRY_CLASSIFICATION_LABELS: Record<TIndustryClassification, string> = {
  mccDescription: 'MCC description',
  mccGroup: 'MCC group',
  mccType: 'MCC type',
  sicDivision: 'SIC division',
  sicMajorGroup: 'SIC major group',
  sicIndustryGroup: 'SIC industry group',
  sicIndustry: 'SIC industry code',
  unspscCategory: 'UNSPSC category label',
  naicsNationalIndustry: 'NAICS national industry label',
};
/** The industry view starts on SIC industry code (SPEC §2). */
export const DEFAULT_INDUSTRY_CLASSIFICATION: TIndustryClassification = 'sicIndustry';

/** Chart views (SPEC §2) as stored in views.parquet; the industry view is one id per classification. */
export const CHART_VIEW_IDS = [
  'country',
  'job',
  'transactionFrequency',
  'invoicePaymentTerms',
  'paymentMethod',
  'paymentMethodCount',
  ...INDUSTRY_CLASSIFICATIONS.map((c) => `industry.${c}` as const),
] as const;
export type TChartViewId = (typeof CHART_VIEW_IDS)[number];
export const ZChartViewId = z.enum(CHART_VIEW_IDS as unknown as [TChartViewId, ...TChartViewId[]], {
  error: (i) => `Unknown chart view "${String(i.input)}"; expected one of ${CHART_VIEW_IDS.join(', ')}`,
});

/** The chart views a user chooses from (the industry view switches between its classifications). */
export const CHART_VIEW_GROUPS = [
  'country',
  'job',
  'transactionFrequency',
  'invoicePaymentTerms',
  'paymentMethod',
  'paymentMethodCount',
  'industry',
] as const;
export type TChartViewGroup = (typeof CHART_VIEW_GROUPS)[number];
export const CHART_VIEW_GROUP_LABELS: Record<TChartViewGroup, string> = {
  country: 'by Country',
  job: 'by Job (top 1000)',
  transactionFrequency: 'by transaction frequency',
  invoicePaymentTerms: 'by invoice payment terms',
  paymentMethod: 'by payment method',
  paymentMethodCount: 'by payment method count',
  industry: 'by industry code',
};
export const industryViewId = (c: TIndustryClassification): TChartViewId => `industry.${c}`;
export function chartViewGroup(view: TChartViewId): TChartViewGroup {
  return view.startsWith('industry.') ? 'industry' : (view as TChartViewGroup);
}
export function chartViewLabel(view: TChartViewId): string {
  if (view.startsWith('industry.'))
    return `${CHART_VIEW_GROUP_LABELS.industry}: ${INDUSTRY_CLASSIFICATION_LABELS[view.slice(9) as TIndustryClassification]}`;
  return CHART_VIEW_GROUP_LABELS[view as TChartViewGroup];
}
/** The view a group opens on. */
export const groupDefaultView = (g: TChartViewGroup): TChartViewId =>
  g === 'industry' ? industryViewId(DEFAULT_INDUSTRY_CLASSIFICATION) : g;

/** The value shown for an empty category. */
export const UNKNOWN_CATEGORY = 'Unknown';

/** Transaction-frequency bands (annualised document count per supplier), in order. */
export const FREQUENCY_BANDS = [
  'Annual (1 or fewer)',
  'Quarterly (2-4)',
  'Monthly (5-12)',
  'Fortnightly (13-26)',
  'Weekly (27-52)',
  'More than weekly (53+)',
  UNKNOWN_CATEGORY,
] as const;
/** Invoice payment-terms bands (median days per supplier), in order. */
export const PAYMENT_TERMS_BANDS = [
  'Immediate (0 days)',
  '1-15 days',
  '16-30 days',
  '31-45 days',
  '46-60 days',
  '61-90 days',
  'Over 90 days',
  UNKNOWN_CATEGORY,
] as const;

/**
 * Views whose categories are bands of a scale: they read best in the scale's order (like a histogram),
 * not ranked by a measure. Unknown last.
 */
export const ORDINAL_VIEWS: Partial<Record<TChartViewId, (category: string) => number>> = {
  transactionFrequency: (c) => indexOrLast(FREQUENCY_BANDS, c),
  invoicePaymentTerms: (c) => indexOrLast(PAYMENT_TERMS_BANDS, c),
  paymentMethodCount: (c) => (/^\d+$/.test(c) ? Number(c) : Number.MAX_SAFE_INTEGER),
};
function indexOrLast(bands: readonly string[], c: string): number {
  const i = bands.indexOf(c);
  return i < 0 ? bands.length : i;
}

/** Categories as a chart or table of `view` shows them: banded views in scale order, others by `measure`, largest first. */
export function orderCategories<T extends { category: string }>(
  view: TChartViewId,
  categories: readonly T[],
  measureOf: (c: T) => number,
): T[] {
  const rank = ORDINAL_VIEWS[view];
  return [...categories].sort((a, b) =>
    rank
      ? rank(a.category) - rank(b.category) || a.category.localeCompare(b.category)
      : measureOf(b) - measureOf(a) || a.category.localeCompare(b.category),
  );
}

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
/** The slice a query asks for. */
export const sliceOf = (q: { slicer: TSlicer; slicerValue?: string | undefined }): TSlicerQuery => ({
  slicer: q.slicer,
  slicerValue: q.slicerValue ?? (SLICERS[q.slicer][0] as string),
});
export type TSlicerQuery = { slicer: TSlicer; slicerValue: string };

const ZSlice = z.object({ slicer: ZSlicer, slicerValue: z.string() });
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
  /** Card capability waterfall, best first (STP > VC > L3 > Card Acceptor > Unmatched). */
  waterfall: z.array(ZFigure.extend({ capability: z.enum(CARD_CAPABILITIES) })),
  /** Level and confidence distribution of each score kind; null for jobs that do not score. */
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

/** Slides of the presentation, in order (the PPTX has the same slides). */
export const PRESENTATION_SLIDES = [
  'title',
  'headline',
  'waterfall',
  'scores',
  'countries',
  'industry',
  'topSuppliers',
  'useCases',
] as const;
export type TPresentationSlide = (typeof PRESENTATION_SLIDES)[number];
export const PRESENTATION_TOP_N = 10;

/** Score kinds shown in distributions, in SPEC §3 order. */
export const SUMMARY_SCORE_KINDS = SCORE_KINDS;
