/**
 * Chart tooltips are HTML (ECharts inserts a formatter's return value with innerHTML), and their names are
 * translated texts and uploaded values: every name and line must come out as text. The builders are pure, so they
 * are tested here in node: the only tags left are the tooltip's own `<b>` and `<br/>`, and decoding the entities
 * gives back exactly the text that went in.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { halfPieChart, rankedBarChart, tooltipHtml, type TChartColors } from './builders.ts';

const colors: TChartColors = {
  text: '#111',
  textSecondary: '#444',
  divider: '#ccc',
  paper: '#fff',
  fontFamily: 'Inter',
  series: ['#111111', '#222222'],
  capabilities: ['#001', '#002', '#003', '#004', '#005'],
  levels: ['#0a0', '#aa0', '#a00', '#999'],
};

const ATTACKS = [
  '<img src=x onerror="alert(1)">',
  '"><script>alert(document.cookie)</script>',
  "Tom & Jerry's <b>bold</b>",
  '<svg/onload=alert(1)>',
  '&lt;already escaped&gt;',
];

type TTooltip = { tooltip: { formatter: (p: unknown) => string } };

/** The tooltip's lines as text (its own frame removed, entities decoded); throws on any other markup. */
function linesOf(html: string): string[] {
  const frame = /^<b>([^<>]*)<\/b>((?:<br\/>[^<>]*)*)$/.exec(html);
  if (!frame) throw new Error(`markup beyond the tooltip frame: ${html}`);
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  return [frame[1]!, ...frame[2]!.split('<br/>').slice(1)].map(decode);
}

describe('chart tooltips', () => {
  it('show a hostile bar label and its detail lines as text (ranked bars)', () => {
    for (const label of ATTACKS) {
      const chart = rankedBarChart({
        items: [{ label, value: 1234.5, details: [label, 'plain'] }],
        measure: 'spend',
        currency: 'GBP',
        colors,
      });
      const o = chart.option({ width: 600, height: 300 }) as TTooltip;
      const html = o.tooltip.formatter([{ dataIndex: 0 }]);
      expect(html).not.toMatch(/<(?!\/?b>|br\/>)/);
      expect(linesOf(html)).toEqual([label, '£1,234.50', label, 'plain']);
    }
  });

  it('show a hostile slice name (a translated capability) and its details as text (half pie)', () => {
    for (const name of ATTACKS) {
      const { option } = halfPieChart({
        items: [
          { name, value: 3, details: [`${name} detail`] },
          { name: 'other', value: 1 },
        ],
        measure: 'supplierCount',
        currency: '',
        colors,
      });
      const html = (option as TTooltip).tooltip.formatter({ name, value: 3, dataIndex: 0 });
      expect(html).not.toMatch(/<(?!\/?b>|br\/>)/);
      expect(linesOf(html)).toEqual([name, '3 (75.0%)', `${name} detail`]);
    }
  });

  it('keep any title and lines as text (property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(fc.string({ unit: 'binary' }), { maxLength: 4 }), (t, ls) => {
        expect(linesOf(tooltipHtml(t, ls))).toEqual([t, ...ls]);
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });
});
