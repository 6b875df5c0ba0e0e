/**
 * Ingest: one CSV or XLSX file of one input kind → typed Parquet in the working directory,
 * plus a per-row issue report. Streaming end to end (DuckDB's CSV reader, exceljs' streaming
 * reader, line-wise transcoding), so memory does not grow with the file.
 *
 * Row numbers follow spreadsheet numbering: the header is row 1, the first data row is row 2
 * (for files without line breaks inside quoted fields, that is the line number).
 * Severity: "error" = the row is not used (listed in the report); "warning" = the row is used
 * but a value was cleared or a note applies. rowsRead = rowsAccepted + rowsRejected, always.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AnalysisInputError } from '../errors.ts';
import { copyToParquet, tempDirOf, withDb } from '../db.ts';
import type { Db } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { DATAPOINTS, INPUT_KINDS, KIND_DATAPOINTS, KIND_REQUIRED } from './datapoints.ts';
import type { DatapointId, InputKind } from './datapoints.ts';
import { detectColumns } from './detect.ts';
import { resolveLayout } from './preview.ts';
import type { ColumnSuggestion, DetectedMapping } from './detect.ts';
import { readHead, sniffEncoding, transcodeToUtf8 } from './sniff.ts';
import { DEFAULT_XLSX_MAX_BYTES, xlsxToCsv } from './xlsx.ts';
import { checkColumnCount, checkCsvHead, csvReadError } from './limits.ts';
import type { ProgressFn } from '../progress.ts';
import {
  acceptedRowsSql,
  amountTotalsSql,
  dateOrderSampleSql,
  decimalSampleSql,
  dictionaryColumnSql,
  dictionaryEntriesSql,
  dictionaryNullSql,
  dictionaryTableSql,
  directColumnSql,
  footerIssuesSql,
  footerSql,
  ingestCountsSql,
  ingestMacrosSql,
  isDayFirst,
  isDecimalComma,
  isDictionaryType,
  issueSampleSql,
  issuesByReasonSql,
  issuesOutSql,
  issuesSql,
  lastTotalSql,
  legacyLinesIssuesSql,
  MAX_CASE_DICTIONARY,
  numberedRowsSql,
  outOfOrderSql,
  presentColumns,
  readCsvSql,
  rejectedRowsSql,
  tooWideSql,
  typedRowsSql,
} from './ingest-sql.ts';
import type { HeaderMapping, RawColumns, ValueFormat } from './ingest-sql.ts';

export type ColumnMapping = Partial<Record<DatapointId, string | null>>;

export interface IngestOptions {
  file: string;
  kind: InputKind;
  workDir: string;
  /** overrides of the auto-detected mapping: datapoint → header (null unmaps) */
  mapping?: ColumnMapping;
  /** distinguishes several files of one kind; default derived from the file name */
  name?: string;
  delimiter?: string;
  /** the header's line (1-based; for XLSX the worksheet row); default: detected below any title lines */
  headerRow?: number;
  /** XLSX: worksheet by name or 0-based index; default: the one whose first rows best hold a table of `kind` */
  sheet?: string | number;
  xlsxMaxBytes?: number;
  onProgress?: ProgressFn;
}

export interface IngestIssue {
  row: number;
  column: string | null;
  value: string | null;
  reason: string;
  severity: 'error' | 'warning';
}

/** The spend of the accepted rows in one currency (null: no or an unknown currency, read as the job currency). */
export interface AmountTotal {
  currency: string | null;
  amount: number;
  /** accepted rows with an amount in this currency */
  rows: number;
}

export interface IngestReport {
  name: string;
  file: string;
  kind: InputKind;
  format: 'csv' | 'xlsx';
  encoding: string;
  delimiter: string;
  /** the header's line (1-based) and the one detected; title lines above it are not read */
  headerRow: number;
  detectedHeaderRow: number;
  /** XLSX: the worksheets and the one read */
  sheets: string[];
  sheet: string | null;
  headers: string[];
  /** datapoint → header actually used */
  mapping: Partial<Record<DatapointId, string>>;
  columns: ColumnSuggestion[];
  mappingConfidence: number;
  rowsRead: number;
  rowsAccepted: number;
  rowsRejected: number;
  /** rows not used because they are totals or subtotals (counted in rowsRejected, reported as warnings) */
  rowsTotals: number;
  /** spend of the accepted rows per currency (empty without an amount column) */
  amountTotals: AmountTotal[];
  issueCount: number;
  issuesByReason: Record<string, number>;
  /** first 200 issues; all of them are in `issuesFile` */
  issues: IngestIssue[];
  dataFile: string;
  issuesFile: string;
  seconds: number;
}

