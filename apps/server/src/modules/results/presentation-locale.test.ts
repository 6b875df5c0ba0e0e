/**
 * The PPTX deck in the reader's language and the issuer's branding (issue #33): with a German-language issuer every
 * label is German (the web app's own texts), numbers are grouped the German way, and the branding's name and
 * primary colour are on the slides; English stays the reference.
 */
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import type { TPresentationDeck } from '@sextant/shared';
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

async function slidesText(body: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files).filter((f) => /^ppt\/(slides\/slide\d+|charts\/chart\d+)\.xml$/.test(f));
  return (await Promise.all(names.map((n) => zip.file(n)!.async('string')))).join('\n');
}

describe('PPTX deck in the reader’s language and the issuer’s branding', () => {
  it('German issuer: German labels, German number grouping and dates, the branding name and colour', async () => {
    const { body } = await buildPptx(deck, {
      t: await textsOf('de'),
      locale: localeOf('de'),
      branding: { name: 'Lloyds', primary: '#006A4D' },
    });
    const xml = await slidesText(body);
    for (const label of ['Kennzahlen', 'Wasserfall der Kartenfähigkeit', 'Lieferanten', 'Kartenfähigkeit'])
      expect(xml, label).toContain(label);
    expect(xml).toContain('GBP 68.691.577,9');
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
    expect(xml).toContain('GBP 68,691,577.9');
    expect(xml).toContain('27 November 2026');
  });

  it('formats amounts with one decimal and the currency prefix (SPEC §9) in each locale', () => {
    expect(numbersIn('fr').amount(1234567.89, 'EUR').replace(/\s/g, ' ')).toBe('EUR 1 234 567,9');
    expect(numbersIn('en-GB').count(1234.4)).toBe('1,234');
  });
});
