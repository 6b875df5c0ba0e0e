/**
 * CSV export of analytics results (RFC 4180, UTF-8 with BOM for spreadsheet apps). Text cells starting with
 * = + - @ or a tab/CR are prefixed with ' so a spreadsheet never evaluates them as formulas (CSV injection).
 */
import { stringify } from 'csv-stringify/sync';
import type { TAnalyticsColumn } from '@sextant/shared';
import { csvSafe } from '../jobs/index.ts';

/** One value as cell text: arrays joined with ", ", other objects as JSON, text neutralised against formulas. */
const objectText = (value: object): string =>
  csvSafe(
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? value.map((v) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
        : JSON.stringify(value),
  );

export function toCsv(columns: readonly TAnalyticsColumn[], rows: readonly unknown[][]): string {
  const csv = stringify([columns.map((c) => c.name), ...rows], {
    record_delimiter: 'windows',
    // csv-stringify quotes the record delimiter (CRLF) only: a lone line break in a cell must be quoted too.
    quoted_match: /[\r\n]/,
    cast: {
      string: csvSafe,
      boolean: (b) => (b ? 'true' : 'false'),
      date: objectText,
      object: objectText,
    },
  });
  return `\uFEFF${csv}`;
}

export function csvFileName(name: string, now = new Date()): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'analytics';
  return `${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
