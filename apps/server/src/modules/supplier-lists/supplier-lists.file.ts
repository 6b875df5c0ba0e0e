/**
 * Reads a supplier list upload (CSV or XLSX): the analysis engine's previewFile detects the format, encoding,
 * delimiter and header row; the rows are then read in full (CSV decoded in memory — lists are small and capped — and
 * parsed by csv-parse, quoted line breaks included; XLSX read in a worker with limits by the engine's xlsx.ts, from
 * the first worksheet with content). The supplier name column is found by its header; names are normalised by the
 * engine's DuckDB macro sx_name_core (normaliseSupplierNames), the one the pipeline matches the lists with.
 */
import { readFile } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse/sync';
import {
  AnalysisInputError,
  isLimitError,
  normaliseHeader,
  normaliseSupplierNames,
  previewFile,
  readXlsxRows,
} from '@sextant/analysis';
import { SUPPLIER_LIST_MAX_ENTRIES } from '@sextant/shared';
import { AppError, fieldError } from '../../lib/errors.ts';

/** A file past a limit of the reader (too many columns, inflates too far…): 413 with the reader's reason. */
const tooLarge = (originalName: string, reason: string) =>
  new AppError(413, 'ValidationError', `"${originalName}" cannot be read: ${reason}`, [
    { path: 'file', message: reason },
  ]);

/** Longest record of a CSV supplier list (characters). */
const MAX_RECORD_CHARS = 100_000;

const NAME_HEADERS = [
  'supplier name',
  'supplier',
  'vendor name',
  'vendor',
  'supplier legal name',
  'vendor legal name',
  'company name',
  'merchant name',
  'merchant',
  'payee name',
  'payee',
  'creditor name',
  'name',
];
const ID_HEADERS = [
  'supplier id',
  'vendor id',
  'supplier number',
  'vendor number',
  'supplier no',
  'vendor no',
  'supplier code',
  'vendor code',
  'supplier ref',
  'vendor ref',
  'id',
];

function findColumn(headers: string[], candidates: string[]): number {
  const norm = headers.map(normaliseHeader);
  for (const c of candidates) {
    const i = norm.indexOf(c);
    if (i >= 0) return i;
  }
  return -1;
}

export interface SupplierFileEntry {
  supplierName: string;
  supplierId: string | null;
  normalisedName: string;
}

export interface SupplierFile {
  entries: SupplierFileEntry[];
  skippedBlank: number;
  duplicates: number;
  nameColumn: string;
  idColumn: string | null;
}

async function allRows(file: string, format: 'csv' | 'xlsx', encoding: string, delimiter: string | null) {
  // An untrusted workbook is read in a worker with limits (analysis xlsx.ts); blank rows are skipped.
  if (format === 'xlsx') return (await readXlsxRows(file, { rows: SUPPLIER_LIST_MAX_ENTRIES + 2 })).rows;
  const buf = await readFile(file);
  const label = encoding.toLowerCase();
  const decoderName = label.includes('16le')
    ? 'utf-16le'
    : label.includes('16be')
      ? 'utf-16be'
      : label.startsWith('utf')
        ? 'utf-8'
        : label.includes('1252') || label.includes('8859')
          ? 'windows-1252'
          : 'utf-8';
  const text = new TextDecoder(decoderName).decode(buf).replace(/^\uFEFF/, '');
  // A record of a supplier list is a name and an id; a line of megabytes (of delimiters, which csv-parse's
  // max_record_size does not count: it bounds a field) would split into millions of fields on the request thread.
  const long = longLine(text, MAX_RECORD_CHARS);
  if (long)
    throw new AnalysisInputError(
      'LINE_TOO_LONG',
      `line ${long} is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters; a supplier list holds a name (and an id) per line`,
    );
  try {
    return parse(text, {
      delimiter: delimiter ?? ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // A record of a supplier list is a name and an id; one of megabytes (of delimiters) would split into millions
      // of fields on the request thread.
      max_record_size: MAX_RECORD_CHARS,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_MAX_RECORD_SIZE')
      throw new AnalysisInputError(
        'LINE_TOO_LONG',
        `line ${err.lines} is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters; a supplier list holds a name (and an id) per line`,
      );
    if (err instanceof CsvError)
      throw new AnalysisInputError('UNREADABLE_FILE', `line ${err.lines}: ${err.message.replace(/^.*?: /, '')}`);
    throw err;
  }
}

/** The 1-based number of the first physical line longer than `max` characters, or 0. */
function longLine(text: string, max: number): number {
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > max) return line;
    if (end === -1) return 0;
    start = end + 1;
  }
  return 0;
}

