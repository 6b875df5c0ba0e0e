/**
 * Limits on untrusted input files (DESIGN §6): what a CSV or XLSX upload may cost before it is refused with a clear
 * AnalysisInputError. The spreadsheet limits are Excel's own where Excel has one (1,048,576 rows), tighter where the
 * analysis needs far less (columns, bytes), so a small hostile file cannot make the engine inflate or fill gigabytes.
 */
import { AnalysisInputError } from '../errors.ts';

/** Excel's last row; a row number above it is not a spreadsheet row. */
export const MAX_ROWS = 1_048_576;
/** Columns read from a file (Excel allows 16,384; a supplier or spend file has a few dozen). */
export const MAX_COLUMNS = 2_000;
/** Excel's last column (XFD); a cell reference beyond it is invalid. */
export const EXCEL_MAX_COLUMNS = 16_384;
/** One line of CSV (or one converted worksheet row): DuckDB's max_line_size in ingest. */
export const MAX_LINE_BYTES = 4_000_000;
/** Inflated bytes of a workbook, and bytes of the CSV converted from it (blank fill included). */
export const DEFAULT_XLSX_MAX_BYTES = 1024 * 1024 * 1024;
/** Text of the first rows read for a preview (bounds what crosses back from the worker). */
export const ROWS_MAX_BYTES = 64 * 1024 * 1024;
/** Entries in a workbook's zip (an Excel workbook has a few dozen). */
export const MAX_ZIP_ENTRIES = 10_000;
/** Heap of the worker that reads a workbook; beyond it the worker is stopped and the file refused. */
export const XLSX_WORKER_HEAP_MB = 512;
/** Wall-clock limits of one workbook conversion (whole worksheet) and of a preview (first rows). */
export const XLSX_CONVERT_TIMEOUT_MS = 10 * 60_000;
export const XLSX_PREVIEW_TIMEOUT_MS = 120_000;
/** Workbook workers running at once in one process (each may use up to XLSX_WORKER_HEAP_MB). */
export const XLSX_MAX_CONCURRENT = 2;

const mb = (n: number) => `${Math.round(n / 1e6).toLocaleString('en')} MB`;
export const formatMb = mb;

/** Column number (1-based) → Excel letters: 16384 → XFD. */
export function columnLetters(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

export function tooManyColumns(count: number, where: { file?: string; row?: number } = {}): AnalysisInputError {
  return new AnalysisInputError(
    'TOO_MANY_COLUMNS',
    `the file has ${count.toLocaleString('en')} columns; at most ${MAX_COLUMNS.toLocaleString('en')} are read (remove the empty or unused columns, e.g. a stray value far to the right)`,
    where,
  );
}

/**
 * Checks the head of a text (CSV) file before it is parsed: binary content (NUL bytes outside UTF-16), a first line
 * longer than the head (no line break in the first `head.length` bytes of a larger file) or a line longer than
 * MAX_LINE_BYTES, and a header with more than MAX_COLUMNS fields.
 */
export function checkCsvHead(head: Buffer, fileSize: number, where: { file?: string }, utf16: boolean): void {
  if (!utf16 && head.includes(0))
    throw new AnalysisInputError(
      'UNSUPPORTED_FORMAT',
      'the file is binary (it contains NUL bytes), not a CSV or XLSX file',
      where,
    );
  // 0x0A is the line feed in UTF-8, the 8-bit encodings and (with a zero byte) UTF-16.
  if (!head.includes(0x0a) && fileSize > head.length)
    throw new AnalysisInputError(
      'LINE_TOO_LONG',
      `the first line is longer than ${Math.round(head.length / 1024)} KB; a CSV file has one record per line (is this a CSV file?)`,
      { ...where, row: 1 },
    );
}

/** Refuses a header row with more than MAX_COLUMNS fields. */
export function checkColumnCount(count: number, where: { file?: string; row?: number } = {}): void {
  if (count > MAX_COLUMNS) throw tooManyColumns(count, where);
}

/** A failure of DuckDB's CSV reader on an input file, as an input error with the reader's first line of explanation. */
export function csvReadError(e: Error, file: string): AnalysisInputError {
  const first = String(e?.message ?? e)
    .split('\n')[0]!
    .replace(/^[A-Za-z ]*Error: /, '')
    .slice(0, 300);
  return /max_line_size|Maximum line size/i.test(first)
    ? new AnalysisInputError(
        'LINE_TOO_LONG',
        `a line is longer than ${formatMb(MAX_LINE_BYTES)}; a CSV file has one record per line (is this a CSV file?)`,
        { file },
      )
    : new AnalysisInputError('UNREADABLE_FILE', `the file cannot be read as CSV (${first})`, { file });
}

/** Codes of input errors that are a file exceeding a limit (HTTP 413), as opposed to a file that is wrong (400). */
export const LIMIT_ERROR_CODES: ReadonlySet<string> = new Set([
  'XLSX_TOO_LARGE',
  'XLSX_TIMEOUT',
  'TOO_MANY_COLUMNS',
  'TOO_MANY_ROWS',
  'LINE_TOO_LONG',
]);

export function isLimitError(e: unknown): e is AnalysisInputError {
  return e instanceof AnalysisInputError && LIMIT_ERROR_CODES.has(e.code);
}
