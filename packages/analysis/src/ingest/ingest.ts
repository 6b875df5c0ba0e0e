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
import { copyToParquet, lit, tempDirOf, withDb } from '../db.ts';
import type { Db } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { DATAPOINTS, INPUT_KINDS, KIND_DATAPOINTS, KIND_REQUIRED, PAYMENT_METHODS } from './datapoints.ts';
import type { DatapointId, InputKind } from './datapoints.ts';
import { detectColumns, TOTAL_LABEL_REGEX } from './detect.ts';
import { resolveLayout } from './preview.ts';
import type { ColumnSuggestion } from './detect.ts';
import { readHead, sniffEncoding, transcodeToUtf8 } from './sniff.ts';
import { DEFAULT_XLSX_MAX_BYTES, xlsxToCsv } from './xlsx.ts';
import { checkColumnCount, checkCsvHead, csvReadError } from './limits.ts';
import type { ProgressFn } from '../progress.ts';

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
  /** XLSX: worksheet by name or 0-based index; default: the first worksheet with data */
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
  issueCount: number;
  issuesByReason: Record<string, number>;
  /** first 200 issues; all of them are in `issuesFile` */
  issues: IngestIssue[];
  dataFile: string;
  issuesFile: string;
  seconds: number;
}

const DATE_FORMATS_DMY = [
  '%Y-%m-%d',
  '%Y-%m-%d %H:%M:%S',
  '%Y-%m-%dT%H:%M:%S',
  '%d/%m/%Y',
  '%d.%m.%Y',
  '%d-%m-%Y',
  '%Y/%m/%d',
  '%Y%m%d',
  '%d/%m/%y',
  '%d-%b-%Y',
  '%d %b %Y',
  '%d/%m/%Y %H:%M:%S',
  '%d/%m/%Y %H:%M',
];
const DATE_FORMATS_MDY = [
  '%Y-%m-%d',
  '%Y-%m-%d %H:%M:%S',
  '%Y-%m-%dT%H:%M:%S',
  '%m/%d/%Y',
  '%m-%d-%Y',
  '%d.%m.%Y',
  '%Y/%m/%d',
  '%Y%m%d',
  '%m/%d/%y',
  '%d-%b-%Y',
  '%b %d %Y',
  '%m/%d/%Y %H:%M:%S',
  '%m/%d/%Y %H:%M',
];

export function ingestName(file: string, kind: InputKind): string {
  return `${kind}-${path
    .basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, 60)}`;
}

async function createIngestMacros(db: Db): Promise<void> {
  await db.run(`
    CREATE OR REPLACE MACRO sx_amount_clean(s) AS regexp_replace(trim(s), '[\\s$€£¥₹]|^[A-Za-z]{3}|[A-Za-z]{3}$', '', 'g');
    CREATE OR REPLACE MACRO sx_amount(s, dc) AS (
      CASE WHEN regexp_full_match(sx_amount_clean(s), '\\(.*\\)|.*-') THEN -1 ELSE 1 END *
      TRY_CAST(CASE WHEN dc THEN replace(replace(regexp_replace(sx_amount_clean(s), '[()-]', '', 'g'), '.', ''), ',', '.')
                    ELSE replace(regexp_replace(sx_amount_clean(s), '[()]|-$', '', 'g'), ',', '') END AS DOUBLE));
    -- nullif(trim(s), '') and "s is blank" without trimming every value: an ASCII value that neither
    -- starts nor ends with a space is already trimmed (trim also strips Unicode spaces, hence the ASCII test).
    CREATE OR REPLACE MACRO sx_trim(s) AS CASE WHEN strlen(s) = length(s) AND ascii(s) <> 32 AND NOT suffix(s, ' ') THEN s ELSE nullif(trim(s), '') END;
    -- Text values: runs of whitespace (line breaks, tabs, non-breaking and other Unicode spaces) become one
    -- space; a plain ASCII value without them takes the sx_trim path.
    CREATE OR REPLACE MACRO sx_text(s) AS CASE WHEN strlen(s) = length(s) AND NOT contains(s, chr(10)) AND NOT contains(s, chr(13)) AND NOT contains(s, chr(9)) AND NOT contains(s, '  ') THEN sx_trim(s)
      ELSE nullif(trim(regexp_replace(s, '[\\s\\x{00a0}\\x{1680}\\x{2000}-\\x{200b}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]+', ' ', 'g')), '') END;
    CREATE OR REPLACE MACRO sx_blank(s) AS CASE WHEN s IS NULL OR s = '' THEN TRUE WHEN ascii(s) < 128 AND ascii(s) <> 32 THEN FALSE ELSE trim(s) = '' END;
    CREATE OR REPLACE MACRO sx_days(s) AS CASE
      WHEN regexp_matches(lower(s), 'receipt|immediate|^cod$|cash|sofort|vista') THEN 0
      ELSE TRY_CAST(regexp_extract(lower(trim(s)), '([0-9]{1,3})\\s*(days?|d|tage|jours|dias|giorni)?\\s*$', 1) AS INTEGER) END;
  `);
  const rows = Object.entries(PAYMENT_METHODS).flatMap(([canon, syn]) =>
    [canon.toLowerCase(), ...syn].map((s) => `(${lit(s)}, ${lit(canon)})`),
  );
  await db.run(
    `CREATE OR REPLACE TABLE ref_payment_methods(key VARCHAR, method VARCHAR); INSERT INTO ref_payment_methods VALUES ${rows.join(', ')}`,
  );
}

