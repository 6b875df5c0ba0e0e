import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { makeDemoDocuments } from '../src/network/demo-documents.ts';
import { makeLabelledSuppliers } from '../src/network/labelled.ts';

describe('demo accounts-payable documents', () => {
  const suppliers = makeLabelledSuppliers({ networkSeed: 7, networkSize: 3000, present: 80, absent: 20 });
  const docs = makeDemoDocuments(suppliers, { seed: 1, year: 2025 });
  const rows = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

  it('is deterministic for a seed', () => {
    expect(makeDemoDocuments(suppliers, { seed: 1, year: 2025 })).toEqual(docs);
    expect(makeDemoDocuments(suppliers, { seed: 2, year: 2025 }).invoices).not.toEqual(docs.invoices);
  });

  it('pays every invoice once, in full, on or after its date, and keeps the supplier master without spend', () => {
    const master = rows(docs.suppliers);
    expect(master.map((m) => m['Supplier ID'])).toEqual(suppliers.map((s) => s.supplierId));
    expect(Object.keys(master[0]!)).not.toContain('Annual Spend');
    const invoices = rows(docs.invoices);
    const payments = rows(docs.payments);
    expect(invoices).toHaveLength(docs.invoiceCount);
    expect(payments).toHaveLength(docs.paymentCount);
    const byInvoice = new Map(invoices.map((i) => [i['Invoice Number']!, i]));
    expect(byInvoice.size).toBe(invoices.length);
    const paid = new Set<string>();
    for (const p of payments) {
      const inv = byInvoice.get(p['Invoice Number']!)!;
      expect(inv, p['Invoice Number']).toBeDefined();
      expect(paid.has(p['Invoice Number']!)).toBe(false);
      paid.add(p['Invoice Number']!);
      expect(p['Amount Paid']).toBe(inv['Invoice Amount']);
      expect(p['Vendor Number']).toBe(inv['Vendor Number']);
      expect(p['Payment Date']! >= inv['Invoice Date']!).toBe(true);
      expect(['ACH', 'Check', 'Wire', 'Card', 'Virtual Card']).toContain(p['Payment Method']);
    }
    expect(paid.size).toBe(invoices.length);
    for (const i of invoices) {
      expect(i['Invoice Date']!.startsWith('2025-')).toBe(true);
      const days = (Date.parse(i['Due Date']!) - Date.parse(i['Invoice Date']!)) / 86_400_000;
      const terms = i['Payment Terms']!;
      expect(days).toBe(terms === 'Due on receipt' ? 0 : Number(/Net (\d+)/.exec(terms)![1]));
      expect(Number(i['Invoice Amount'])).toBeGreaterThanOrEqual(25);
    }
    // Buying patterns differ: some suppliers are invoiced weekly, some once a year.
    const perSupplier = new Map<string, number>();
    for (const i of invoices) perSupplier.set(i['Vendor Number']!, (perSupplier.get(i['Vendor Number']!) ?? 0) + 1);
    expect(Math.max(...perSupplier.values())).toBeGreaterThanOrEqual(40);
    expect(Math.min(...perSupplier.values())).toBe(1);
  });
});
