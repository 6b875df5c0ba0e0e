/**
 * The charts of a job summary built from the API's summary: the card capability waterfall (half-pie) and the score
 * level / confidence distributions (stacked bars). Pure, so that the series, labels and values are tested as data.
 */
import type { TFunction } from 'i18next';
import { SCORE_KIND_LABELS, type TJobSummary } from '@sextant/shared/values';
import {
  halfPieChart,
  stackedBarChart,
  type TChartColors,
  type TMeasure,
} from '../../../components/charts/builders.ts';
import { formatCount } from '../../../lib/format.ts';

type TTranslate = TFunction<'insights'> | ((key: string, opts?: Record<string, unknown>) => string);

/** The waterfall's slices: one per capability, best first, valued by spend or by supplier count. */
export function waterfallChart(opts: {
  summary: TJobSummary;
  measure: TMeasure;
  colors: TChartColors;
  t: TTranslate;
  animation?: boolean;
}) {
  const { summary: s, measure, colors, t } = opts;
  const tr = t as (key: string, opts?: Record<string, unknown>) => string;
  return halfPieChart({
    items: s.waterfall.map((w) => ({
      name: tr(`capabilities.${w.capability}`, { defaultValue: w.capability }),
      value: measure === 'spend' ? w.spend : w.suppliers,
      details: [`${tr('figures.suppliers')}: ${formatCount(w.suppliers)}`],
    })),
    palette: colors.capabilities,
    measure,
    currency: s.currency,
    colors,
    animation: opts.animation ?? true,
  });
}

export const SCORE_LEVELS = ['High', 'Medium', 'Low', 'None'] as const;
export const CONFIDENCE_LEVELS_SHOWN = ['High', 'Medium', 'Low'] as const;

/**
 * One stacked bar per score kind: the levels (High, Medium, Low, None) and the confidences (High, Medium, Low), each
 * a series valued by spend or supplier count (0 for a level the summary does not list). Null for a job that does
 * not score.
 */
export function scoreDistributionCharts(opts: {
  summary: TJobSummary;
  measure: TMeasure;
  colors: TChartColors;
  t: TTranslate;
  animation?: boolean;
}) {
  const { summary: s, measure, colors, t } = opts;
  const tr = t as (key: string) => string;
  if (!s.scores) return null;
  const scores = s.scores;
  const rows = scores.map((k) => SCORE_KIND_LABELS[k.scoreKind]);
  const pick = (f: { suppliers: number; spend: number } | undefined) =>
    !f ? 0 : measure === 'spend' ? f.spend : f.suppliers;
  const animation = opts.animation ?? true;
  const levels = stackedBarChart({
    rows,
    series: SCORE_LEVELS.map((l, i) => ({
      name: tr(`levels.${l}`),
      color: colors.levels[i]!,
      values: scores.map((k) => pick(k.levels.find((x) => x.level === l))),
    })),
    measure,
    currency: s.currency,
    colors,
    animation,
  });
  const confidence = stackedBarChart({
    rows,
    series: CONFIDENCE_LEVELS_SHOWN.map((l, i) => ({
      name: tr(`levels.${l}`),
      color: colors.levels[i]!,
      values: scores.map((k) => pick(k.confidence.find((x) => x.level === l))),
    })),
    measure,
    currency: s.currency,
    colors,
    animation,
  });
  return { levels, confidence };
}
