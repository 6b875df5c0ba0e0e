import { describe, expect, it } from 'vitest';
import {
  BAR_CHAR_WIDTH,
  DEVICE_PIXEL_RATIO,
  HALF_PIE_END_ANGLE,
  HALF_PIE_START_ANGLE,
  LABEL_SKIP_HEIGHT,
  LARGE_DATASET_THRESHOLD,
  MAX_BARS,
  MIN_BAR_HEIGHT,
  TICK_ROTATION,
  TOOLTIP_SHOW_DELAY,
  Y_AXIS_WIDTH,
  barChartHeight,
  capBars,
  charsThatFit,
  gridSplitCount,
  isLargeDataset,
  pixelRatioFor,
  showAllLabels,
  truncateLabel,
  BAR_CHART_CHROME,
} from './constants.ts';
import { echartsAngle, rankedBarChart, halfPieChart, type TChartColors } from './builders.ts';

const colors: TChartColors = {
  text: '#111',
  textSecondary: '#444',
  divider: '#ccc',
  paper: '#fff',
  fontFamily: 'Inter',
  series: ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'],
  capabilities: ['#001', '#002', '#003', '#004', '#005'],
  levels: ['#0a0', '#aa0', '#a00', '#999'],
};
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Category ${i}`, value: n - i }));
type TSeries = { large: boolean; label: { show: boolean } };
const seriesOf = (o: unknown) => (o as { series: TSeries[] }).series[0]!;

describe('SPEC §9 chart constants', () => {
  it('has the constants of the spec', () => {
    expect(LARGE_DATASET_THRESHOLD).toBe(1300);
    expect(MAX_BARS).toBe(4283); // 65000 / 15 − 50
    expect(MIN_BAR_HEIGHT).toEqual({ small: 25, large: 15 });
    expect(LABEL_SKIP_HEIGHT).toEqual({ small: 20, large: 10 });
    expect(DEVICE_PIXEL_RATIO).toEqual({ small: 2, large: 1 });
    expect([HALF_PIE_START_ANGLE, HALF_PIE_END_ANGLE]).toEqual([-105, 105]);
    expect(TOOLTIP_SHOW_DELAY).toBe(300);
    expect(BAR_CHAR_WIDTH).toBe(7.5);
    expect(Y_AXIS_WIDTH).toBe(100);
    expect(TICK_ROTATION).toBe(-30);
  });

  it('switches to large mode above 1300 bars', () => {
    expect(isLargeDataset(1300)).toBe(false);
    expect(isLargeDataset(1301)).toBe(true);
    expect(pixelRatioFor(1300)).toBe(2);
    expect(pixelRatioFor(1301)).toBe(1);
    const small = rankedBarChart({ items: items(1300), measure: 'spend', currency: 'GBP', colors });
    const large = rankedBarChart({ items: items(1301), measure: 'spend', currency: 'GBP', colors });
    expect([small.large, seriesOf(small.option({ width: 800, height: 600 })).large]).toEqual([false, false]);
    expect(seriesOf(small.option({ width: 800, height: 600 })).label.show).toBe(true);
    expect([large.large, large.pixelRatio]).toEqual([true, 1]);
    const ls = seriesOf(large.option({ width: 800, height: 600 }));
    expect([ls.large, ls.label.show]).toEqual([true, false]);
  });

  it('caps the bars at 4283, keeping the top ones and counting the rest', () => {
    const many = items(5000);
    const { items: kept, leftOut } = capBars(many);
    expect(kept).toHaveLength(4283);
    expect(kept[0]).toBe(many[0]);
    expect(leftOut).toBe(717);
    expect(capBars(items(10)).leftOut).toBe(0);
    const chart = rankedBarChart({ items: many, measure: 'supplierCount', currency: '', colors });
    expect([chart.bars, chart.leftOut]).toEqual([4283, 717]);
  });

  it('splits the value axis 2 up to 165 px, 3 up to 190 px, 4 beyond', () => {
    expect(gridSplitCount(100)).toBe(2);
    expect(gridSplitCount(165)).toBe(2);
    expect(gridSplitCount(166)).toBe(3);
    expect(gridSplitCount(190)).toBe(3);
    expect(gridSplitCount(191)).toBe(4);
    expect(gridSplitCount(2000)).toBe(4);
  });

  it('sizes a horizontal bar chart by the minimum bar height (25 small, 15 large)', () => {
    expect(barChartHeight(10)).toBe(10 * 25 + BAR_CHART_CHROME);
    expect(barChartHeight(1300)).toBe(1300 * 25 + BAR_CHART_CHROME);
    expect(barChartHeight(2000)).toBe(2000 * 15 + BAR_CHART_CHROME);
    expect(barChartHeight(2, 160)).toBe(160);
    expect(barChartHeight(MAX_BARS)).toBeLessThanOrEqual(65_000);
  });

  it('skips labels below 20 px per bar (small) or 10 px (large)', () => {
    expect(showAllLabels(10, 20)).toBe(true);
    expect(showAllLabels(10, 19)).toBe(false);
    expect(showAllLabels(2000, 10)).toBe(true);
    expect(showAllLabels(2000, 9)).toBe(false);
  });

  it('truncates category labels to the Y axis width at 7.5 px per character', () => {
    expect(charsThatFit()).toBe(13);
    expect(truncateLabel('Short name')).toBe('Short name');
    expect(truncateLabel('Thirteen char')).toBe('Thirteen char');
    const cut = truncateLabel('A very long supplier category name');
    expect(cut).toHaveLength(13);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('draws the half pie from −105° to 105° (clockwise from the top)', () => {
    expect(echartsAngle(HALF_PIE_START_ANGLE)).toBe(195);
    expect(echartsAngle(HALF_PIE_END_ANGLE)).toBe(-15);
    const { option } = halfPieChart({ items: [{ name: 'A', value: 1 }], measure: 'spend', currency: 'GBP', colors });
    const s = (option as { series: { startAngle: number; endAngle: number }[] }).series[0]!;
    expect([s.startAngle, s.endAngle]).toEqual([195, -15]);
  });

  it('formats spend compact with the currency symbol, counts whole, on the value axis', () => {
    const spend = rankedBarChart({ items: items(3), measure: 'spend', currency: 'GBP', colors });
    const o = spend.option({ width: 600, height: 200 }) as {
      xAxis: { axisLabel: { formatter: (v: number) => string; rotate: number }; splitNumber: number };
    };
    expect(o.xAxis.axisLabel.formatter(1234.56)).toBe('£1.2k');
    expect(o.xAxis.axisLabel.formatter(68_691_577.94)).toBe('£68.7m');
    expect(o.xAxis.axisLabel.formatter(0)).toBe('£0');
    expect(o.xAxis.axisLabel.rotate).toBe(-30);
    expect(o.xAxis.splitNumber).toBe(4);
    const narrow = spend.option({ width: 250, height: 200 }) as { xAxis: { splitNumber: number } };
    expect(narrow.xAxis.splitNumber).toBe(2);
    const count = rankedBarChart({ items: items(3), measure: 'supplierCount', currency: 'GBP', colors });
    const oc = count.option({ width: 600, height: 200 }) as {
      xAxis: { axisLabel: { formatter: (v: number) => string } };
    };
    expect(oc.xAxis.axisLabel.formatter(1234.56)).toBe('1,235');
  });
});
