/**
 * CSV export of analytics results (RFC 4180, UTF-8 with BOM for spreadsheet apps). Text cells starting with
 * = + - @ or a tab/CR are prefixed with ' so a spreadsheet never evaluates them as formulas (CSV injection).
 */
import type { TAnalyticsColumn } from '@sextant/shared';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s: string;
  if (typeof value === 'number' || typeof value === 'bigint') s = String(value);
  else if (typeof value === 'boolean') s = value ? 'true' : 'false';
  else {
    if (value instanceof Date) s = value.toISOString();
    else if (Array.isArray(value))
      s = value.map((v) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
    else if (typeof value === 'object') s = JSON.stringify(value);
    else s = String(value);
    if (FORMULA_START.test(s)) s = `'${s}`;
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: readonly TAnalyticsColumn[], rows: readonly unknown[][]): string {
  const lines = [columns.map((c) => csvCell(c.name)).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
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
