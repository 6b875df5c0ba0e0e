/**
 * The PPTX deck in the reader's language and the issuer's branding (issue #33): with a German-language issuer every
 * label is German (the web app's own texts), numbers are grouped the German way, money reads as German money
 * (compact headline figures, exact amounts with the currency's digits and symbol), and the branding's name and
 * primary colour are on the slides; English stays the reference. The business-case workbook likewise.
 */
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import {
  BUSINESS_CASE_DEFAULTS,
  computeBusinessCase,
  type TBusinessCaseBase,
  type TPresentationDeck,
} from '@sextant/shared';
import { businessCaseWorkbook } from './business-case.service.ts';
import { buildPptx, numbersIn } from './presentation.ts';
import { localeOf, type TServerT } from '../translations/index.ts';
import { bundles, keyId } from '../translations/translations.bundles.ts';

/** The bundled texts of a language (the translator without the database's overrides). */
async function textsOf(lang: string): Promise<TServerT> {
  const b = await bundles();
  return (nsKey, params = {}) => {
    const i = nsKey.indexOf(':');
    const id = keyId(nsKey.slice(0, i), nsKey.slice(i + 1));
    const text = b.texts.get(lang)?.get(id) ?? b.texts.get('en')!.get(id)!;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, n: string) => String(params[n]));
  };
}

const deck: TPresentationDeck = {
  jobId: '00000000-0000-4000-8000-000000000001',
  jobName: 'Albion Foods 2026',
  buyerName: 'Albion Foods plc',
  date: '2026-11-27',
  summary: {
    slicer: 'Overall',
    slicerValue: 'ALL',
    jobId: '00000000-0000-4000-8000-000000000001',
    jobName: 'Albion Foods 2026',
    buyerName: 'Albion Foods plc',
    completedAt: '2026-11-27T10:00:00Z',
    currency: 'GBP',
    offer: null,
    suppliers: 1234,
    spend: 68691577.94,
    counts: { spend: 10, POs: 2000, invoices: 3000, payments: 4000, transactions: 5000 },
    matched: { suppliers: 900, spend: 50000000.5, supplierShare: 72.9, spendShare: 72.8 },
    waterfall: [
      { capability: 'STP', suppliers: 100, spend: 1000000 },
      { capability: 'Unmatched', suppliers: 334, spend: 18691577.4 },
    ],
    scores: null,
  },
  countries: [{ name: 'GBR', suppliers: 1000, spend: 60000000 }],
  industry: { label: 'NAICS sector label', rows: [] },
  topSuppliers: [{ name: 'Severn Logistics', country: 'GBR', spend: 1234567.89, cardCapability: 'Unmatched' }],
  useCases: [{ id: 'u1', name: 'Virtual card', suppliers: 12, spend: 345678.9, estimatedRebate: 1234.5 }],
};

const NBSP = '\u00a0';

async function slidesText(body: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files).filter((f) => /^ppt\/(slides\/slide\d+|charts\/chart\d+)\.xml$/.test(f));
  return (await Promise.all(names.map((n) => zip.file(n)!.async('string'))))
    .join('\n')
    .replace(/&#(?:160|xA0);/gi, NBSP)
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>');
}

