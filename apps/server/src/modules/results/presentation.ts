/**
 * The insights presentation: one deck model (title, headline figures, card capability waterfall,
 * score distributions, top countries, industry view, top suppliers, use cases) shown as slides in the app and
 * rendered here as a PPTX with native (editable) charts through pptxgenjs.
 */
import {
  DEFAULT_INDUSTRY_CLASSIFICATION,
  PRESENTATION_TOP_N,
  SCORE_KIND_LABELS,
  chartViewLabel,
  excelMoneyFormat,
  formatMoney,
  formatMoneyCompact,
  industryViewId,
  PRODUCT_CODE_NAME,
  type TPresentationDeck,
} from '@sextant/shared';
import type { TServerT } from '../translations/index.ts';
import type { JobResults } from '../../lib/duckdb/index.ts';
import { chartView, fileBase, jobSummary } from './insights.service.ts';
import { topSuppliersSql, useCasesBySpendSql } from './results-sql.ts';

export async function presentationDeck(r: JobResults): Promise<TPresentationDeck> {
  const overall = { slicer: 'Overall', slicerValue: 'ALL' } as const;
  const industryView = industryViewId(DEFAULT_INDUSTRY_CLASSIFICATION);
  const [summary, countries, industry, topSuppliers, useCases] = await Promise.all([
    jobSummary(r, overall),
    chartView(r, 'country', overall),
    chartView(r, industryView, overall),
    r.all<{ name: string; country: string | null; spend: number | null; cardCapability: string | null }>(
      topSuppliersSql(r.table('suppliers'), PRESENTATION_TOP_N),
    ),
    r.has('useCases')
      ? r.all<{ id: string; name: string; suppliers: number; spend: number; estimatedRebate: number }>(
          useCasesBySpendSql(r.table('useCases')),
        )
      : [],
  ]);
  const ranked = (d: typeof countries) =>
    d.categories
      .slice(0, PRESENTATION_TOP_N)
      .map((c) => ({ name: c.category, suppliers: c.supplierCount, spend: c.spend }));
  return {
    jobId: r.jobId,
    jobName: r.jobName,
    buyerName: r.buyerName,
    date: (r.completedAt ?? new Date().toISOString()).slice(0, 10),
    summary,
    countries: ranked(countries),
    industry: { label: chartViewLabel(industryView), rows: ranked(industry) },
    topSuppliers: topSuppliers.map((s) => ({
      name: s.name,
      country: s.country,
      spend: s.spend ?? 0,
      cardCapability: s.cardCapability ?? 'Unmatched',
    })),
    useCases: useCases.map((u) => ({ ...u, spend: u.spend ?? 0, estimatedRebate: u.estimatedRebate ?? 0 })),
  };
}

/**
 * How a document reads for its reader (issue #33): the texts of the reader's language (the issuer's, else the
 * user's), numbers in that locale, and the issuer's branding (name and primary colour).
 */
export interface DocumentLocale {
  t: TServerT;
  /** Intl locale (en-GB, de, …). */
  locale: string;
  branding: { name: string; primary: string } | null;
}

/** Number, amount and date formats of a locale. */
export const numbersIn = (locale: string) => ({
  /**
   * Exact amounts as money reads in the locale (issue #33, overriding SPEC §9's "one decimal with a currency
   * prefix"): the shared formatter the web app uses — the currency's symbol and own digits ("£68,691,577.94").
   */
  amount: (n: number, currency: string) => formatMoney(n, currency, locale),
  /** Headline figures in the locale's compact form ("£68.7m", "68,7 Mio. £"). */
  amountCompact: (n: number, currency: string) => formatMoneyCompact(n, currency, locale),
  /** Counts whole. */
  count: (n: number) => Math.round(n).toLocaleString(locale),
  pct: (n: number) => `${n.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`,
  date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)),
});

/** Table cells of plain texts. */
const cells = (xs: string[]) => xs.map((text) => ({ text }));
/** Horizontal bars draw the first category at the bottom: reversed so the largest is on top. */
const topFirst = <T>(xs: T[]) => [...xs].reverse();

const INK = '1F2937';
const MUTED = '6B7280';
const DEFAULT_ACCENT = '4F46E5';
const SERIES = ['4F46E5', '0F766E', 'B45309', '2563EB', 'B91C1C', '7C3AED', '15803D', '9D174D'];

