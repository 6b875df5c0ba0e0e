/**
 * Chart views, industry classifications, category order, slices and presentation slides of the job results
 * (SPEC §2, §3), without zod; results-insights.ts adds the request and response schemas.
 */
import { SCORE_KINDS, SLICERS, type TSlicer } from './enums.ts';

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

/** The slice a query asks for. */
export const sliceOf = (q: { slicer: TSlicer; slicerValue?: string | undefined }): TSlicerQuery => ({
  slicer: q.slicer,
  slicerValue: q.slicerValue ?? (SLICERS[q.slicer][0] as string),
});

export type TSlicerQuery = { slicer: TSlicer; slicerValue: string };

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