export function ingestName(file: string, kind: InputKind): string {
  return `${kind}-${path
    .basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, 60)}`;
}

/** Below the 1.5 GB default: ingest holds the raw and the typed table at once; peak RSS stays under 2 GB. */
const INGEST_MEMORY_LIMIT = '1GB';
/** Issues listed in the report itself (all of them are in the issues file). */
const REPORT_ISSUES = 200;

/** The input as a UTF-8 CSV DuckDB can stream: the file itself, its transcoding, or a workbook's sheet. */
interface CsvSource {
  csv: string;
  isXlsx: boolean;
  encoding: string;
  /** lines that were not valid UTF-8 (decoded in the legacy encoding) */
  legacyLines: number[];
  sheets: string[];
  sheet: string | null;
}

async function toUtf8Csv(
  file: string,
  name: string,
  tmp: string,
  options: IngestOptions,
  onProgress: ProgressFn,
): Promise<CsvSource> {
  const label = path.basename(file);
  const head = readHead(file, 8);
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    onProgress(2, 'Reading workbook');
    const csv = path.join(tmp, `${name}.xlsx.csv`);
    const r = await xlsxToCsv(file, csv, {
      maxBytes: options.xlsxMaxBytes ?? DEFAULT_XLSX_MAX_BYTES,
      ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
      kind: options.kind,
    });
    return { csv, isXlsx: true, encoding: 'XLSX', legacyLines: [], sheets: r.sheets, sheet: r.sheet };
  }
  if (/\.(xls|xlsb|ods|numbers|pdf|zip)$/i.test(file))
    throw new AnalysisInputError('UNSUPPORTED_FORMAT', 'unsupported file format; upload CSV or XLSX', {
      file: label,
    });
  const sniffHead = readHead(file);
  const sniff = sniffEncoding(sniffHead);
  checkCsvHead(sniffHead, statSync(file).size, { file: label }, /^UTF-16/i.test(sniff.encoding));
  const source: CsvSource = {
    csv: file,
    isXlsx: false,
    encoding: sniff.encoding,
    legacyLines: [],
    sheets: [],
    sheet: null,
  };
  if (!sniff.needsTranscode) return source;
  onProgress(2, `Converting ${sniff.encoding} to UTF-8`);
  const csv = path.join(tmp, `${name}.utf8.csv`);
  const legacy = await transcodeToUtf8(file, csv, sniff);
  return {
    ...source,
    csv,
    legacyLines: legacy.legacyLineCount > 0 ? legacy.legacyLines : [],
    encoding:
      legacy.legacyLineCount > 0 && !/^UTF-16/i.test(sniff.encoding) ? `mixed UTF-8/${sniff.encoding}` : sniff.encoding,
  };
}

/** The detected mapping with the caller's overrides; every datapoint the kind needs is mapped, or an input error. */
function resolveMapping(
  headers: string[],
  kind: InputKind,
  detected: DetectedMapping,
  overrides: ColumnMapping,
  hint: { file: string; firstLine: string; delimiter: string },
): Partial<Record<DatapointId, string>> {
  const label = hint.file;
  const mapping: Partial<Record<DatapointId, string>> = { ...detected.mapping };
  for (const [dp, h] of Object.entries(overrides) as [DatapointId, string | null][]) {
    if (!KIND_DATAPOINTS[kind].includes(dp))
      throw new AnalysisInputError(
        'INVALID_ARGUMENT',
        `datapoint "${dp}" does not apply to ${kind} files (allowed: ${KIND_DATAPOINTS[kind].join(', ')})`,
        { file: label },
      );
    if (h === null) delete mapping[dp];
    else {
      if (!headers.includes(h))
        throw new AnalysisInputError(
          'UNKNOWN_MAPPED_COLUMN',
          `the mapping names column "${h}" for ${dp}, but the file has no such column (columns: ${headers.join(', ')})`,
          { file: label },
        );
      for (const [k, v] of Object.entries(mapping)) if (v === h && k !== dp) delete mapping[k as DatapointId];
      mapping[dp] = h;
    }
  }
  for (const req of KIND_REQUIRED[kind]) {
    if (mapping[req]) continue;
    const single =
      headers.length === 1
        ? ` The header was read as a single column ("${hint.firstLine.slice(0, 80)}") with delimiter "${hint.delimiter === '\t' ? 'TAB' : hint.delimiter}"; check the delimiter.`
        : '';
    if (req === 'supplierName')
      throw new AnalysisInputError(
        'NO_SUPPLIER_NAME_COLUMN',
        `no column recognised as the supplier name (columns: ${headers.map((h) => `"${h}"`).join(', ')}). Name a column e.g. "Supplier Name", "Vendor" or "Payee", or map one explicitly.${single}`,
        { file: label },
      );
    throw new AnalysisInputError(
      'MISSING_REQUIRED_COLUMN',
      `no column recognised as ${DATAPOINTS[req].label.toLowerCase()}, which ${kind} files need (columns: ${headers.map((h) => `"${h}"`).join(', ')}).${single}`,
      { file: label },
    );
  }
  return mapping;
}