// pptxgenjs and exceljs load on first use: slow on a loaded machine.
describe('PPTX deck in the reader’s language and the issuer’s branding', { timeout: 180_000 }, () => {
  it('German issuer: German labels, German number grouping and dates, the branding name and colour', async () => {
    const { body } = await buildPptx(deck, {
      t: await textsOf('de'),
      locale: localeOf('de'),
      branding: { name: 'Lloyds', primary: '#006A4D' },
    });
    const xml = await slidesText(body);
    for (const label of ['Kennzahlen', 'Wasserfall der Kartenfähigkeit', 'Lieferanten', 'Kartenfähigkeit'])
      expect(xml, label).toContain(label);
    // the headline tile compact, the tables exact with the currency's two digits, the symbol after the amount
    expect(xml).toContain(`68,7${NBSP}Mio.${NBSP}£`);
    expect(xml).toContain(`1.234.567,89${NBSP}£`);
    expect(xml).toContain(`345.678,90${NBSP}£`);
    expect(xml).toContain(`1.234,50${NBSP}£`);
    // chart labels and axes: German abbreviations as an Excel number format
    expect(xml).toContain(`[>=1000000]#,##0.0,,"${NBSP}Mio.${NBSP}£"`);
    expect(xml).not.toContain('GBP 68');
    expect(xml).toContain('27. November 2026');
    expect(xml).toContain('Lloyds');
    expect(xml).toContain('006A4D');
    for (const english of ['Headline figures', 'Card capability waterfall', 'Matched spend', 'Use cases'])
      expect(xml, english).not.toContain(english);
  });

  it('English reader: the reference texts and en-GB numbers', async () => {
    const { body } = await buildPptx(deck, { t: await textsOf('en'), locale: localeOf('en'), branding: null });
    const xml = await slidesText(body);
    expect(xml).toContain('Headline figures');
    expect(xml).toContain('£68.7m');
    expect(xml).toContain('£1,234,567.89');
    expect(xml).toContain('£345,678.90');
    expect(xml).toContain('[>=1000000]"£"#,##0.0,,"m"');
    expect(xml).toContain('27 November 2026');
  });

  it("formats amounts as money in each locale: the currency's digits and symbol (issue #33 over SPEC §9)", () => {
    expect(numbersIn('fr').amount(1234567.89, 'EUR')).toBe(`1\u202f234\u202f567,89${NBSP}€`);
    expect(numbersIn('fr').amountCompact(1234567.89, 'EUR')).toBe(`1,2${NBSP}M${NBSP}€`);
    expect(numbersIn('ja').amount(1234567.89, 'JPY')).toBe('￥1,234,568');
    expect(numbersIn('en-GB').count(1234.4)).toBe('1,234');
  });

  it('German issuer: the business-case workbook has German sheets, labels and branded headers', async () => {
    const base: TBusinessCaseBase = {
      currency: 'GBP',
      suppliers: 3,
      totalSpend: 3_000_000,
      rows: [
        { level: 'High', method: 'ACH', suppliers: 2, spend: 2_000_000, payments: 120, suppliersWithoutPayments: 0 },
        { level: 'Low', method: 'Check', suppliers: 1, spend: 1_000_000, payments: 0, suppliersWithoutPayments: 1 },
      ],
    };
    const bc = {
      jobName: 'Albion Foods 2026',
      inputs: BUSINESS_CASE_DEFAULTS,
      outputs: computeBusinessCase(base, BUSINESS_CASE_DEFAULTS),
      base,
    };
    const { body } = await businessCaseWorkbook(bc, {
      t: await textsOf('de'),
      locale: localeOf('de'),
      branding: { name: 'Lloyds', primary: '#006A4D' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    expect(wb.creator).toBe('Lloyds');
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Eingaben', 'Ergebnisse']);
    const inputs = wb.getWorksheet('Eingaben')!;
    expect(inputs.getRow(1).values).toEqual([undefined, 'Eingabe', 'Wert', 'Einheit']);
    expect(String(inputs.getRow(2).getCell(1).value)).toMatch(/^Umstellung auf Karte.*: Hoch$/);
    expect(inputs.getRow(1).getCell(1).fill).toMatchObject({ fgColor: { argb: 'FF006A4D' } });
    const results = wb.getWorksheet('Ergebnisse')!;
    expect(results.getRow(1).getCell(1).value).toBe('Jahr');
    expect(String(results.getRow(1).getCell(3).value)).toBe('Kartenausgaben (GBP)');
    // money cells (results, and the payment costs of the inputs): two digits and the pound sign after the amount
    expect(results.getColumn(3).numFmt).toBe(`#,##0.00"${NBSP}£";"-"#,##0.00"${NBSP}£"`);
    expect(inputs.getRow(6).getCell(2).numFmt).toBe(`#,##0.00"${NBSP}£";"-"#,##0.00"${NBSP}£"`);
    expect(results.getRow(5).getCell(1).value).toBe('Gesamt');
  });
});
