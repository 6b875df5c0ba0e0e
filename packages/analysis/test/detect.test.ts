import { describe, expect, it } from 'vitest';
import { detectColumns } from '../src/ingest/detect.ts';

describe('detectColumns', () => {
  it('maps common synonyms to datapoints with confidence', () => {
    const d = detectColumns(
      [
        'Vendor Name',
        'Vendor No.',
        'Post Code',
        'Zip',
        'Country Code',
        'Invoice Amount',
        'Payment Terms',
        'VAT Number',
      ],
      'invoices',
    );
    expect(d.mapping.supplierName).toBe('Vendor Name');
    expect(d.mapping.supplierId).toBe('Vendor No.');
    expect(d.mapping.postcode).toBe('Post Code');
    expect(d.mapping.country).toBe('Country Code');
    expect(d.mapping.amount).toBe('Invoice Amount');
    expect(d.mapping.paymentTerms).toBe('Payment Terms');
    expect(d.mapping.taxId).toBe('VAT Number');
    expect(d.columns.find((c) => c.header === 'Zip')!.datapoint).toBeNull();
    expect(d.confidence).toBe(1);
  });
  it.each([['Supplier'], ['Payee'], ['Vendor'], ['supplier_name'], ['SupplierName']])(
    'recognises %s as supplier name',
    (h) => {
      expect(detectColumns([h, 'Amount'], 'payments').mapping.supplierName).toBe(h);
    },
  );
  it('reports missing required datapoints', () => {
    const d = detectColumns(['Foo', 'Bar'], 'payments');
    expect(d.missingRequired).toEqual(['supplierName', 'amount']);
    expect(d.confidence).toBe(0);
  });
});