/** What the SQL part of ingest needs: the CSV, its layout and the resolved mapping. */
interface IngestSqlInput {
  name: string;
  kind: InputKind;
  label: string;
  source: CsvSource;
  headers: string[];
  skipLines: number;
  delimiter: string;
  mapping: HeaderMapping;
  dataFile: string;
  issuesFile: string;
  onProgress: ProgressFn;
}

/**
 * Reads the file once, in parallel, into `raw`. With insertion order preserved, a fresh table's rowid is the row's
 * position in the file (a row_number() window would make the read and every conversion after it single-threaded).
 * A file DuckDB's reader gives up on (binary content, a line past max_line_size…) is an input error.
 */
async function readRaw(db: Db, input: IngestSqlInput): Promise<void> {
  const read = (parallel: boolean) =>
    db.run(
      readCsvSql(input.source.csv, {
        columnCount: input.headers.length,
        skipLines: input.skipLines,
        delimiter: input.delimiter,
        parallel,
      }),
    );
  try {
    await read(true);
  } catch (err) {
    // DuckDB's parallel reader cannot pad short rows in a file with line breaks inside quotes: read it serially.
    if (!/null_padding in conjunction with quoted new lines/i.test((err as Error).message))
      throw csvReadError(err as Error, input.label);
    await read(false).catch((e: Error) => {
      throw csvReadError(e, input.label);
    });
  }
}

/** Column-level format detection on the first rows: decimal comma, day-first dates. */
async function detectValueFormat(db: Db, cols: RawColumns, delimiter: string): Promise<ValueFormat> {
  const decimalComma = cols.amount
    ? isDecimalComma(await db.one<{ comma: number; dot: number }>(decimalSampleSql(cols.amount)))
    : false;
  const dateCol = cols.date ?? cols.dueDate;
  const dayFirst = dateCol
    ? isDayFirst(await db.one<{ dmy: number; mdy: number }>(dateOrderSampleSql(dateCol)), delimiter)
    : true;
  return { decimalComma, dayFirst };
}

/**
 * The select expression (and join) of each mapped datapoint's typed value; builds the dictionaries it needs. A
 * dictionary is inlined as a CASE up to MAX_CASE_DICTIONARY entries and joined beyond (`inline` forces one form).
 */
async function typedColumns(
  db: Db,
  cols: RawColumns,
  fmt: ValueFormat,
  inline?: boolean,
): Promise<{ select: string; join: string | null }[]> {
  const out: { select: string; join: string | null }[] = [];
  for (const dp of presentColumns(cols)) {
    const col = cols[dp]!;
    if (!isDictionaryType(dp)) {
      out.push({ select: directColumnSql(dp, col, fmt), join: null });
      continue;
    }
    // Low-cardinality values (codes, methods, terms): converted once per distinct raw value.
    await db.run(dictionaryTableSql(dp, col, fmt));
    const ifNull = (await db.one<{ v: string | null }>(dictionaryNullSql(dp, fmt)))!.v;
    const entries = await db.all<{ raw: string; v: string | null }>(dictionaryEntriesSql(dp));
    const asCase = inline ?? entries.length <= MAX_CASE_DICTIONARY;
    out.push(dictionaryColumnSql(dp, col, ifNull, asCase ? entries : null));
  }
  return out;
}

