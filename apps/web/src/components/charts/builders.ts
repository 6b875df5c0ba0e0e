/**
 * Chart option builders following SPEC §9 (constants.ts): ranked horizontal bars (large mode above the threshold,
 * capped bar count, minimum bar height, label skip, Y axis width with truncated labels, rotated ticks, grid split
 * counts by size), the half-pie donut (−105°..105°) and stacked score distributions. Colours come from the MUI
 * theme (every theme and print); amounts are formatted as SPEC §9 says.
 */
import { darken, lighten, type Theme } from '@mui/material/styles';
import type { EChartsCoreOption } from 'echarts/core';
import { escapeHtml } from '@sextant/shared/values';
import { formatAmount, formatAmountCompact, formatCount, formatPercent } from '../../lib/format.ts';
import {
  HALF_PIE_END_ANGLE,
  HALF_PIE_START_ANGLE,
  TICK_ROTATION,
  TOOLTIP_SHOW_DELAY,
  Y_AXIS_WIDTH,
  capBars,
  gridSplitCount,
  isLargeDataset,
  barChartHeight,
  showAllLabels,
  truncateLabel,
  MIN_BAR_HEIGHT,
  datasetSize,
  pixelRatioFor,
  LARGE_DATASET_THRESHOLD,
} from './constants.ts';
import type { TChartSize } from './chart.tsx';

/**
 * Charts draw at once on first render (no entry animation: the first chart is on screen as soon as its data is) and
 * animate updates (slicer, measure or view changes) briefly; 'finished' (data-chart-ready) fires when drawing ends.
 */
export const ANIMATION_MS = 0;
export const UPDATE_ANIMATION_MS = 300;

export interface TChartColors {
  text: string;
  textSecondary: string;
  divider: string;
  paper: string;
  fontFamily: string;
  series: string[];
  /** Card capabilities, best first (STP, VC, L3, Card Acceptor, Unmatched). */
  capabilities: [string, string, string, string, string];
  /** High, Medium, Low, None. */
  levels: [string, string, string, string];
}

export function chartColors(theme: Theme): TChartColors {
  const p = theme.palette;
  return {
    text: p.text.primary,
    textSecondary: p.text.secondary,
    divider: p.divider,
    paper: p.background.paper,
    fontFamily: String(theme.typography.fontFamily ?? 'sans-serif'),
    series: [p.primary.main, p.secondary.main, p.info.main, p.success.main, p.warning.main, p.error.main],
    // An ordered scale of the primary colour (best first), then the warning colour and a neutral for Unmatched.
    capabilities: [
      darken(p.primary.main, 0.35),
      p.primary.main,
      lighten(p.primary.main, 0.45),
      p.warning.main,
      p.text.disabled,
    ],
    levels: [p.success.main, p.warning.main, p.error.main, p.text.disabled],
  };
}

export type TMeasure = 'spend' | 'supplierCount';

export interface TBarItem {
  label: string;
  value: number;
  /** Extra tooltip lines. */
  details?: string[];
}

export interface TBarChart {
  option: (size: TChartSize) => EChartsCoreOption;
  height: number;
  pixelRatio: number;
  large: boolean;
  bars: number;
  leftOut: number;
}

/** Value text of a measure in a tooltip: spend the exact amount ("£1,234.50", issue #33), counts whole (SPEC §9). */
export const measureText = (measure: TMeasure, v: number, currency: string) =>
  measure === 'spend' ? formatAmount(v, currency) : formatCount(v);

/** Value text of a measure on an axis or beside a bar: spend in the compact form ("£68.7m"), counts whole. */
export const measureAxisText = (measure: TMeasure, v: number, currency: string) =>
  measure === 'spend' ? formatAmountCompact(v, currency) : formatCount(v);

/**
 * A tooltip's HTML: the title in bold, then one line each. ECharts inserts a formatter's return value as HTML, and
 * names are translated texts and uploaded values, so every part is escaped here and nowhere assembled by hand.
 */