export async function buildPptx(
  deck: TPresentationDeck,
  doc: DocumentLocale,
): Promise<{ filename: string; body: Buffer }> {
  const { default: PptxGenJS } = await import('pptxgenjs'); // loaded on first use
  const { t } = doc;
  const { amount, amountCompact, count, pct, date } = numbersIn(doc.locale);
  const ACCENT = (doc.branding?.primary ?? `#${DEFAULT_ACCENT}`).replace(/^#/, '').toUpperCase();
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE'; // 13.33 × 7.5 in
  pptx.title = `${deck.jobName} — ${t('insights:report.kicker')}`;
  pptx.company = doc.branding?.name ?? PRODUCT_CODE_NAME;
  const { summary: s } = deck;
  const cur = s.currency;
  const spendOf = `${t('insights:table.spend')} (${cur})`;
  const capability = (c: string) => t(`insights:capabilities.${c}`);

  const slide = (title: string) => {
    const sl = pptx.addSlide();
    sl.addText(title, { x: 0.5, y: 0.3, w: 12.3, h: 0.7, fontSize: 26, bold: true, color: INK });
    sl.addText(deck.jobName, { x: 0.5, y: 6.95, w: 8, h: 0.35, fontSize: 10, color: MUTED });
    if (doc.branding)
      sl.addText(doc.branding.name, { x: 8.8, y: 6.95, w: 4, h: 0.35, fontSize: 10, color: ACCENT, align: 'right' });
    return sl;
  };
  const barOpts = (values: number[]) => ({
    x: 0.5,
    y: 1.2,
    w: 12.3,
    h: 5.6,
    barDir: 'bar' as const,
    chartColors: [ACCENT],
    showValue: values.length <= 12,
    // bar labels and the value axis in the locale's compact money form ("£68.7m"); the tables carry exact amounts
    dataLabelFormatCode: excelMoneyFormat(cur, doc.locale, { compact: true }),
    valAxisLabelFormatCode: excelMoneyFormat(cur, doc.locale, { compact: true }),
    catAxisLabelFontSize: 10,
    valAxisLabelFontSize: 9,
    dataLabelFontSize: 9,
  });

  // Title
  const title = pptx.addSlide();
  title.background = { color: 'F8FAFC' };
  title.addText(t('insights:report.kicker'), {
    x: 0.8,
    y: 2.0,
    w: 11.7,
    h: 0.6,
    fontSize: 20,
    color: ACCENT,
    bold: true,
  });
  title.addText(deck.jobName, { x: 0.8, y: 2.7, w: 11.7, h: 1.0, fontSize: 40, bold: true, color: INK });
  title.addText(t('insights:report.buyer', { buyer: deck.buyerName ?? '—' }), {
    x: 0.8,
    y: 3.9,
    w: 11.7,
    h: 0.5,
    fontSize: 18,
    color: INK,
  });
  title.addText(date(deck.date), { x: 0.8, y: 4.4, w: 11.7, h: 0.5, fontSize: 16, color: MUTED });

  // Headline figures
  const head = slide(t('insights:sections.headline'));
  const tiles: [string, string][] = [
    [t('insights:figures.suppliers'), count(s.suppliers)],
    [t('insights:figures.spend'), amountCompact(s.spend, cur)],
    [t('insights:figures.matchedSuppliers'), `${count(s.matched.suppliers)} (${pct(s.matched.supplierShare)})`],
    [t('insights:figures.matchedSpend'), `${amountCompact(s.matched.spend, cur)} (${pct(s.matched.spendShare)})`],
    [t('insights:counts.POs'), count(s.counts.POs)],
    [t('insights:counts.invoices'), count(s.counts.invoices)],
    [t('insights:counts.payments'), count(s.counts.payments)],
    [t('insights:counts.transactions'), count(s.counts.transactions)],
  ];
  tiles.forEach(([label, value], i) => {
    const x = 0.5 + (i % 4) * 3.1;
    const y = 1.4 + Math.floor(i / 4) * 2.4;
    head.addShape(pptx.ShapeType.rect, { x, y, w: 2.9, h: 2.1, fill: { color: 'F1F5F9' }, line: { color: 'E2E8F0' } });
    head.addText(label, { x: x + 0.2, y: y + 0.2, w: 2.5, h: 0.4, fontSize: 12, color: MUTED });
    head.addText(value, {
      x: x + 0.2,
      y: y + 0.8,
      w: 2.5,
      h: 0.9,
      fontSize: 20,
      bold: true,
      color: INK,
      fit: 'shrink',
    });
  });

  // Card capability waterfall
  const wf = slide(t('insights:sections.waterfall'));
  wf.addChart(
    pptx.ChartType.bar,
    [
      {
        name: spendOf,
        labels: topFirst(s.waterfall.map((w) => capability(w.capability))),
        values: topFirst(s.waterfall.map((w) => w.spend)),
      },
    ],
    { ...barOpts(s.waterfall.map((w) => w.spend)), w: 7.8 },
  );
  wf.addTable(
    [
      [
        { text: t('insights:table.capability'), options: { bold: true } },
        { text: t('insights:table.suppliers'), options: { bold: true } },
      ],
      ...s.waterfall.map((w) => cells([capability(w.capability), count(w.suppliers)])),
    ],
    { x: 8.6, y: 1.4, w: 4.2, fontSize: 12, color: INK, border: { type: 'solid', color: 'E2E8F0', pt: 0.5 } },
  );

  // Score distributions (suppliers per level, stacked, one bar per score kind)
  const sc = slide(t('insights:sections.scores'));
  if (s.scores) {
    const levels = s.scores[0]!.levels.map((l) => l.level);
    sc.addChart(
      pptx.ChartType.bar,
      levels.map((level) => ({
        name: t(`insights:levels.${level}`),
        labels: topFirst(s.scores!.map((k) => SCORE_KIND_LABELS[k.scoreKind])),
        values: topFirst(s.scores!.map((k) => k.levels.find((l) => l.level === level)?.suppliers ?? 0)),
      })),
      {
        x: 0.5,
        y: 1.2,
        w: 12.3,
        h: 5.6,
        barDir: 'bar',
        barGrouping: 'stacked',
        chartColors: ['15803D', 'B45309', 'B91C1C', '94A3B8'],
        showLegend: true,
        legendPos: 'b',
        valAxisLabelFormatCode: '#,##0',
        catAxisLabelFontSize: 11,
      },
    );
  } else sc.addText(t('insights:scores.notScored'), { x: 0.5, y: 1.4, w: 12, h: 0.5, color: MUTED });

  // Top countries and industry
  const ranked = (heading: string, rows: TPresentationDeck['countries']) => {
    const sl = slide(heading);
    if (!rows.length) sl.addText(t('table:empty'), { x: 0.5, y: 1.4, w: 12, h: 0.5, color: MUTED });
    else
      sl.addChart(
        pptx.ChartType.bar,
        [
          {
            name: spendOf,
            labels: topFirst(rows.map((r) => r.name)),
            values: topFirst(rows.map((r) => r.spend)),
          },
        ],
        { ...barOpts(rows.map((r) => r.spend)), chartColors: [SERIES[1]!] },
      );
  };
  ranked(t('insights:slides.countries', { n: PRESENTATION_TOP_N }), deck.countries);
  ranked(t('insights:slides.industry', { n: PRESENTATION_TOP_N, label: deck.industry.label }), deck.industry.rows);

  // Top suppliers
  const ts = slide(t('insights:slides.topSuppliers', { n: PRESENTATION_TOP_N }));
  ts.addTable(
    [
      [t('insights:table.supplier'), t('insights:table.country'), spendOf, t('insights:table.capability')].map((h) => ({
        text: h,
        options: { bold: true },
      })),
      ...deck.topSuppliers.map((x) =>
        cells([x.name, x.country ?? '—', amount(x.spend, cur), capability(x.cardCapability)]),
      ),
    ],
    { x: 0.5, y: 1.2, w: 12.3, fontSize: 12, color: INK, border: { type: 'solid', color: 'E2E8F0', pt: 0.5 } },
  );

  // Use cases
  const uc = slide(t('insights:slides.useCases'));
  uc.addTable(
    [
      [
        t('insights:table.useCase'),
        t('insights:table.suppliers'),
        spendOf,
        `${t('insights:table.rebate')} (${cur})`,
      ].map((h) => ({
        text: h,
        options: { bold: true },
      })),
      ...deck.useCases.map((u) =>
        cells([u.name, count(u.suppliers), amount(u.spend, cur), amount(u.estimatedRebate, cur)]),
      ),
    ],
    { x: 0.5, y: 1.2, w: 12.3, fontSize: 12, color: INK, border: { type: 'solid', color: 'E2E8F0', pt: 0.5 } },
  );

  const out = (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
  return { filename: `${fileBase(deck.jobName)}-insights.pptx`, body: out };
}
