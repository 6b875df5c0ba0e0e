/**
 * The chart builders fed with API data: the series, category labels and values that reach ECharts, for the job
 * summary's waterfall and score distributions and for the ranked bar chart of an insights view.
 */
import { describe, expect, it } from 'vitest';
import type { TJobSummary } from '@sextant/shared/values';
import i18n, { ensureEnglish } from '../../../app/i18n.ts';
import { rankedBarChart, type TChartColors } from '../../../components/charts/builders.ts';
import { scoreDistributionCharts, waterfallChart } from './summary-charts.ts';

const colors: TChartColors = {
  text: '#111',
  textSecondary: '#444',
  divider: '#ccc',
  paper: '#fff',
  fontFamily: 'Inter',
  series: ['#s0', '#s1'],
  capabilities: ['#c0', '#c1', '#c2', '#c3', '#c4'],
  levels: ['#l0', '#l1', '#l2', '#l3'],
};
// the insights texts load with the page in the app
await ensureEnglish();
const t = i18n.getFixedT('en', 'insights');
const size = { width: 800, height: 400 };

const summary: TJobSummary = {
  slicer: 'Overall',
  slicerValue: 'Overall',
  jobId: '11111111-1111-4111-8111-111111111111',
  jobName: 'Q4 spend',
  buyerName: 'Buyer',
  completedAt: null,
  currency: 'USD',
  offer: null,
  suppliers: 100,
  spend: 1_000_000,
  counts: { spend: 500, POs: 0, invoices: 20, payments: 0, transactions: 0 },
  matched: { suppliers: 60, spend: 700_000, supplierShare: 60, spendShare: 70 },
  waterfall: [
    { capability: 'STP', suppliers: 5, spend: 100_000 },
    { capability: 'VC', suppliers: 15, spend: 300_000 },
    { capability: 'Card Acceptor', suppliers: 40, spend: 300_000 },
    { capability: 'Unmatched', suppliers: 40, spend: 300_000 },
  ],
  scores: [
    {
      scoreKind: 'Vcard',
      levels: [
        { level: 'High', suppliers: 10, spend: 200_000 },
        { level: 'Low', suppliers: 30, spend: 100_000 },
      ],
      confidence: [{ level: 'Medium', suppliers: 40, spend: 300_000 }],
    },
    {
      scoreKind: 'Stp',
      levels: [{ level: 'None', suppliers: 100, spend: 1_000_000 }],
      confidence: [],
    },
  ],
};

interface TPieOption {
  color: string[];
  series: { type: string; data: { name: string; value: number }[] }[];
  tooltip: { formatter: (p: { name: string; value: number; dataIndex: number }) => string };
}
interface TBarOption {
  yAxis: { data: string[] };
  series: { type: string; name?: string; stack?: string; data: number[]; itemStyle: { color: string } }[];
  xAxis: { axisLabel: { formatter: (v: number) => string } };
}

describe('waterfallChart', () => {
  it('one slice per capability in the API order, valued by spend, in the capability colours', () => {
    const o = waterfallChart({ summary, measure: 'spend', colors, t }).option as unknown as TPieOption;
    expect(o.series).toHaveLength(1);
    expect(o.series[0]!.type).toBe('pie');
    expect(o.series[0]!.data).toEqual([
      { name: 'STP', value: 100_000 },
      { name: 'VC', value: 300_000 },
      { name: 'Card Acceptor', value: 300_000 },
      { name: 'Unmatched', value: 300_000 },
    ]);
    expect(o.color).toEqual(colors.capabilities);
  });

  it('valued by supplier count with that measure; the tooltip shows the value, share and supplier count', () => {
    const o = waterfallChart({ summary, measure: 'supplierCount', colors, t }).option as unknown as TPieOption;
    expect(o.series[0]!.data.map((d) => d.value)).toEqual([5, 15, 40, 40]);
    const spend = waterfallChart({ summary, measure: 'spend', colors, t }).option as unknown as TPieOption;
    const tip = spend.tooltip.formatter({ name: 'VC', value: 300_000, dataIndex: 1 });
    expect(tip).toContain('<b>VC</b>');
    expect(tip).toContain('US$300,000.00 (30.0%)');
    expect(tip).toContain('Suppliers: 15');
  });
});

describe('scoreDistributionCharts', () => {
  it('is null for a job that does not score', () => {
    expect(scoreDistributionCharts({ summary: { ...summary, scores: null }, measure: 'spend', colors, t })).toBeNull();
  });

  it('levels: one bar per score kind (labelled), one stacked series per level, 0 where a level is missing', () => {
    const charts = scoreDistributionCharts({ summary, measure: 'supplierCount', colors, t })!;
    const o = charts.levels.option(size) as unknown as TBarOption;
    expect(o.yAxis.data).toEqual(['Virtual Card', 'STP']);
    expect(o.series.map((s) => [s.name, s.stack, s.data, s.itemStyle.color])).toEqual([
      ['High', 'total', [10, 0], '#l0'],
      ['Medium', 'total', [0, 0], '#l1'],
      ['Low', 'total', [30, 0], '#l2'],
      ['None', 'total', [0, 100], '#l3'],
    ]);
  });

  it('confidence: High, Medium and Low only, valued by spend with that measure', () => {
    const charts = scoreDistributionCharts({ summary, measure: 'spend', colors, t })!;
    const o = charts.confidence.option(size) as unknown as TBarOption;
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['High', [0, 0]],
      ['Medium', [300_000, 0]],
      ['Low', [0, 0]],
    ]);
    expect(o.xAxis.axisLabel.formatter(300_000)).toBe('US$300k');
    expect(charts.levels.height).toBeGreaterThan(120);
  });
});

describe('rankedBarChart from a view', () => {
  it('keeps the categories in the given (ranked) order: labels on the axis, values in the one bar series', () => {
    const chart = rankedBarChart({
      items: [
        { label: 'Germany', value: 500 },
        { label: 'France', value: 300 },
        { label: 'Spain', value: 0 },
      ],
      measure: 'spend',
      currency: 'EUR',
      colors,
      color: '#s1',
    });
    const o = chart.option(size) as unknown as TBarOption & { yAxis: { inverse: boolean } };
    expect(o.yAxis.data).toEqual(['Germany', 'France', 'Spain']);
    expect(o.yAxis.inverse).toBe(true); // largest on top
    expect(o.series).toHaveLength(1);
    expect(o.series[0]!.data).toEqual([500, 300, 0]);
    expect(o.series[0]!.itemStyle.color).toBe('#s1');
    expect(chart.bars).toBe(3);
    expect(chart.leftOut).toBe(0);
  });
});
