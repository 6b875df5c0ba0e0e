/**
 * Preview of an upload (the header row found below any title lines, the first rows, the detected
 * mapping, the worksheets of a workbook) for the mapping UI, and the layout resolution ingest shares:
 * delimiter, header row and headers read the same way in both.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { AnalysisInputError } from '../errors.ts';
import { detectColumns, detectHeaderRow } from './detect.ts';
import type { DetectedMapping } from './detect.ts';
import type { InputKind } from './datapoints.ts';
import { parseCsvRecords, readHead, sniffDelimiter, sniffEncoding } from './sniff.ts';
import type { CsvRecord } from './sniff.ts';
import { xlsxToCsv } from './xlsx.ts';
import { checkColumnCount, checkCsvHead, XLSX_PREVIEW_TIMEOUT_MS } from './limits.ts';

/** Rows of the top of the file shown to pick another header row. */
export const LAYOUT_TOP_ROWS = 15;

export interface FileLayout {
  delimiter: string;
  /** the header's line in the file (1-based; for XLSX the worksheet row) */
  headerRow: number;
  /** the header row the detection chose (equals headerRow unless the user picked another) */
  detectedHeaderRow: number;
  /** physical lines before the first data row (title lines, blank lines, the header) */
  skipLines: number;
  /** headers, blanks named "Column N" and repeats made unique ("Amount (2)") */
  headers: string[];
  /** the header record and every record after it in the sample */
  records: CsvRecord[];
  /** the first records of the file, for the header-row picker */
  top: { row: number; cells: string[] }[];
}

function uniqueHeaders(fields: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return fields.map((raw, i) => {
    const h = raw.replace(/\s+/g, ' ').trim() || `Column ${i + 1}`;
    const n = (seen.get(h.toLowerCase()) ?? 0) + 1;
    seen.set(h.toLowerCase(), n);
    return n > 1 ? `${h} (${n})` : h;
  });
}

/**
 * Delimiter, header row and headers of a UTF-8 CSV text (the start of the file). `headerRow` (1-based
 * line) overrides the detection; it must be a line of the sample that holds something.
 */
export function resolveLayout(
  text: string,
  opts: { delimiter?: string; headerRow?: number; kind?: InputKind; complete?: boolean; file?: string },
): FileLayout {
  const delimiter = opts.delimiter ?? sniffDelimiter(text).delimiter;
  const records = parseCsvRecords(text, delimiter, 200, opts.complete ?? false);
  const filled = (r: CsvRecord) => r.fields.some((f) => f !== '');
  const guess = detectHeaderRow(
    records.map((r) => r.fields),
    opts.kind,
  );
  const detected = records[guess.index];
  let header = detected;
  if (opts.headerRow !== undefined) {
    header = records.find((r) => r.line === opts.headerRow);
    if (!header || !filled(header))
      throw new AnalysisInputError(
        'NO_HEADER',
        `row ${opts.headerRow} ${header ? 'is empty' : 'is not among the first rows of the file'}; choose a row that holds the column headers`,
        { ...(opts.file ? { file: opts.file } : {}), row: opts.headerRow },
      );
  }
  if (!header || !filled(header))
    throw new AnalysisInputError('NO_HEADER', 'no row holds column headers', opts.file ? { file: opts.file } : {});
  let width = header.fields.length;
  while (width > 1 && header.fields[width - 1] === '') width--;
  const headers = uniqueHeaders(header.fields.slice(0, width));
  return {
    delimiter,
    headerRow: header.line,
    detectedHeaderRow: detected?.line ?? header.line,
    skipLines: header.line - 1 + header.lines,
    headers,
    records: records.slice(records.indexOf(header)),
    top: records.slice(0, LAYOUT_TOP_ROWS).map((r) => ({ row: r.line, cells: r.fields })),
  };
}