/** Datapoint types converted once per distinct raw value (a dictionary joined back to the rows). */
const DICTIONARY_TYPES = new Set(['days', 'mcc', 'currency', 'country', 'paymentMethod']);
/** Dictionaries up to this size are inlined as a CASE expression; larger ones are joined. */
const MAX_CASE_DICTIONARY = 64;

function typedExpr(dp: DatapointId, c: string, ctx: { decimalComma: boolean; dayFirst: boolean }): string {
  switch (DATAPOINTS[dp].type) {
    case 'amount':
      // Fast path: a plain number casts directly (the value the cleaning path would give it);
      // anything else (symbols, separators, brackets, NaN/Infinity) goes through sx_amount.
      return ctx.decimalComma
        ? `sx_amount(${c}, TRUE)`
        : `coalesce(CASE WHEN isfinite(TRY_CAST(${c} AS DOUBLE)) THEN TRY_CAST(${c} AS DOUBLE) END, sx_amount(${c}, FALSE))`;
    case 'count':
      return `TRY_CAST(round(TRY_CAST(replace(${c}, ',', '') AS DOUBLE)) AS BIGINT)`;
    case 'date':
      // Fast path for yyyy-mm-dd (the first format of both lists): a plain cast.
      // Then Excel serial dates (days since 1899-12-30, as a workbook saved as CSV writes them), then the formats.
      return `coalesce(CASE WHEN strlen(${c}) = 10 AND ${c}[5] = '-' AND ${c}[8] = '-' THEN TRY_CAST(${c} AS DATE) END, CASE WHEN regexp_full_match(${c}, '[1-9][0-9]{4}(\\.[0-9]+)?') AND TRY_CAST(${c} AS DOUBLE) BETWEEN 20000 AND 80000 THEN DATE '1899-12-30' + CAST(floor(TRY_CAST(${c} AS DOUBLE)) AS INTEGER) END, CAST(try_strptime(trim(${c}), [${(ctx.dayFirst ? DATE_FORMATS_DMY : DATE_FORMATS_MDY).map((f) => lit(f)).join(', ')}]) AS DATE))`;
    case 'days':
      return `sx_days(${c})`;
    case 'mcc':
      return `CASE WHEN lpad(trim(${c}), 4, '0') IN (SELECT mcc FROM ref_mcc) THEN lpad(trim(${c}), 4, '0') END`;
    case 'currency':
      return `CASE WHEN upper(trim(${c})) IN (SELECT currency FROM ref_currencies) THEN upper(trim(${c})) END`;
    case 'country':
      return `(SELECT min(iso3) FROM ref_country_lookup WHERE key = upper(strip_accents(trim(${c}))))`;
    case 'paymentMethod':
      return `coalesce((SELECT min(method) FROM ref_payment_methods WHERE key = regexp_replace(lower(strip_accents(trim(${c}))), '[^a-z0-9]+', ' ', 'g')), 'Other')`;
    default:
      return `sx_text(${c})`;
  }
}