export function tooltipHtml(title: string, lines: readonly string[]): string {
  return [`<b>${escapeHtml(title)}</b>`, ...lines.map(escapeHtml)].join('<br/>');
}

const axisText = (c: TChartColors) => ({ color: c.textSecondary, fontFamily: c.fontFamily, fontSize: 11 });

/** A ranked horizontal bar chart (largest on top), sized so every bar gets its minimum height. */
export function rankedBarChart(opts: {
  items: readonly TBarItem[];
  measure: TMeasure;
  currency: string;
  colors: TChartColors;
  animation?: boolean;
  color?: string;
}): TBarChart {
  const { items, leftOut } = capBars(opts.items);
  const large = isLargeDataset(items.length);
  const height = barChartHeight(items.length, 160);
  const perBar = (height - 60) / Math.max(1, items.length);
  const c = opts.colors;
  const fmt = (v: number) => measureText(opts.measure, v, opts.currency);
  const axisFmt = (v: number) => measureAxisText(opts.measure, v, opts.currency);
  const option = (size: TChartSize): EChartsCoreOption => ({
    animation: opts.animation ?? !large,
    animationDuration: ANIMATION_MS,
    animationDurationUpdate: UPDATE_ANIMATION_MS,
    textStyle: { fontFamily: c.fontFamily },
    grid: { left: Y_AXIS_WIDTH + 8, right: large ? 24 : 96, top: 8, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      showDelay: TOOLTIP_SHOW_DELAY,
      backgroundColor: c.paper,
      borderColor: c.divider,
      textStyle: { color: c.text, fontFamily: c.fontFamily },
      formatter: (params: { dataIndex: number }[]) => {
        const it = items[params[0]?.dataIndex ?? 0];
        if (!it) return '';
        return tooltipHtml(it.label, [fmt(it.value), ...(it.details ?? [])]);
      },
    },
    xAxis: {
      type: 'value',
      splitNumber: gridSplitCount(size.width - Y_AXIS_WIDTH),
      axisLabel: { ...axisText(c), rotate: TICK_ROTATION, formatter: (v: number) => axisFmt(v) },
      splitLine: { lineStyle: { color: c.divider } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => i.label),
      axisLabel: {
        ...axisText(c),
        width: Y_AXIS_WIDTH,
        interval: showAllLabels(items.length, perBar) ? 0 : 'auto',
        formatter: (v: string) => truncateLabel(v),
      },
      axisLine: { lineStyle: { color: c.divider } },
      axisTick: { show: false },
    },
    series: [
      {
        type: 'bar',
        data: items.map((i) => i.value),
        large,
        largeThreshold: LARGE_DATASET_THRESHOLD,
        barMaxWidth: 28,
        itemStyle: { color: opts.color ?? c.series[0], borderRadius: large ? 0 : [0, 3, 3, 0] },
        label: large
          ? { show: false }
          : {
              show: true,
              position: 'right',
              color: c.text,
              fontSize: 11,
              formatter: (p: { value: number }) => axisFmt(p.value),
            },
      },
    ],
  });
  return { option, height, pixelRatio: pixelRatioFor(items.length), large, bars: items.length, leftOut };
}

/** ECharts measures angles counter-clockwise from 3 o'clock; SPEC §9 gives them clockwise from 12 o'clock. */
export const echartsAngle = (clockwiseFromTop: number) => 90 - clockwiseFromTop;