export interface FilePreview {
  format: 'csv' | 'xlsx';
  encoding: string;
  delimiter: string | null;
  headers: string[];
  rows: string[][];
  detected: DetectedMapping;
  /** each preview row's number as the validation report counts rows (blank lines are not rows) */
  rowNumbers: number[];
  headerRow: number;
  detectedHeaderRow: number;
  top: { row: number; cells: string[] }[];
  /** worksheets of a workbook (empty for CSV) and the one read */
  sheets: string[];
  sheet: string | null;
}

export async function previewFile(
  file: string,
  options: { rows?: number; kind?: InputKind; headerRow?: number; sheet?: string | number; xlsxMaxBytes?: number } = {},
): Promise<FilePreview> {
  const n = options.rows ?? 20;
  const label = path.basename(file);
  if (!existsSync(file)) throw new AnalysisInputError('UNREADABLE_FILE', 'file not found', { file: label });
  if (statSync(file).size === 0) throw new AnalysisInputError('EMPTY_FILE', 'the file is empty', { file: label });
  const head = readHead(file);
  let text: string;
  let encoding: string;
  let format: 'csv' | 'xlsx' = 'csv';
  let sheets: string[] = [];
  let sheet: string | null = null;
  let complete = statSync(file).size <= head.length;
  if (head[0] === 0x50 && head[1] === 0x4b) {
    // The same conversion ingest reads, so row numbers agree.
    const dir = mkdtempSync(path.join(tmpdir(), 'sextant-preview-'));
    try {
      const csv = path.join(dir, 'sheet.csv');
      const r = await xlsxToCsv(file, csv, {
        ...(options.xlsxMaxBytes ? { maxBytes: options.xlsxMaxBytes } : {}),
        ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
        ...(options.kind ? { kind: options.kind } : {}),
        timeoutMs: XLSX_PREVIEW_TIMEOUT_MS,
      });
      sheets = r.sheets;
      sheet = r.sheet;
      const h = readHead(csv);
      complete = statSync(csv).size <= h.length;
      text = h.toString('utf8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    format = 'xlsx';
    encoding = 'XLSX';
  } else {
    const sniff = sniffEncoding(head);
    checkCsvHead(head, statSync(file).size, { file: label }, /^UTF-16/i.test(sniff.encoding));
    encoding = sniff.encoding;
    text = (
      sniff.needsTranscode
        ? iconv.decode(head.subarray(sniff.bom), sniff.encoding)
        : head.subarray(sniff.bom).toString('utf8')
    ).replace(/^\uFEFF/, '');
  }
  if (!text.trim())
    throw new AnalysisInputError(
      'EMPTY_FILE',
      format === 'xlsx' ? 'the workbook has no worksheet with data' : 'the file has no content',
      { file: label },
    );
  const layout = resolveLayout(text, {
    ...(options.headerRow !== undefined ? { headerRow: options.headerRow } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    complete,
    file: label,
  });
  checkColumnCount(layout.headers.length, { file: label, row: layout.headerRow });
  // Rows as ingest numbers them: the lines before the first data row, then one per record (blank lines skipped).
  const data = layout.records
    .slice(1)
    .filter((r) => r.fields.length > 1 || r.fields[0] !== '')
    .map((r, i) => ({ r, row: layout.skipLines + i + 1 }))
    .filter(({ r }) => r.fields.some((f) => f !== ''))
    .slice(0, n);
  return {
    format,
    encoding,
    delimiter: format === 'xlsx' ? null : layout.delimiter,
    headers: layout.headers,
    rows: data.map(({ r }) => r.fields.map((f) => f.replace(/\s+/g, ' '))),
    rowNumbers: data.map(({ row }) => row),
    detected: detectColumns(
      layout.headers,
      options.kind,
      layout.records.slice(1, 51).map((r) => r.fields),
    ),
    headerRow: layout.headerRow,
    detectedHeaderRow: layout.detectedHeaderRow,
    top: layout.top,
    sheets,
    sheet,
  };
}