function invalidReason(dp: DatapointId): string | null {
  switch (DATAPOINTS[dp].type) {
    case 'amount':
      return 'not a number; amount left empty';
    case 'count':
      return 'not a whole number; count left empty';
    case 'date':
      return 'not a recognised date; date left empty';
    case 'days':
      return 'payment terms not understood (expected days, e.g. "30" or "Net 30"); left empty';
    case 'mcc':
      return 'not a known MCC; left empty';
    case 'currency':
      return 'unknown currency code (expected ISO 4217, e.g. USD); amount kept in the job currency';
    case 'country':
      return 'unknown country (expected ISO2, ISO3 or an English name); country left empty';
    default:
      return null;
  }
}

/** All datapoints that end up as Parquet columns, for every kind (same schema across kinds). */
export const INGEST_COLUMNS: DatapointId[] = [
  'supplierId',
  'supplierName',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postcode',
  'country',
  'taxId',
  'documentNumber',
  'amount',
  'currency',
  'date',
  'dueDate',
  'paymentTerms',
  'paymentMethod',
  'transactionCount',
  'mcc',
  'category',
];
/** Below the 1.5 GB default: ingest holds the raw and the typed table at once; peak RSS stays under 2 GB. */
const INGEST_MEMORY_LIMIT = '1GB';
const SQL_TYPES: Record<string, string> = { amount: 'DOUBLE', count: 'BIGINT', date: 'DATE', days: 'INTEGER' };

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
  const head = readHead(file, 8);
  const isXlsx = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  let csv = file;
  let encoding = 'UTF-8';
  let legacy: { legacyLines: number[]; legacyLineCount: number } = { legacyLines: [], legacyLineCount: 0 };
  let sheets: string[] = [];
  let sheet: string | null = null;
  if (isXlsx) {
    onProgress(2, 'Reading workbook');
    csv = path.join(tmp, `${name}.xlsx.csv`);
    const r = await xlsxToCsv(file, csv, {
      maxBytes: options.xlsxMaxBytes ?? DEFAULT_XLSX_MAX_BYTES,
      ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
    });
    sheets = r.sheets;
    sheet = r.sheet;
    encoding = 'XLSX';
  } else {
    if (/\.(xls|xlsb|ods|numbers|pdf|zip)$/i.test(file))
      throw new AnalysisInputError('UNSUPPORTED_FORMAT', 'unsupported file format; upload CSV or XLSX', {
        file: label,
      });
    const sniffHead = readHead(file);
    const sniff = sniffEncoding(sniffHead);
    checkCsvHead(sniffHead, statSync(file).size, { file: label }, /^UTF-16/i.test(sniff.encoding));
    encoding = sniff.encoding;
    if (sniff.needsTranscode) {
      onProgress(2, `Converting ${sniff.encoding} to UTF-8`);
      csv = path.join(tmp, `${name}.utf8.csv`);
      legacy = await transcodeToUtf8(file, csv, sniff);
      if (legacy.legacyLineCount > 0 && !/^UTF-16/i.test(sniff.encoding)) encoding = `mixed UTF-8/${sniff.encoding}`;
    }
  }
  const headBytes = readHead(csv);
  const text = headBytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim())
    throw new AnalysisInputError(
      'EMPTY_FILE',
      isXlsx ? 'the workbook has no worksheet with data' : 'the file has no content',
      { file: label },
    );
  // Header row: detected below title lines, notes and blank lines, or the one the user chose.
  const layout = resolveLayout(text, {
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    ...(options.headerRow !== undefined ? { headerRow: options.headerRow } : {}),
    kind,
    complete: statSync(csv).size <= headBytes.length,
    file: label,
  });
  const { delimiter, headers, skipLines } = layout;
  const firstLine = layout.records[0]!.fields.join(delimiter);
  checkColumnCount(headers.length, { file: label, row: layout.headerRow });

  // 2. Mapping: detection, then overrides.
  const detected = detectColumns(
    headers,
    kind,
    layout.records.slice(1, 51).map((r) => r.fields),
  );
  const mapping: Partial<Record<DatapointId, string>> = { ...detected.mapping };
  for (const [dp, h] of Object.entries(options.mapping ?? {}) as [DatapointId, string | null][]) {
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
    if (!mapping[req]) {
      const single =
        headers.length === 1
          ? ` The header was read as a single column ("${firstLine.slice(0, 80)}") with delimiter "${delimiter === '\t' ? 'TAB' : delimiter}"; check the delimiter.`
          : '';
      if (req === 'supplierName') {
        throw new AnalysisInputError(
          'NO_SUPPLIER_NAME_COLUMN',
          `no column recognised as the supplier name (columns: ${headers.map((h) => `"${h}"`).join(', ')}). Name a column e.g. "Supplier Name", "Vendor" or "Payee", or map one explicitly.${single}`,
          { file: label },
        );
      }
      throw new AnalysisInputError(
        'MISSING_REQUIRED_COLUMN',
        `no column recognised as ${DATAPOINTS[req].label.toLowerCase()}, which ${kind} files need (columns: ${headers.map((h) => `"${h}"`).join(', ')}).${single}`,
        { file: label },
      );
    }
  }
  const colIndex = (h: string) => headers.indexOf(h);

  onProgress(5, 'Reading rows');
  const dataFile = path.join(dir, `${name}.parquet`);
  const issuesFile = path.join(dir, `${name}.issues.parquet`);
  const report = await withDb({ tempDir: tmp, memoryLimit: INGEST_MEMORY_LIMIT }, async (db) => {
    await loadReference(db, ['ref_countries', 'ref_mcc', 'ref_currencies']);
    await createIngestMacros(db);
    // One column more than the header: a CSV row with more fields than the header fills it and is rejected
    // (a value with an unquoted delimiter would otherwise shift into the next column unseen).
    const columns = `{${[...headers.map((_, i) => `'c${i}': 'VARCHAR'`), `'cx': 'VARCHAR'`].join(', ')}}`;
    const tooWide = isXlsx ? 'FALSE' : 'NOT sx_blank(cx)';
    // Rows shorter than the header are padded (as spreadsheets read them); longer ones are rejected rows.
    const csvOptions = `header=false, skip=${skipLines}, delim=${lit(delimiter)}, quote='"', escape='"', columns=${columns}, strict_mode=false, null_padding=true, max_line_size=4000000, auto_detect=false`;
    const c = (dp: DatapointId) => (mapping[dp] ? `c${colIndex(mapping[dp]!)}` : null);
    // The file is read once, in parallel, into `raw`. With insertion order preserved, a fresh table's
    // rowid is the row's position in the file (a row_number() window would make the read and every
    // conversion after it single-threaded).
    // A file DuckDB's reader gives up on (binary content, a line past max_line_size…) is an input error.
    const readRaw = (extra: string) =>
      db.run(
        `CREATE OR REPLACE TABLE raw AS SELECT * FROM read_csv(${lit(csv)}, ${csvOptions}${extra}, store_rejects=true, rejects_table='rej', rejects_scan='rej_scan')`,
      );
    try {
      await readRaw('');
    } catch (err) {
      // DuckDB's parallel reader cannot pad short rows in a file with line breaks inside quotes: read it serially.
      if (!/null_padding in conjunction with quoted new lines/i.test((err as Error).message))
        throw csvReadError(err as Error, label);
      await readRaw(', parallel=false').catch((e: Error) => {
        throw csvReadError(e, label);
      });
    }
    const sampleSrc = 'raw';
    // Column-level format detection on the first rows: decimal comma, day-first dates.
    const amountCol = c('amount');
    let decimalComma = false;
    if (amountCol) {
      const r = await db.one<{ comma: number; dot: number }>(
        `SELECT count(*) FILTER (WHERE regexp_matches(${amountCol}, ',[0-9]{1,2}$') AND NOT regexp_matches(${amountCol}, '\\.[0-9]{1,2}$')) AS comma, count(*) FILTER (WHERE regexp_matches(${amountCol}, '\\.[0-9]{1,2}$')) AS dot FROM (SELECT ${amountCol} FROM ${sampleSrc} WHERE ${amountCol} IS NOT NULL LIMIT 10000)`,
      );
      decimalComma = (r?.comma ?? 0) > (r?.dot ?? 0);
    }
    let dayFirst = true;
    const dateCols = (['date', 'dueDate'] as DatapointId[]).map(c).filter((x): x is string => !!x);
    if (dateCols.length) {
      const r = await db.one<{ dmy: number; mdy: number }>(
        `SELECT count(*) FILTER (WHERE regexp_matches(d, '^(1[3-9]|2[0-9]|3[01])[/-][0-9]{1,2}[/-]')) AS dmy, count(*) FILTER (WHERE regexp_matches(d, '^[0-9]{1,2}[/-](1[3-9]|2[0-9]|3[01])[/-]')) AS mdy FROM (SELECT trim(${dateCols[0]}) AS d FROM ${sampleSrc} WHERE ${dateCols[0]} IS NOT NULL LIMIT 20000)`,
      );
      dayFirst = (r?.dmy ?? 0) >= (r?.mdy ?? 0) && !((r?.dmy ?? 0) === 0 && (r?.mdy ?? 0) === 0 && delimiter === ',');
      if ((r?.dmy ?? 0) === 0 && (r?.mdy ?? 0) > 0) dayFirst = false;
    }
    onProgress(20, 'Reading and validating rows');
    const ctx = { decimalComma, dayFirst };
    const present = INGEST_COLUMNS.filter((dp) => mapping[dp]);
    const joins: string[] = [];
    const typedSel: string[] = [];
    // Unmapped datapoints are constant NULL columns, added by the views below rather than stored and sorted.
    const absentSel: string[] = [];
    for (const dp of INGEST_COLUMNS) {
      const col = c(dp);
      const t = SQL_TYPES[DATAPOINTS[dp].type] ?? 'VARCHAR';
      if (!col) absentSel.push(`NULL::${t} AS ${dp}`);
      else if (DICTIONARY_TYPES.has(DATAPOINTS[dp].type)) {
        // Low-cardinality values (codes, methods, terms): converted once per distinct raw value.
        // A small dictionary becomes a CASE over the raw values (keeps the rows in file order, so the
        // result needs no sort); a large one is joined (a hash join does not keep the order).
        await db.run(
          `CREATE TABLE d_${dp} AS SELECT raw, (${typedExpr(dp, 'raw', ctx)})::${t}::VARCHAR AS v FROM (SELECT DISTINCT ${col} AS raw FROM raw WHERE ${col} IS NOT NULL)`,
        );
        const ifNull = (await db.one<{ v: string | null }>(
          `SELECT (${typedExpr(dp, 'NULL::VARCHAR', ctx)})::${t}::VARCHAR AS v`,
        ))!.v;
        const dict = await db.all<{ raw: string; v: string | null }>(
          `SELECT raw, v FROM d_${dp} LIMIT ${MAX_CASE_DICTIONARY + 1}`,
        );
        if (dict.length <= MAX_CASE_DICTIONARY) {
          const whens = dict.map((d) => `WHEN ${lit(d.raw)} THEN ${lit(d.v)}`).join(' ');
          typedSel.push(
            `CASE WHEN r.${col} IS NULL THEN ${lit(ifNull)}${whens ? ` ELSE CASE r.${col} ${whens} END` : ''} END::${t} AS ${dp}`,
          );
        } else {
          joins.push(`LEFT JOIN d_${dp} ON d_${dp}.raw = r.${col}`);
          typedSel.push(`CASE WHEN r.${col} IS NULL THEN ${lit(ifNull)} ELSE d_${dp}.v END::${t} AS ${dp}`);
        }
      } else typedSel.push(`${typedExpr(dp, col, ctx)}::${t} AS ${dp}`);
    }
    // The raw value is kept only where the typed one is missing (the only place the report uses it),
    // so valid rows carry no second copy of their values.
    const withRaw = present.filter((dp) => invalidReason(dp));
    const rawSel = withRaw.map(
      (dp) =>
        `CASE WHEN ${dp} IS NULL${dp === 'transactionCount' ? ` OR ${dp} < 0` : ''} THEN sx_trim(${c(dp)}) END AS raw_${dp}`,
    );
    // CASE (not AND) so a row is decided at its first non-blank cell.
    const allEmpty = `CASE ${headers.map((_, i) => `WHEN NOT sx_blank(c${i}) THEN FALSE`).join(' ')} ELSE TRUE END`;
    // Totals and subtotals: a total label ("Total", "Summe"…) as the name (or the id, or the first cell of a row
    // with neither), no id, and an amount.
    // Every label holds "tot", "sum", "som" or "gesamt": a cheap ILIKE test first, the regular expression after.
    const totalLabel = (x: string) =>
      `CASE WHEN strlen(${x}) > 24 THEN FALSE WHEN ${x} ILIKE '%tot%' OR ${x} ILIKE '%sum%' OR ${x} ILIKE '%som%' OR ${x} ILIKE '%gesamt%' THEN regexp_matches(${x}, ${lit(`(?i)${TOTAL_LABEL_REGEX}`)}) ELSE FALSE END`;
    const nameC = c('supplierName')!;
    const idC = c('supplierId');
    // CASE branches, so the label tests run only on the rows that reach them.
    const isTotal = amountCol
      ? `CASE WHEN sx_blank(${amountCol}) OR ${tooWide} THEN FALSE${
          idC
            ? ` WHEN NOT sx_blank(${idC}) THEN CASE WHEN sx_blank(${nameC}) THEN coalesce(${totalLabel(idC)}, FALSE) ELSE FALSE END`
            : ''
        } WHEN NOT sx_blank(${nameC}) THEN coalesce(${totalLabel(nameC)}, FALSE) ELSE coalesce(${totalLabel('c0')}, FALSE) END`
      : 'FALSE';
    // The name as the file has it, kept only where whitespace normalisation changes it (the downloads show it).
    const nameOriginal = `CASE WHEN strlen(${nameC}) = length(${nameC}) AND NOT contains(${nameC}, chr(10)) AND NOT contains(${nameC}, chr(13)) AND NOT contains(${nameC}, chr(9)) AND NOT contains(${nameC}, '  ') THEN NULL
      WHEN sx_text(${nameC}) IS DISTINCT FROM sx_trim(${nameC}) THEN ${nameC} END`;
    // Raw → typed values (+ sparse raw values) with the file's row sequence.
    await db.run(
      `CREATE TABLE typed0 AS SELECT seq, emptyRow, tooWide, isTotal, supplierNameOriginal, ${present.join(', ')}${rawSel.length ? ', ' + rawSel.join(', ') : ''} FROM (
        SELECT r.seq, (${allEmpty}) AS emptyRow, (${tooWide}) AS tooWide, (${isTotal}) AS isTotal,
          ${nameOriginal} AS supplierNameOriginal, ${typedSel.join(', ')}, ${[...new Set(withRaw.map((dp) => c(dp)!))].join(', ') || 'NULL AS _none'}
        FROM (SELECT rowid + 1 AS seq, * FROM raw) r
        ${joins.join(' ')})`,
    );
    await db.run(`DROP TABLE raw`);
    // Structural rejects (wrong column count, bad quoting): their line numbers shift the sequence.
    await db.run(
      `CREATE TABLE rej_rows AS SELECT DISTINCT ON (line) line AS rowNumber, error_message, csv_line FROM rej ORDER BY line`,
    );
    await db.run(
      `CREATE TABLE rej_adj AS SELECT rowNumber - ${skipLines} - row_number() OVER (ORDER BY rowNumber) AS adj, row_number() OVER (ORDER BY rowNumber) AS cnt FROM rej_rows`,
    );
    const nRej = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM rej_rows`))!.n;
    // Rows are written in file order: without a sort when typed0 already is in that order (insertion
    // order is preserved, so this is the normal case; checked, not assumed).
    let inFileOrder = false;
    if (nRej > 0) {
      await db.run(
        `CREATE TABLE typed AS SELECT t.* EXCLUDE (seq), t.seq + ${skipLines} + coalesce(a.cnt, 0) AS rowNumber${absentSel.map((x) => ', ' + x).join('')} FROM typed0 t ASOF LEFT JOIN rej_adj a ON t.seq > a.adj`,
      );
      await db.run(`DROP TABLE typed0`);
    } else {
      await db.run(
        `CREATE VIEW typed AS SELECT * EXCLUDE (seq), seq + ${skipLines} AS rowNumber${absentSel.map((x) => ', ' + x).join('')} FROM typed0`,
      );
      inFileOrder = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM typed0 WHERE seq <> rowid + 1`))!.n === 0;
    }

    onProgress(60, 'Collecting issues');
    const parts: string[] = [];
    for (const dp of present) {
      const reason = invalidReason(dp);
      if (!reason) continue;
      parts.push(
        `SELECT rowNumber, ${lit(mapping[dp]!)} AS "column", raw_${dp} AS value, ${lit(reason)} AS reason, 'warning' AS severity FROM typed WHERE NOT emptyRow AND NOT tooWide AND raw_${dp} IS NOT NULL AND ${dp} IS NULL`,
      );
    }
    if (mapping.transactionCount)
      parts.push(
        `SELECT rowNumber, ${lit(mapping.transactionCount)}, raw_transactionCount, 'negative count; left empty', 'warning' FROM typed WHERE transactionCount < 0`,
      );
    if (mapping.amount && kind !== 'suppliers')
      parts.push(
        `SELECT rowNumber, ${lit(mapping.amount)}, NULL, 'amount is empty; the row counts as a document without spend', 'warning' FROM typed WHERE NOT emptyRow AND NOT tooWide AND NOT isTotal AND raw_amount IS NULL AND amount IS NULL AND (supplierName IS NOT NULL OR supplierId IS NOT NULL)`,
      );
    parts.push(`SELECT rowNumber, NULL, NULL, 'empty row; not used', 'error' FROM typed WHERE emptyRow`);
    parts.push(
      `SELECT rowNumber, NULL, NULL, ${lit(`more fields than the ${headers.length} columns of the header (a value with an unquoted "${delimiter === '\t' ? 'TAB' : delimiter}"?); row not used`)}, 'error' FROM typed WHERE tooWide AND NOT emptyRow`,
    );
    if (mapping.amount)
      parts.push(
        `SELECT rowNumber, ${lit(mapping.supplierName!)}, supplierName, 'totals row; not used', 'warning' FROM typed WHERE isTotal`,
      );
    parts.push(
      `SELECT rowNumber, ${lit(mapping.supplierName!)}, NULL, 'no supplier name or id; row not used', 'error' FROM typed WHERE NOT emptyRow AND NOT tooWide AND NOT isTotal AND supplierName IS NULL AND supplierId IS NULL`,
    );
    if (mapping.supplierId && kind === 'suppliers') {
      parts.push(`SELECT rowNumber, ${lit(mapping.supplierId)}, supplierId, 'duplicate supplier id (first on row ' || firstRow || '); merged into one supplier', 'warning'
        FROM (SELECT rowNumber, supplierId, min(rowNumber) OVER (PARTITION BY lower(trim(supplierId))) AS firstRow FROM typed WHERE supplierId IS NOT NULL) WHERE rowNumber > firstRow`);
    }
    parts.push(
      `SELECT rowNumber, NULL, csv_line, 'malformed row (' || error_message || '); row not used', 'error' FROM rej_rows`,
    );
    // Declared columns: the first SELECT of the union must not decide the names (a file with no row
    // issue at all still gets its issue report).
    await db.run(
      `CREATE TABLE issues (rowNumber BIGINT, "column" VARCHAR, value VARCHAR, reason VARCHAR, severity VARCHAR)`,
    );
    await db.run(`INSERT INTO issues ${parts.join(' UNION ALL ')}`);
    // Text below the last totals row without an id or an amount is a footer (a print date, a note), not a supplier.
    let footer = 'FALSE';
    const lastTotal = mapping.amount
      ? (await db.one<{ n: number | null }>(`SELECT max(rowNumber) AS n FROM typed WHERE isTotal`))?.n
      : null;
    if (lastTotal !== null && lastTotal !== undefined) {
      footer = `(rowNumber > ${Number(lastTotal)} AND NOT isTotal AND amount IS NULL AND ${mapping.supplierId ? 'supplierId IS NULL' : 'TRUE'})`;
      await db.run(
        `INSERT INTO issues SELECT rowNumber, ${lit(mapping.supplierName!)}, supplierName, 'text below the totals row (a footer or note); not used', 'error' FROM typed WHERE ${footer} AND NOT emptyRow AND NOT tooWide AND supplierName IS NOT NULL`,
      );
    }
    if (legacy.legacyLineCount > 0) {
      await db.run(
        `INSERT INTO issues SELECT unnest(${`[${legacy.legacyLines.join(',')}]`}::INTEGER[]) AS rowNumber, NULL, NULL, ${lit(`not valid UTF-8; decoded as ${encoding.replace('mixed UTF-8/', '')}`)}, 'warning'`,
      );
    }
    onProgress(75, 'Writing Parquet');
    await db.run(
      copyToParquet(
        `SELECT ${lit(name)} AS source, ${lit(kind)} AS kind, rowNumber, ${INGEST_COLUMNS.map((dp) => (mapping[dp] ? dp : `NULL::${SQL_TYPES[DATAPOINTS[dp].type] ?? 'VARCHAR'} AS ${dp}`)).join(', ')}, supplierNameOriginal FROM (
          SELECT rowNumber, supplierNameOriginal, ${present.join(', ')} FROM typed WHERE NOT emptyRow AND NOT tooWide AND NOT isTotal AND NOT ${footer} AND (supplierName IS NOT NULL OR supplierId IS NOT NULL)${inFileOrder ? '' : ' ORDER BY rowNumber'}
        )`,
        dataFile,
        'snappy',
      ),
    );
    await db.run(copyToParquet(`SELECT * FROM issues ORDER BY rowNumber, "column"`, issuesFile));
    const counts = (await db.one<{ read: number; accepted: number; issues: number; totals: number }>(
      `SELECT (SELECT count(*) FROM typed) + (SELECT count(*) FROM rej_rows) AS read, (SELECT count(*) FROM read_parquet(${lit(dataFile)})) AS accepted, (SELECT count(*) FROM issues) AS issues, (SELECT count(*) FROM typed WHERE isTotal) AS totals`,
    ))!;
    const byReason = await db.all<{ reason: string; n: number }>(
      `SELECT regexp_replace(reason, '\\s*\\(first on row [0-9]+\\)|\\s*\\(Expected.*\\)', '', 'g') AS reason, count(*) AS n FROM issues GROUP BY 1 ORDER BY 2 DESC`,
    );
    const sample = await db.all<IngestIssue>(
      `SELECT rowNumber AS "row", "column", value, reason, severity FROM issues ORDER BY rowNumber, "column" LIMIT 200`,
    );
    return { counts, byReason, sample };
  });
  if (report.counts.read === 0)
    throw new AnalysisInputError('NO_DATA_ROWS', 'the file has a header but no data rows', { file: label });
  const result: IngestReport = {
    name,
    file,
    kind,
    format: isXlsx ? 'xlsx' : 'csv',
    encoding,
    delimiter,
    headerRow: layout.headerRow,
    detectedHeaderRow: layout.detectedHeaderRow,
    sheets,
    sheet,
    headers,
    mapping,
    columns: detected.columns,
    mappingConfidence: detected.confidence,
    rowsRead: report.counts.read,
    rowsAccepted: report.counts.accepted,
    rowsRejected: report.counts.read - report.counts.accepted,
    rowsTotals: Number(report.counts.totals),
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