/** Reads and checks the whole file; throws a 400 with a clear message (field "file") when it cannot be used. */
export async function readSupplierFile(file: string, originalName: string): Promise<SupplierFile> {
  let preview;
  try {
    preview = await previewFile(file, { rows: 1 });
  } catch (err) {
    if (err instanceof AnalysisInputError && err.code === 'EMPTY_FILE')
      throw fieldError('file', `"${originalName}" is empty: it needs a header row with a supplier name column`);
    if (isLimitError(err)) throw tooLarge(originalName, err.reason);
    if (err instanceof AnalysisInputError) throw fieldError('file', `"${originalName}" cannot be read: ${err.reason}`);
    throw fieldError('file', `"${originalName}" is not a readable CSV or XLSX file`);
  }
  const rows = await allRows(file, preview.format, preview.encoding, preview.delimiter).catch((err: unknown) => {
    if (isLimitError(err)) throw tooLarge(originalName, err.reason);
    throw fieldError('file', `"${originalName}" is not a readable CSV or XLSX file`);
  });
  const headers = (rows[0] ?? []).map((h, i) => h.trim() || `Column ${i + 1}`);
  if (rows.length === 0 || headers.every((h) => /^Column \d+$/.test(h)))
    throw fieldError('file', `"${originalName}" is empty: it needs a header row with a supplier name column`);
  const nameIdx = findColumn(headers, NAME_HEADERS);
  if (nameIdx < 0)
    throw fieldError(
      'file',
      `"${originalName}" has no supplier name column: name one column "Supplier Name" (found ${headers
        .slice(0, 8)
        .map((h) => `"${h}"`)
        .join(', ')})`,
    );
  const idIdx = findColumn(headers, ID_HEADERS);
  if (rows.length - 1 > SUPPLIER_LIST_MAX_ENTRIES)
    throw fieldError('file', `"${originalName}" has more than ${SUPPLIER_LIST_MAX_ENTRIES.toLocaleString('en')} rows`);
  const seen = new Set<string>();
  const entries: SupplierFileEntry[] = [];
  let skippedBlank = 0;
  let duplicates = 0;
  const body = rows.slice(1).map((row) => ({
    supplierName: (row[nameIdx] ?? '').trim().slice(0, 300),
    supplierId: idIdx >= 0 ? (row[idIdx] ?? '').trim().slice(0, 100) || null : null,
  }));
  const normalised = await normaliseSupplierNames(body.map((r) => r.supplierName));
  for (const [i, { supplierName, supplierId }] of body.entries()) {
    const normalisedName = normalised[i]!;
    // A name without letters or digits ("-", ";") names nothing: counted with the blank rows.
    if (!supplierName || !normalisedName) {
      skippedBlank++;
      continue;
    }
    const key = `${normalisedName}\u0000${supplierId ?? ''}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    entries.push({ supplierName, supplierId, normalisedName });
  }
  if (entries.length === 0) throw fieldError('file', `"${originalName}" has no supplier names below its header row`);
  return {
    entries,
    skippedBlank,
    duplicates,
    nameColumn: headers[nameIdx]!,
    idColumn: idIdx >= 0 ? headers[idIdx]! : null,
  };
}
