/**
 * Summary and insights of a job's results: headline figures, the card capability waterfall and the
 * score distributions computed from suppliers.parquet under a slicer (so every slicer works and totals equal the
 * sum of supplier rows), and one chart view's categories under a slicer from views.parquet, as JSON or CSV.
 */
import { stringify } from 'csv-stringify/sync';
import {
  CARD_CAPABILITIES,
  CONFIDENCE_LEVELS,
  SCORE_METRIC_LEVELS,
  cardCapabilityOffered,
  UNKNOWN_CATEGORY,
  chartViewLabel,
  type TChartViewData,
  type TChartViewId,
  type TJobSummary,
  type TSlicerQuery,
  orderCategories,
} from '@sextant/shared';
import type { DuckDBValue } from '@duckdb/node-api';
import { csvSafe } from '../jobs/index.ts';
import { singleFlight, type JobResults } from '../../lib/duckdb/index.ts';
import { chartViewSql, sliceWhere, summaryCombosSql } from './results-sql.ts';
import { runOfferOf } from './offer.ts';

/** SQL condition selecting the suppliers of a slice; `$1` is the slicer value (blank matches empty and null). */

/** Best first: High, Medium, Low, then None. */
const LEVEL_ORDER = (['High', 'Medium', 'Low', 'None'] as const).filter((l) => SCORE_METRIC_LEVELS.includes(l));

const CONFIDENCE_ORDER = [...CONFIDENCE_LEVELS].reverse();

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

interface ComboRow {
  cap: string | null;
  matched: boolean | null;
  n: number;
  s: number | null;
  cSpend: number | null;
  cPo: number | null;
  cInv: number | null;
  cPay: number | null;
  cTx: number | null;
  currency: string | null;
}

/**
 * Summaries and chart views of recent (run, slice) pairs: a run's results never change. Entries are promises, so
 * concurrent requests for the same missing entry share one computation (200 users opening the same job's
 * insights compute each chart once); a failed computation is dropped, not cached.
 */
const summaryCache = new Map<string, Promise<TJobSummary>>();
const viewCache = new Map<string, Promise<TChartViewData>>();

/**
 * One scan of suppliers.parquet grouped by every column the summary splits by at once (card capability, match
 * status, each score kind's level and confidence): the combinations are few (the rules correlate them), so the
 * totals, the waterfall and every distribution are rolled up from that small result. Measured on 500k suppliers
 * this is ~2.5× faster than one grouped scan per distribution, and far faster than filtered aggregates.
 * Results of a run never change, so recent summaries are kept per run and slice.
 */
export function jobSummary(r: JobResults, slice: TSlicerQuery): Promise<TJobSummary> {
  return singleFlight(summaryCache, `${r.runId}|${slice.slicer}|${slice.slicerValue}`, () => computeSummary(r, slice));
}

