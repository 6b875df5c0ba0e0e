/**
 * Accounts-payable documents for a labelled supplier set, for demo jobs and tests of the consultant
 * (advanced) job type: a supplier master without spend, one invoice per purchase over a year and the
 * payment of each invoice. Each supplier has a buying pattern — how often it is bought from, a typical
 * ticket (log-normal), payment terms and a main payment method (sometimes a second one) — so the
 * frequency, payment-terms and payment-method views of a job have real figures. Deterministic per seed.
 */
import type { LabelledSupplier } from './labelled.ts';
import { int, mix, pick, rng, weighted } from './random.ts';
import type { Rng } from './random.ts';

export interface DemoDocuments {
  /** Supplier master: id, name, address, country, tax id (no spend: spend comes from the payments). */
  suppliers: string;
  /** Invoice Number, Vendor Number, Vendor Name, Invoice Date, Due Date, Payment Terms, Invoice Amount */
  invoices: string;
  /** Payment ID, Vendor Number, Vendor Name, Payment Date, Amount Paid, Payment Method, Invoice Number */
  payments: string;
  invoiceCount: number;
  paymentCount: number;
}

/** Invoices a year (min, max) and how many suppliers are bought from that often. */
const FREQUENCY: readonly (readonly [readonly [number, number], number])[] = [
  [[40, 52], 8],
  [[10, 14], 35],
  [[4, 6], 25],
  [[2, 3], 17],
  [[1, 1], 15],
];
const TERMS = [
  ['Net 30', 40, 30],
  ['Net 45', 12, 45],
  ['Net 60', 14, 60],
  ['Net 90', 5, 90],
  ['Net 15', 9, 15],
  ['Due on receipt', 12, 0],
  ['2/10 Net 30', 8, 30],
] as const;
const METHODS = [
  ['ACH', 46],
  ['Check', 24],
  ['Wire', 12],
  ['Card', 9],
  ['Virtual Card', 9],
] as const;

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const line = (values: string[]) => values.map(cell).join(',');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** Standard normal draw (Box–Muller). */
function normal(r: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

export function makeDemoDocuments(
  suppliers: LabelledSupplier[],
  options: { seed: number; year: number },
): DemoDocuments {
  const master = ['Supplier ID,Supplier Name,Address,City,Postal Code,Country,Tax ID'];
  const invoices = ['Invoice Number,Vendor Number,Vendor Name,Invoice Date,Due Date,Payment Terms,Invoice Amount'];
  const payments = ['Payment ID,Vendor Number,Vendor Name,Payment Date,Amount Paid,Payment Method,Invoice Number'];
  const start = Date.UTC(options.year, 0, 1);
  let paymentNo = 0;
  suppliers.forEach((s, i) => {
    master.push(line([s.supplierId, s.name, s.addressLine1, s.city, s.postcode, s.country, s.taxId]));
    const r = rng(mix(options.seed, i, 31));
    const [lo, hi] = weighted(r, FREQUENCY);
    const n = int(r, lo, hi);
    // Typical ticket: frequent suppliers sell small, one-off suppliers big (median ≈ 600 … 20,000).
    const median = n >= 40 ? 600 : n >= 10 ? 2500 : n >= 4 ? 6000 : 20000;
    const [terms, , days] = weighted(
      r,
      TERMS.map((t) => [t, t[1]] as const),
    );
    const main = weighted(r, METHODS);
    const second =
      r() < 0.3
        ? pick(
            r,
            METHODS.filter(([m]) => m !== main),
          )[0]
        : null;
    for (let k = 0; k < n; k++) {
      const invoiceNo = `INV-${s.supplierId}-${String(k + 1).padStart(3, '0')}`;
      const date = start + Math.floor(((k + r()) / n) * 365) * DAY;
      const amount = Math.max(25, Math.round(median * Math.exp(0.6 * normal(r)) * 100) / 100);
      invoices.push(
        line([invoiceNo, s.supplierId, s.name, iso(date), iso(date + days * DAY), terms, amount.toFixed(2)]),
      );
      // Paid around the due date (some early, some late).
      const paid = date + Math.max(0, days + int(r, -5, 12)) * DAY;
      const method = second && r() < 0.25 ? second : main;
      payments.push(
        line([
          `PAY-${String(++paymentNo).padStart(7, '0')}`,
          s.supplierId,
          s.name,
          iso(paid),
          amount.toFixed(2),
          method,
          invoiceNo,
        ]),
      );
    }
  });
  return {
    suppliers: master.join('\n') + '\n',
    invoices: invoices.join('\n') + '\n',
    payments: payments.join('\n') + '\n',
    invoiceCount: invoices.length - 1,
    paymentCount: payments.length - 1,
  };
}