export interface CheckRowsInput {
  /** The raw column (c0…) of each mapped datapoint. */
  cols: RawColumns;
  fmt: ValueFormat;
  mapping: HeaderMapping;
  kind: InputKind;
  columnCount: number;
  skipLines: number;
  delimiter: string;
  isXlsx: boolean;
  /** Tests only: force the CASE form (true) or the join (false) for every dictionary. */
  inline?: boolean;
  onProgress?: ProgressFn;
}

/**
 * From `raw` and `rej` (the reader's rows and rejected lines) to the numbered, typed rows and the `issues` table,
 * in this order: typed values, rejected lines, row numbers (file order checked), issues, totals rows. Drops `raw`.
 * Returns the footer expression (which rows are totals) and whether the typed rows are in file order.
 */
export async function checkRows(db: Db, o: CheckRowsInput): Promise<{ footer: string; inFileOrder: boolean }> {
  const { cols, mapping, skipLines } = o;
  const typed = await typedColumns(db, cols, o.fmt, o.inline);
  await db.run(typedRowsSql({ cols, columnCount: o.columnCount, tooWide: tooWideSql(o.isXlsx), typed }));
  await db.run(`DROP TABLE raw`);
  for (const sql of rejectedRowsSql(skipLines)) await db.run(sql);
  const hasRejects = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM rej_rows`))!.n > 0;
  // Rows are written in file order: without a sort when typed0 already is in that order (insertion
  // order is preserved, so this is the normal case; checked, not assumed).
  const inFileOrder = !hasRejects && (await db.one<{ n: number }>(outOfOrderSql()))!.n === 0;
  for (const sql of numberedRowsSql(cols, skipLines, hasRejects)) await db.run(sql);

  o.onProgress?.(60, 'Collecting issues');
  for (const sql of issuesSql({
    mapping,
    kind: o.kind,
    columnCount: o.columnCount,
    delimiter: o.delimiter,
    decimalComma: o.fmt.decimalComma,
  }))
    await db.run(sql);
  const lastTotal = mapping.amount ? ((await db.one<{ n: number | null }>(lastTotalSql()))?.n ?? null) : null;
  const footer = footerSql(lastTotal, !!mapping.supplierId);
  if (lastTotal !== null) await db.run(footerIssuesSql(footer, mapping.supplierName!));
  return { footer, inFileOrder };
}

/** The SQL part of ingest: raw rows → typed rows → data and issue Parquet files, and the report's counts. */
async function runIngestSql(db: Db, input: IngestSqlInput) {
  const { mapping, headers, skipLines, onProgress } = input;
  await loadReference(db, ['ref_countries', 'ref_mcc', 'ref_currencies']);
  for (const sql of ingestMacrosSql()) await db.run(sql);
  await readRaw(db, input);
  const cols: RawColumns = Object.fromEntries(Object.entries(mapping).map(([dp, h]) => [dp, `c${headers.indexOf(h)}`]));
  const fmt = await detectValueFormat(db, cols, input.delimiter);
  onProgress(20, 'Reading and validating rows');
  const { kind, delimiter } = input;
  const { footer, inFileOrder } = await checkRows(db, {
    cols,
    fmt,
    mapping,
    kind,
    columnCount: headers.length,
    skipLines,
    delimiter,
    isXlsx: input.source.isXlsx,
    onProgress,
  });
  if (input.source.legacyLines.length > 0)
    await db.run(legacyLinesIssuesSql(input.source.legacyLines, input.source.encoding.replace('mixed UTF-8/', '')));

  onProgress(75, 'Writing Parquet');
  await db.run(
    copyToParquet(acceptedRowsSql({ name: input.name, kind, cols, footer, inFileOrder }), input.dataFile, 'snappy'),
  );
  await db.run(copyToParquet(issuesOutSql(), input.issuesFile));
  const counts = (await db.one<{ read: number; accepted: number; issues: number; totals: number }>(
    ingestCountsSql(input.dataFile),
  ))!;
  const byReason = await db.all<{ reason: string; n: number }>(issuesByReasonSql());
  const sample = await db.all<IngestIssue>(issueSampleSql(REPORT_ISSUES));
  const amountTotals = mapping.amount ? await db.all<AmountTotal>(amountTotalsSql(input.dataFile)) : [];
  return { counts, byReason, sample, amountTotals };
}

export async function ingestFile(options: IngestOptions): Promise<IngestReport> {
  const t0 = performance.now();
  const { file, kind, workDir } = options;
  const onProgress = options.onProgress ?? (() => {});
  if (!INPUT_KINDS.includes(kind))
    throw new AnalysisInputError(
      'INVALID_ARGUMENT',
      `unknown input kind "${kind}" (expected one of ${INPUT_KINDS.join(', ')})`,
    );
  const label = path.basename(file);
  if (!existsSync(file)) throw new AnalysisInputError('UNREADABLE_FILE', 'file not found', { file: label });
  if (statSync(file).size === 0) throw new AnalysisInputError('EMPTY_FILE', 'the file is empty', { file: label });
  const name = options.name ?? ingestName(file, kind);
  const dir = path.join(workDir, 'ingest');
  const tmp = tempDirOf(workDir);
  mkdirSync(dir, { recursive: true });
  mkdirSync(tmp, { recursive: true });

  // 1. Format, encoding → a UTF-8 CSV DuckDB can stream.
  const source = await toUtf8Csv(file, name, tmp, options, onProgress);
  const headBytes = readHead(source.csv);
  const text = headBytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim())
    throw new AnalysisInputError(
      'EMPTY_FILE',
      source.isXlsx ? 'the workbook has no worksheet with data' : 'the file has no content',
      { file: label },
    );
  // Header row: detected below title lines, notes and blank lines, or the one the user chose.
  const layout = resolveLayout(text, {
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    ...(options.headerRow !== undefined ? { headerRow: options.headerRow } : {}),
    kind,
    complete: statSync(source.csv).size <= headBytes.length,
    file: label,
  });
  const { delimiter, headers, skipLines } = layout;
  checkColumnCount(headers.length, { file: label, row: layout.headerRow });

  // 2. Mapping: detection, then overrides.
  const detected = detectColumns(
    headers,
    kind,
    layout.records.slice(1, 51).map((r) => r.fields),
  );
  const firstLine = layout.records[0]!.fields.join(delimiter);
  const mapping = resolveMapping(headers, kind, detected, options.mapping ?? {}, { file: label, firstLine, delimiter });

  // 3. Rows: typed Parquet and the issue report, in DuckDB.
  onProgress(5, 'Reading rows');
  const dataFile = path.join(dir, `${name}.parquet`);
  const issuesFile = path.join(dir, `${name}.issues.parquet`);
  const report = await withDb({ tempDir: tmp, memoryLimit: INGEST_MEMORY_LIMIT }, (db) =>
    runIngestSql(db, {
      name,
      kind,
      label,
      source,
      headers,
      skipLines,
      delimiter,
      mapping,
      dataFile,
      issuesFile,
      onProgress,
    }),
  );
  if (report.counts.read === 0)
    throw new AnalysisInputError('NO_DATA_ROWS', 'the file has a header but no data rows', { file: label });
  const result: IngestReport = {
    name,
    file,
    kind,
    format: source.isXlsx ? 'xlsx' : 'csv',
    encoding: source.encoding,
    delimiter,
    headerRow: layout.headerRow,
    detectedHeaderRow: layout.detectedHeaderRow,
    sheets: source.sheets,
    sheet: source.sheet,
    headers,
    mapping,
    columns: detected.columns,
    mappingConfidence: detected.confidence,
    rowsRead: report.counts.read,
    rowsAccepted: report.counts.accepted,
    rowsRejected: report.counts.read - report.counts.accepted,
    rowsTotals: Number(report.counts.totals),
    amountTotals: report.amountTotals.map((t) => ({ currency: t.currency, amount: t.amount, rows: Number(t.rows) })),
    issueCount: report.counts.issues,
    issuesByReason: Object.fromEntries(report.byReason.map((r) => [r.reason.replace(/\s+/g, ' ').trim(), r.n])),
    issues: report.sample,
    dataFile,
    issuesFile,
    seconds: Math.round((performance.now() - t0) / 10) / 100,
  };
  writeFileSync(path.join(dir, `${name}.report.json`), JSON.stringify(result, null, 2));
  onProgress(100, `${label}: ${result.rowsAccepted} of ${result.rowsRead} rows accepted, ${result.issueCount} issues`);
  return result;
}