async function computeSummary(r: JobResults, slice: TSlicerQuery): Promise<TJobSummary> {
  // Only the kinds the issuer offered in the run: the others have no columns and no waterfall tier.
  const { offer, offered } = runOfferOf(r);
  const kinds = r.scored ? offered : [];
  const rows = await r.all<Record<string, string | null> & ComboRow>(
    summaryCombosSql(r.table('suppliers'), sliceWhere(slice), kinds),
    [slice.slicerValue],
  );
  const tally = new Map<string, { suppliers: number; spend: number }>();
  const add = (key: string, x: ComboRow) => {
    const f = tally.get(key) ?? { suppliers: 0, spend: 0 };
    f.suppliers += x.n;
    f.spend += x.s ?? 0;
    tally.set(key, f);
  };
  const tot = { n: 0, s: 0, mn: 0, ms: 0, cSpend: 0, cPo: 0, cInv: 0, cPay: 0, cTx: 0 };
  let currency: string | null = null;
  for (const x of rows) {
    tot.n += x.n;
    tot.s += x.s ?? 0;
    if (x.matched) {
      tot.mn += x.n;
      tot.ms += x.s ?? 0;
    }
    tot.cSpend += x.cSpend ?? 0;
    tot.cPo += x.cPo ?? 0;
    tot.cInv += x.cInv ?? 0;
    tot.cPay += x.cPay ?? 0;
    tot.cTx += x.cTx ?? 0;
    currency ??= x.currency;
    add(`cap|${x.cap}`, x);
    for (const k of kinds) {
      add(`l|${k}|${x[`l_${k}`]}`, x);
      add(`c|${k}|${x[`c_${k}`]}`, x);
    }
  }
  const fig = (key: string) => {
    const f = tally.get(key);
    return { suppliers: f?.suppliers ?? 0, spend: round2(f?.spend ?? 0) };
  };
  const spend = round2(tot.s);
  const ms = round2(tot.ms);
  const summary: TJobSummary = {
    jobId: r.jobId,
    jobName: r.jobName,
    buyerName: r.buyerName,
    completedAt: r.completedAt,
    slicer: slice.slicer,
    slicerValue: slice.slicerValue,
    currency: currency ?? r.summary.currency,
    suppliers: tot.n,
    spend,
    counts: { spend: tot.cSpend, POs: tot.cPo, invoices: tot.cInv, payments: tot.cPay, transactions: tot.cTx },
    matched: { suppliers: tot.mn, spend: ms, supplierShare: share(tot.mn, tot.n), spendShare: share(ms, spend) },
    offer,
    waterfall: CARD_CAPABILITIES.filter((c) => cardCapabilityOffered(c, offered)).map((capability) => ({
      capability,
      ...fig(`cap|${capability}`),
    })),
    scores: r.scored
      ? kinds.map((scoreKind) => ({
          scoreKind,
          levels: LEVEL_ORDER.map((level) => ({ level, ...fig(`l|${scoreKind}|${level}`) })),
          confidence: CONFIDENCE_ORDER.map((level) => ({ level, ...fig(`c|${scoreKind}|${level}`) })),
        }))
      : null,
  };
  return summary;
}

export function chartView(r: JobResults, view: TChartViewId, slice: TSlicerQuery): Promise<TChartViewData> {
  return singleFlight(viewCache, `${r.runId}|${view}|${slice.slicer}|${slice.slicerValue}`, () =>
    computeChartView(r, view, slice),
  );
}

function computeChartView(r: JobResults, view: TChartViewId, slice: TSlicerQuery): Promise<TChartViewData> {
  return chartViewOf(r.all, r.table('views'), view, slice, r.summary.currency);
}

/**
 * One chart view's categories under a slice, read from a views table (a run's views.parquet, or a global-insights
 * scope's, written by the same prepareChartViews): ordered as the chart shows them, with totals.
 */
export async function chartViewOf(
  query: <T>(sql: string, params: DuckDBValue[]) => Promise<T[]>,
  views: string,
  view: TChartViewId,
  slice: TSlicerQuery,
  currency: string,
): Promise<TChartViewData> {
  const rows = await query<{
    category: string;
    supplierCount: number;
    spend: number | null;
    documentCount: number | null;
    matchedCount: number;
  }>(chartViewSql(views), [view, slice.slicer, slice.slicerValue, UNKNOWN_CATEGORY]);
  const categories = orderCategories(
    view,
    rows.map((x) => ({
      category: x.category,
      supplierCount: x.supplierCount,
      spend: round2(x.spend ?? 0),
      documentCount: x.documentCount ?? 0,
      matchedCount: x.matchedCount,
    })),
    (c) => c.spend,
  );
  return {
    view,
    label: chartViewLabel(view),
    slicer: slice.slicer,
    slicerValue: slice.slicerValue,
    currency,
    categories,
    totals: {
      supplierCount: categories.reduce((a, c) => a + c.supplierCount, 0),
      spend: round2(categories.reduce((a, c) => a + c.spend, 0)),
    },
  };
}

/** The chart's data as CSV (one row per category, the figures the chart and its table show). */
export function chartViewCsv(d: TChartViewData): string {
  const head = ['category', 'supplierCount', `spend (${d.currency})`, 'documentCount', 'matchedCount'];
  const rows = d.categories.map((c) => [c.category, c.supplierCount, c.spend, c.documentCount, c.matchedCount]);
  // csv-stringify quotes the record delimiter (CRLF) only: a lone line break in a cell must be quoted too.
  return stringify([head, ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/, cast: { string: csvSafe } });
}

/** A file name from the job name (letters, digits, dot, dash, underscore). */
export const fileBase = (jobName: string) => jobName.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'job';
