/**
 * Merge accounting records → the job's input files, in the layouts a user would upload (headers the engine's
 * datapoint synonyms recognise: packages/analysis/src/ingest/datapoints.ts), so the files are inspected, validated
 * and run exactly like CSV uploads.
 *
 * - Summary jobs (base, matched-data-only) take one supplier summary: each supplier contact with its spend (the sum
 *   of its accounts-payable invoices, one row per currency) and its invoice count.
 * - Advanced jobs take the supplier master (no amounts), the accounts-payable invoices and the payments to suppliers.
 *
 * A record that cannot be read (an invoice or payment without an amount, a supplier without a name) stops the import
 * with a message naming the record; records deleted in the accounting system are left out, and so are invoices and
 * payments of contacts Merge does not mark as suppliers (counted in the summary).
 */
import { stringify } from 'csv-stringify/sync';
import { JOB_TYPE_INPUT_KINDS, type TInputKind, type TJobType } from '@sextant/shared';
import type { MergeContact, MergeInvoice, MergePayment } from './merge.client.ts';

interface ImportedFile {
  dataKind: TInputKind;
  name: string;
  csv: string;
  rows: number;
}

export class MergeDataError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Merge returned records that cannot be imported (${problems.length}): ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`,
    );
  }
}

const SUPPLIER_HEADERS = [
  'Supplier id',
  'Supplier name',
  'Address line 1',
  'Address line 2',
  'City',
  'Region',
  'Postcode',
  'Country',
  'Tax id',
];

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const text = (v: string | null | undefined) => (v ?? '').trim();

/** The amount of a record, or a problem naming it. */
function amountOf(v: number | string | null | undefined): number | 'missing' | 'bad' {
  if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) return 'missing';
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 'bad';
}

function supplierColumns(c: MergeContact): string[] {
  const addresses = c.addresses ?? [];
  const a = addresses.find((x) => x.type === 'BILLING') ?? addresses[0] ?? {};
  return [
    text(c.remote_id) || c.id,
    text(c.name),
    text(a.street_1),
    text(a.street_2),
    text(a.city),
    text(a.state ?? a.country_subdivision),
    text(a.zip_code),
    text(a.country),
    text(c.tax_number),
  ];
}

export function mergeToFiles(
  jobType: TJobType,
  data: { contacts: MergeContact[]; invoices: MergeInvoice[]; payments: MergePayment[] },
): { files: ImportedFile[]; summary: string } {
  const problems: string[] = [];
  const contacts = data.contacts.filter((c) => !c.remote_was_deleted && c.is_supplier !== false);
  const byId = new Map(contacts.map((c) => [c.id, c]));
  for (const c of contacts)
    if (!text(c.name)) problems.push(`supplier contact ${text(c.remote_id) || c.id} (Merge id ${c.id}) has no name`);
  const supplierName = (id: string | null | undefined) => (id ? text(byId.get(id)?.name) : '');

  let otherContacts = 0;
  const invoices: { i: MergeInvoice; amount: number }[] = [];
  for (const i of data.invoices) {
    if (i.remote_was_deleted || (i.type && i.type !== 'ACCOUNTS_PAYABLE')) continue;
    const label = `invoice ${text(i.number) || text(i.remote_id) || i.id} (Merge id ${i.id})`;
    if (!i.contact || !byId.has(i.contact)) {
      otherContacts++;
      continue;
    }
    const amount = amountOf(i.total_amount);
    if (amount === 'missing') problems.push(`${label} of ${supplierName(i.contact)} has no total amount`);
    else if (amount === 'bad')
      problems.push(
        `${label} of ${supplierName(i.contact)} has a total amount that is not a number ("${String(i.total_amount)}")`,
      );
    else invoices.push({ i, amount });
  }
  const payments: { p: MergePayment; amount: number }[] = [];
  for (const p of data.payments) {
    if (p.remote_was_deleted || (p.type && p.type !== 'ACCOUNTS_PAYABLE')) continue;
    const label = `payment ${text(p.remote_id) || p.id} (Merge id ${p.id})`;
    if (!p.contact || !byId.has(p.contact)) {
      otherContacts++;
      continue;
    }
    const amount = amountOf(p.total_amount);
    if (amount === 'missing') problems.push(`${label} to ${supplierName(p.contact)} has no total amount`);
    else if (amount === 'bad')
      problems.push(
        `${label} to ${supplierName(p.contact)} has a total amount that is not a number ("${String(p.total_amount)}")`,
      );
    else payments.push({ p, amount });
  }
  if (problems.length) throw new MergeDataError(problems);
  if (!contacts.length) throw new MergeDataError(['the accounting system has no supplier contacts']);

  const files: ImportedFile[] = [];
  const csv = (headers: string[], rows: (string | number)[][]) => stringify([headers, ...rows]);
  const kinds = JOB_TYPE_INPUT_KINDS[jobType];
  if (!kinds.includes('invoices')) {
    // Summary job: one row per supplier and currency, spend = its accounts-payable invoices.
    const spend = new Map<string, { amount: number; count: number }>();
    for (const { i, amount } of invoices) {
      const key = `${i.contact}\u0000${text(i.currency) || text(byId.get(i.contact!)?.currency)}`;
      const s = spend.get(key) ?? { amount: 0, count: 0 };
      s.amount += amount;
      s.count++;
      spend.set(key, s);
    }
    const rows: (string | number)[][] = [];
    for (const c of contacts) {
      const mine = [...spend].filter(([k]) => k.startsWith(`${c.id}\u0000`));
      if (!mine.length) rows.push([...supplierColumns(c), 0, text(c.currency), 0]);
      for (const [k, s] of mine)
        rows.push([...supplierColumns(c), Math.round(s.amount * 100) / 100, k.split('\u0000')[1]!, s.count]);
    }
    files.push({
      dataKind: 'suppliers',
      name: 'merge-suppliers.csv',
      csv: csv([...SUPPLIER_HEADERS, 'Amount', 'Currency', 'Transaction count'], rows),
      rows: rows.length,
    });
  } else {
    files.push({
      dataKind: 'suppliers',
      name: 'merge-suppliers.csv',
      csv: csv(
        SUPPLIER_HEADERS,
        contacts.map((c) => supplierColumns(c)),
      ),
      rows: contacts.length,
    });
    if (invoices.length)
      files.push({
        dataKind: 'invoices',
        name: 'merge-invoices.csv',
        csv: csv(
          ['Supplier id', 'Supplier name', 'Invoice number', 'Amount', 'Currency', 'Invoice date', 'Due date'],
          invoices.map(({ i, amount }) => {
            const c = byId.get(i.contact!)!;
            return [
              text(c.remote_id) || c.id,
              text(c.name),
              text(i.number) || text(i.remote_id) || i.id,
              amount,
              text(i.currency) || text(c.currency),
              day(i.issue_date),
              day(i.due_date),
            ];
          }),
        ),
        rows: invoices.length,
      });
    if (payments.length)
      files.push({
        dataKind: 'payments',
        name: 'merge-payments.csv',
        csv: csv(
          ['Supplier id', 'Supplier name', 'Payment reference', 'Amount', 'Currency', 'Payment date'],
          payments.map(({ p, amount }) => {
            const c = byId.get(p.contact!)!;
            return [
              text(c.remote_id) || c.id,
              text(c.name),
              text(p.remote_id) || p.id,
              amount,
              text(p.currency) || text(c.currency),
              day(p.transaction_date),
            ];
          }),
        ),
        rows: payments.length,
      });
  }
  const summary = `${contacts.length} supplier(s), ${invoices.length} accounts-payable invoice(s), ${payments.length} payment(s)${otherContacts ? `; ${otherContacts} invoice(s)/payment(s) of contacts not marked as suppliers left out` : ''}`;
  return { files, summary };
}