/** A half-pie donut (−105°..105°) of shares, e.g. the card capability waterfall. */
export function halfPieChart(opts: {
  items: readonly { name: string; value: number; details?: string[] }[];
  /** Colours of the slices in order (else the series colours). */
  palette?: string[];
  measure: TMeasure;
  currency: string;
  colors: TChartColors;
  animation?: boolean;
  height?: number;
}): { option: EChartsCoreOption; height: number; pixelRatio: number } {
  const c = opts.colors;
  const total = opts.items.reduce((a, i) => a + i.value, 0);
  const fmt = (v: number) => measureText(opts.measure, v, opts.currency);
  const option: EChartsCoreOption = {
    animation: opts.animation ?? true,
    animationDuration: ANIMATION_MS,
    animationDurationUpdate: UPDATE_ANIMATION_MS,
    textStyle: { fontFamily: c.fontFamily },
    color: opts.palette ?? c.series,
    tooltip: {
      trigger: 'item',
      showDelay: TOOLTIP_SHOW_DELAY,
      backgroundColor: c.paper,
      borderColor: c.divider,
      textStyle: { color: c.text, fontFamily: c.fontFamily },
      formatter: (p: { name: string; value: number; dataIndex: number }) =>
        tooltipHtml(p.name, [
          `${fmt(p.value)} (${formatPercent(total ? (p.value / total) * 100 : 0)})`,
          ...(opts.items[p.dataIndex]?.details ?? []),
        ]),
    },
    legend: { bottom: 0, textStyle: { color: c.text, fontFamily: c.fontFamily }, icon: 'circle' },
    series: [
      {
        type: 'pie',
        startAngle: echartsAngle(HALF_PIE_START_ANGLE),
        endAngle: echartsAngle(HALF_PIE_END_ANGLE),
        radius: ['52%', '88%'],
        center: ['50%', '62%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: c.paper, borderWidth: 2 },
        label: {
          color: c.text,
          formatter: (p: { percent: number }) => formatPercent(p.percent),
        },
        data: opts.items.map((i) => ({ name: i.name, value: i.value })),
      },
    ],
  };
  return { option, height: opts.height ?? 300, pixelRatio: 2 };
}

/** Stacked horizontal bars: one bar per row (e.g. score kind), one series per level. */
export function stackedBarChart(opts: {
  rows: readonly string[];
  series: readonly { name: string; values: number[]; color: string }[];
  measure: TMeasure;
  currency: string;
  colors: TChartColors;
  animation?: boolean;
}): { option: (size: TChartSize) => EChartsCoreOption; height: number; pixelRatio: number } {
  const c = opts.colors;
  const fmt = (v: number) => measureText(opts.measure, v, opts.currency);
  const axisFmt = (v: number) => measureAxisText(opts.measure, v, opts.currency);
  const height = opts.rows.length * MIN_BAR_HEIGHT[datasetSize(opts.rows.length)] + 120;
  const option = (size: TChartSize): EChartsCoreOption => ({
    animation: opts.animation ?? true,
    animationDuration: ANIMATION_MS,
    animationDurationUpdate: UPDATE_ANIMATION_MS,
    textStyle: { fontFamily: c.fontFamily },
    grid: { left: Y_AXIS_WIDTH + 8, right: 24, top: 8, bottom: 80 },
    legend: { bottom: 0, textStyle: { color: c.text, fontFamily: c.fontFamily } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      showDelay: TOOLTIP_SHOW_DELAY,
      backgroundColor: c.paper,
      borderColor: c.divider,
      textStyle: { color: c.text, fontFamily: c.fontFamily },
      valueFormatter: (v: number) => fmt(v),
    },
    xAxis: {
      type: 'value',
      splitNumber: gridSplitCount(size.width - Y_AXIS_WIDTH),
      axisLabel: { ...axisText(c), rotate: TICK_ROTATION, formatter: (v: number) => axisFmt(v) },
      splitLine: { lineStyle: { color: c.divider } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: [...opts.rows],
      axisLabel: { ...axisText(c), width: Y_AXIS_WIDTH, formatter: (v: string) => truncateLabel(v) },
      axisLine: { lineStyle: { color: c.divider } },
      axisTick: { show: false },
    },
    series: opts.series.map((s) => ({
      type: 'bar',
      name: s.name,
      stack: 'total',
      data: s.values,
      barMaxWidth: 22,
      itemStyle: { color: s.color },
    })),
  });
  return { option, height, pixelRatio: 2 };
}
