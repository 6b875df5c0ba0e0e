/**
 * Summary and insights of a job's results (issue #7): headline figures, the card capability waterfall and the
 * score distributions computed from suppliers.parquet under a slicer (so every slicer works and totals equal the
 * sum of supplier rows), and one chart view's categories under a slicer from views.parquet, as JSON or CSV.
 */
import { SLICER_COLUMNS } from '@sextant/analysis';
import {
  CARD_CAPABILITIES,
  CONFIDENCE_LEVELS,
  SCORE_KINDS,
  SCORE_METRIC_LEVELS,
  UNKNOWN_CATEGORY,
  chartViewLabel,
  type TChartViewData,
  type TChartViewId,
  type TJobSummary,
  type TSlicerQuery,
} from '@sextant/shared';
import { csvSafe } from '../jobs/downloads.ts';
import { ident, type JobResults } from './results.store.ts';

/** SQL condition selecting the suppliers of a slice; `$1` is the slicer value (blank matches empty and null). */
export function sliceWhere(slice: TSlicerQuery): string {
  return `coalesce(CAST(${SLICER_COLUMNS[slice.slicer]} AS VARCHAR), '') = $1`;
}

/** Best first: High, Medium, Low, then None. */
const LEVEL_ORDER = (['High', 'Medium', 'Low', 'None'] as const).filter((l) => SCORE_METRIC_LEVELS.includes(l));

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

interface TotalsRow {
  n: number;
  spend: number | null;
  cSpend: number | null;
  cPo: number | null;
  cInv: number | null;
  cPay: number | null;
  cTx: number | null;
  mn: number;
  ms: number | null;
  currency: string | null;
}

export async function jobSummary(r: JobResults, slice: TSlicerQuery): Promise<TJobSummary> {
  const from = `${r.table('suppliers')} WHERE ${sliceWhere(slice)}`;
  const p = [slice.slicerValue];
  const scoreSql = r.scored
    ? SCORE_KINDS.flatMap((k) => [
        `SELECT '${k}' AS k, 'level' AS t, coalesce(${ident(`${k}Level`)}, 'None') AS v, count(*) AS n, sum(spend) AS s FROM ${from} GROUP BY ALL`,
        `SELECT '${k}' AS k, 'confidence' AS t, ${ident(`${k}Confidence`)} AS v, count(*) AS n, sum(spend) AS s FROM ${from} GROUP BY ALL`,
      ]).join(' UNION ALL ')
    : null;
  const [totals, caps, scoreRows] = await Promise.all([
    r.one<TotalsRow>(
      `SELECT count(*) AS n, sum(spend) AS spend, sum(spendCount) AS cSpend, sum(poCount) AS cPo, sum(invoiceCount) AS cInv,
         sum(paymentCount) AS cPay, sum(transactionCount) AS cTx, count(*) FILTER (WHERE matchStatus = 'MATCHED') AS mn,
         sum(spend) FILTER (WHERE matchStatus = 'MATCHED') AS ms, any_value(currency) AS currency FROM ${from}`,
      p,
    ),
    r.all<{ k: string; n: number; s: number | null }>(
      `SELECT cardCapability AS k, count(*) AS n, sum(spend) AS s FROM ${from} GROUP BY 1`,
      p,
    ),
    scoreSql ? r.all<{ k: string; t: string; v: string | null; n: number; s: number | null }>(scoreSql, p) : [],
  ]);
  const t = totals!;
  const spend = round2(t.spend ?? 0);
  const ms = round2(t.ms ?? 0);
  const capOf = new Map(caps.map((c) => [c.k, c]));
  const fig = (rows: typeof scoreRows, kind: string, type: string, level: string) => {
    const row = rows.find((x) => x.k === kind && x.t === type && x.v === level);
    return { suppliers: row?.n ?? 0, spend: round2(row?.s ?? 0) };
  };
  return {
    jobId: r.jobId,
    jobName: r.jobName,
    buyerName: r.buyerName,
    completedAt: r.completedAt,
    slicer: slice.slicer,
    slicerValue: slice.slicerValue,
    currency: t.currency ?? r.summary.currency,
    suppliers: t.n,
    spend,
    counts: {
      spend: t.cSpend ?? 0,
      POs: t.cPo ?? 0,
      invoices: t.cInv ?? 0,
      payments: t.cPay ?? 0,
      transactions: t.cTx ?? 0,
    },
    matched: { suppliers: t.mn, spend: ms, supplierShare: share(t.mn, t.n), spendShare: share(ms, spend) },
    waterfall: CARD_CAPABILITIES.map((capability) => ({
      capability,
      suppliers: capOf.get(capability)?.n ?? 0,
      spend: round2(capOf.get(capability)?.s ?? 0),
    })),
    scores: r.scored
      ? SCORE_KINDS.map((scoreKind) => ({
          scoreKind,
          levels: LEVEL_ORDER.map((level) => ({ level, ...fig(scoreRows, scoreKind, 'level', level) })),
          confidence: [...CONFIDENCE_LEVELS]
            .reverse()
            .map((level) => ({ level, ...fig(scoreRows, scoreKind, 'confidence', level) })),
        }))
      : null,
  };
}

export async function chartView(r: JobResults, view: TChartViewId, slice: TSlicerQuery): Promise<TChartViewData> {
  const rows = await r.all<{
    category: string;
    supplierCount: number;
    spend: number | null;
    documentCount: number | null;
    matchedCount: number;
  }>(
    `SELECT coalesce(nullif(category, ''), $4) AS category, sum(supplierCount) AS supplierCount, sum(spend) AS spend,
       sum(documentCount) AS documentCount, sum(matchedCount) AS matchedCount
     FROM ${r.table('views')} WHERE view = $1 AND slicer = $2 AND coalesce(slicerValue, '') = $3
     GROUP BY 1 ORDER BY spend DESC NULLS LAST, category`,
    [view, slice.slicer, slice.slicerValue, UNKNOWN_CATEGORY],
  );
  const categories = rows.map((x) => ({
    category: x.category,
    supplierCount: x.supplierCount,
    spend: round2(x.spend ?? 0),
    documentCount: x.documentCount ?? 0,
    matchedCount: x.matchedCount,
  }));
  return {
    view,
    label: chartViewLabel(view),
    slicer: slice.slicer,
    slicerValue: slice.slicerValue,
    currency: r.summary.currency,
    categories,
    totals: {
      supplierCount: categories.reduce((a, c) => a + c.supplierCount, 0),
      spend: round2(categories.reduce((a, c) => a + c.spend, 0)),
    },
  };
}

const csvCell = (v: string | number) => {
  if (typeof v === 'number') return String(v);
  const s = csvSafe(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The chart's data as CSV (one row per category, the figures the chart and its table show). */
export function chartViewCsv(d: TChartViewData): string {
  const head = ['category', 'supplierCount', `spend (${d.currency})`, 'documentCount', 'matchedCount'];
  const lines = [head.map(csvCell).join(',')];
  for (const c of d.categories)
    lines.push([c.category, c.supplierCount, c.spend, c.documentCount, c.matchedCount].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name from the job name (letters, digits, dot, dash, underscore). */
export const fileBase = (jobName: string) => jobName.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'job';
