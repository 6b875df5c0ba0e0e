import { describe, expect, it } from 'vitest';
import { FREQUENCY_BANDS, orderCategories, PAYMENT_TERMS_BANDS } from './results-insights.ts';

const cat = (category: string, spend: number) => ({ category, spend });

describe('orderCategories', () => {
  it('ranks categorical views by the measure, largest first', () => {
    const out = orderCategories('country', [cat('DEU', 5), cat('USA', 9), cat('GBR', 7)], (c) => c.spend);
    expect(out.map((c) => c.category)).toEqual(['USA', 'GBR', 'DEU']);
  });

  it('keeps banded views in their scale order, Unknown last, whatever the measure', () => {
    const terms = [cat('Unknown', 99), cat('61-90 days', 1), cat('Immediate (0 days)', 2), cat('16-30 days', 50)];
    expect(orderCategories('invoicePaymentTerms', terms, (c) => c.spend).map((c) => c.category)).toEqual([
      'Immediate (0 days)',
      '16-30 days',
      '61-90 days',
      'Unknown',
    ]);
    const freq = [...FREQUENCY_BANDS].reverse().map((b, i) => cat(b, i));
    expect(orderCategories('transactionFrequency', freq, (c) => c.spend).map((c) => c.category)).toEqual([
      ...FREQUENCY_BANDS,
    ]);
    const counts = [cat('10', 1), cat('2', 5), cat('Unknown', 9), cat('1', 3)];
    expect(orderCategories('paymentMethodCount', counts, (c) => c.spend).map((c) => c.category)).toEqual([
      '1',
      '2',
      '10',
      'Unknown',
    ]);
    expect(PAYMENT_TERMS_BANDS.at(-1)).toBe('Unknown');
  });
});
