/**
 * The SQL of ingest (ingest.ts), as pure builders: each takes typed inputs (the raw column of each mapped
 * datapoint, the value formats, the header's size, limits) and returns a statement or a query; ingest.ts runs
 * them in order. Tested one by one on tiny tables (test/sql/ingest-sql.test.ts).
 *
 * The relations, in the order ingest creates them:
 *   raw       the file's rows as read: VARCHAR columns c0…c<n-1> (one per header cell) and cx (a field past the
 *             header; filled only by a row wider than the header); rowid = position in the file
 *   rej       DuckDB's rejected lines (line, error_message, csv_line), filled by the CSV reader
 *   d_<dp>    per dictionary datapoint: each distinct raw value and its typed value (as VARCHAR)
 *   typed0    seq (1-based data row), the row flags (emptyRow, tooWide, isTotal), supplierNameOriginal, the typed
 *             value of every mapped datapoint, raw_<dp> where a typed value is missing
 *   rej_rows, rej_adj   the structural rejects and the row-number shift they cause
 *   typed     typed0 with rowNumber (spreadsheet numbering: header = skipLines, first data row after it) and
 *             every unmapped datapoint as a NULL column
 *   issues    rowNumber, column, value, reason, severity
 */
import { lit } from '../db.ts';
import { DATAPOINTS, IDENTITY_DATAPOINTS, PAYMENT_METHODS } from './datapoints.ts';
import type { DatapointId, InputKind } from './datapoints.ts';
import { TOTAL_LABEL_REGEX } from './detect.ts';
import { AMOUNT_PROBLEMS, amountCommonFormSql, amountMacrosSql } from './amount.ts';

/** The raw column (c<i>) of each mapped datapoint. */
export type RawColumns = Partial<Record<DatapointId, string>>;
/** Datapoint → the header it is read from (as the report names columns). */
export type HeaderMapping = Partial<Record<DatapointId, string>>;
/** Value formats decided per file from a sample of its values. */
export interface ValueFormat {
  decimalComma: boolean;
  dayFirst: boolean;
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

/**
 * All datapoints that end up as Parquet columns, for every kind (same schema across kinds): the identity datapoints,
 * then the rest of what any kind accepts, in this fixed order (files of earlier runs have it).
 */
export const INGEST_COLUMNS: DatapointId[] = [
  ...IDENTITY_DATAPOINTS,
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

const SQL_TYPES: Record<string, string> = { amount: 'DOUBLE', count: 'BIGINT', date: 'DATE', days: 'INTEGER' };
/** The SQL type of a datapoint's typed column. */
export const columnType = (dp: DatapointId): string => SQL_TYPES[DATAPOINTS[dp].type] ?? 'VARCHAR';

/** Datapoint types converted once per distinct raw value (a dictionary joined back to the rows). */
const DICTIONARY_TYPES = new Set(['days', 'mcc', 'currency', 'country', 'paymentMethod']);
export const isDictionaryType = (dp: DatapointId): boolean => DICTIONARY_TYPES.has(DATAPOINTS[dp].type);
/** Dictionaries up to this size are inlined as a CASE expression; larger ones are joined. */
export const MAX_CASE_DICTIONARY = 64;

/** The value-cleaning macros and the payment-method synonyms table (needs nothing else). */
export function ingestMacrosSql(): string[] {
  const rows = Object.entries(PAYMENT_METHODS).flatMap(([canon, syn]) =>
    [canon.toLowerCase(), ...syn].map((s) => `(${lit(s)}, ${lit(canon)})`),
  );
  return [
    amountMacrosSql(),
    `
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
  `,
    `CREATE OR REPLACE TABLE ref_payment_methods(key VARCHAR, method VARCHAR); INSERT INTO ref_payment_methods VALUES ${rows.join(', ')}`,
  ];
}

/**
 * Reads the CSV into `raw` (and its rejected lines into `rej`): one VARCHAR column per header cell and one more
 * (cx), which a row with more fields than the header fills. Rows shorter than the header are padded, as
 * spreadsheets read them.
 */
export function readCsvSql(
  csv: string,
  opts: { columnCount: number; skipLines: number; delimiter: string; parallel: boolean },
): string {
  const columns = `{${[...Array.from({ length: opts.columnCount }, (_, i) => `'c${i}': 'VARCHAR'`), `'cx': 'VARCHAR'`].join(', ')}}`;
  const csvOptions = `header=false, skip=${opts.skipLines}, delim=${lit(opts.delimiter)}, quote='"', escape='"', columns=${columns}, strict_mode=false, null_padding=true, max_line_size=4000000, auto_detect=false`;
  return `CREATE OR REPLACE TABLE raw AS SELECT * FROM read_csv(${lit(csv)}, ${csvOptions}${opts.parallel ? '' : ', parallel=false'}, store_rejects=true, rejects_table='rej', rejects_scan='rej_scan')`;
}

/** A row wider than the header (CSV only: an XLSX row has exactly the header's cells). */
export const tooWideSql = (isXlsx: boolean): string => (isXlsx ? 'FALSE' : 'NOT sx_blank(cx)');

/**
 * Votes of the first 10,000 amounts for a decimal comma or a decimal point (amount.ts: a value votes where it shows
 * its decimal separator; "1.234" abstains). The column reads ambiguous values the way most of its values vote.
 */
export const decimalSampleSql = (amountCol: string, src = 'raw'): string =>
  `SELECT count(*) FILTER (WHERE v = ',') AS comma, count(*) FILTER (WHERE v = '.') AS dot FROM (SELECT sx_amount_vote(${amountCol}) AS v FROM (SELECT ${amountCol} FROM ${src} WHERE ${amountCol} IS NOT NULL LIMIT 10000))`;

export const isDecimalComma = (r: { comma: number; dot: number } | undefined): boolean =>
  (r?.comma ?? 0) > (r?.dot ?? 0);

/** Counts of dates that can only be day-first and only month-first, in the first 20,000 values. */
export const dateOrderSampleSql = (dateCol: string, src = 'raw'): string =>
  `SELECT count(*) FILTER (WHERE regexp_matches(d, '^(1[3-9]|2[0-9]|3[01])[/-][0-9]{1,2}[/-]')) AS dmy, count(*) FILTER (WHERE regexp_matches(d, '^[0-9]{1,2}[/-](1[3-9]|2[0-9]|3[01])[/-]')) AS mdy FROM (SELECT trim(${dateCol}) AS d FROM ${src} WHERE ${dateCol} IS NOT NULL LIMIT 20000)`;

/** Day-first unless the sample says month-first, or says nothing in a comma-delimited (US-style) file. */
export function isDayFirst(r: { dmy: number; mdy: number } | undefined, delimiter: string): boolean {
  const dmy = r?.dmy ?? 0;
  const mdy = r?.mdy ?? 0;
  if (dmy === 0 && mdy > 0) return false;
  return dmy >= mdy && !(dmy === 0 && mdy === 0 && delimiter === ',');
}

/** The typed value of a raw VARCHAR expression `c` for datapoint `dp` (NULL where it cannot be read). */
export function typedValueSql(dp: DatapointId, c: string, fmt: ValueFormat): string {
  switch (DATAPOINTS[dp].type) {
    case 'amount':
      // Fast path: a plain number DuckDB casts gives the value the rule (amount.ts, sx_amount) gives it, except
      // "1_000" and "+-5" (DuckDB reads them; the rule does not) and, in a decimal-comma column, "1.234" (the rule:
      // 1234); then the column's common forms with one regular expression ("1 234,56", "1,234.56"); anything else
      // (symbols, codes, brackets, NaN/Infinity…) takes the whole rule, sx_amount.
      // test/amount.test.ts and the amount fuzz check every path against the rule.
      return `coalesce(CASE WHEN NOT contains(${c}, '_') AND NOT contains(${c}, '+-')${fmt.decimalComma ? ` AND NOT contains(${c}, '.')` : ''} AND isfinite(TRY_CAST(${c} AS DOUBLE)) THEN TRY_CAST(${c} AS DOUBLE) END, ${amountCommonFormSql(c, fmt.decimalComma)}, sx_amount(${c}, ${fmt.decimalComma ? 'TRUE' : 'FALSE'}))`;
    case 'count':
      return `TRY_CAST(round(TRY_CAST(replace(${c}, ',', '') AS DOUBLE)) AS BIGINT)`;
    case 'date':
      // Fast path for yyyy-mm-dd (the first format of both lists): a plain cast.
      // Then Excel serial dates (days since 1899-12-30, as a workbook saved as CSV writes them), then the formats.
      return `coalesce(CASE WHEN strlen(${c}) = 10 AND ${c}[5] = '-' AND ${c}[8] = '-' THEN TRY_CAST(${c} AS DATE) END, CASE WHEN regexp_full_match(${c}, '[1-9][0-9]{4}(\\.[0-9]+)?') AND TRY_CAST(${c} AS DOUBLE) BETWEEN 20000 AND 80000 THEN DATE '1899-12-30' + CAST(floor(TRY_CAST(${c} AS DOUBLE)) AS INTEGER) END, CAST(try_strptime(trim(${c}), [${(fmt.dayFirst ? DATE_FORMATS_DMY : DATE_FORMATS_MDY).map((f) => lit(f)).join(', ')}]) AS DATE))`;
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

/** The issue reason of a value that cannot be read as its datapoint's type; null for text (always readable). */
export function invalidReason(dp: DatapointId): string | null {
  switch (DATAPOINTS[dp].type) {
    case 'amount':
      return 'not an amount; row not used';
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

/** Creates d_<dp>: each distinct non-NULL raw value of `col` and its typed value (as VARCHAR). */
export const dictionaryTableSql = (dp: DatapointId, col: string, fmt: ValueFormat): string =>
  `CREATE TABLE d_${dp} AS SELECT raw, (${typedValueSql(dp, 'raw', fmt)})::${columnType(dp)}::VARCHAR AS v FROM (SELECT DISTINCT ${col} AS raw FROM raw WHERE ${col} IS NOT NULL)`;

/** The typed value of an empty cell (e.g. "Other" for a payment method), as VARCHAR: one row, column v. */
export const dictionaryNullSql = (dp: DatapointId, fmt: ValueFormat): string =>
  `SELECT (${typedValueSql(dp, 'NULL::VARCHAR', fmt)})::${columnType(dp)}::VARCHAR AS v`;

/** Up to MAX_CASE_DICTIONARY + 1 entries of d_<dp> (more than MAX_CASE_DICTIONARY: join, do not inline). */
export const dictionaryEntriesSql = (dp: DatapointId): string =>
  `SELECT raw, v FROM d_${dp} LIMIT ${MAX_CASE_DICTIONARY + 1}`;

/**
 * The typed column of a dictionary datapoint, read over `raw r`. A small dictionary (`entries` given) becomes a
 * CASE over the raw values (keeps the rows in file order, so the result needs no sort); a large one (`entries`
 * null) is joined (a hash join does not keep the order).
 */
export function dictionaryColumnSql(
  dp: DatapointId,
  col: string,
  ifNull: string | null,
  entries: readonly { raw: string; v: string | null }[] | null,
): { select: string; join: string | null } {
  const t = columnType(dp);
  if (entries) {
    const whens = entries.map((d) => `WHEN ${lit(d.raw)} THEN ${lit(d.v)}`).join(' ');
    return {
      select: `CASE WHEN r.${col} IS NULL THEN ${lit(ifNull)}${whens ? ` ELSE CASE r.${col} ${whens} END` : ''} END::${t} AS ${dp}`,
      join: null,
    };
  }
  return {
    select: `CASE WHEN r.${col} IS NULL THEN ${lit(ifNull)} ELSE d_${dp}.v END::${t} AS ${dp}`,
    join: `LEFT JOIN d_${dp} ON d_${dp}.raw = r.${col}`,
  };
}

/** The typed column of a datapoint converted row by row (text, amounts, counts, dates). */
export const directColumnSql = (dp: DatapointId, col: string, fmt: ValueFormat): string =>
  `${typedValueSql(dp, col, fmt)}::${columnType(dp)} AS ${dp}`;

/** A row whose cells are all blank (CASE, not AND, so a row is decided at its first non-blank cell). */
export const emptyRowSql = (columnCount: number): string =>
  `CASE ${Array.from({ length: columnCount }, (_, i) => `WHEN NOT sx_blank(c${i}) THEN FALSE`).join(' ')} ELSE TRUE END`;

/**
 * A totals or subtotals row: a total label ("Total", "Summe"…) as the name (or the id, or the first cell of a row
 * with neither), no id, and an amount. Never without an amount column. CASE branches, so the label tests run only
 * on the rows that reach them; every label holds "tot", "sum", "som" or "gesamt": a cheap ILIKE test first, the
 * regular expression after.
 */
export function totalsRowSql(cols: RawColumns, tooWide: string): string {
  const amount = cols.amount;
  const name = cols.supplierName;
  if (!amount || !name) return 'FALSE';
  const id = cols.supplierId;
  const totalLabel = (x: string) =>
    `CASE WHEN strlen(${x}) > 24 THEN FALSE WHEN ${x} ILIKE '%tot%' OR ${x} ILIKE '%sum%' OR ${x} ILIKE '%som%' OR ${x} ILIKE '%gesamt%' THEN regexp_matches(${x}, ${lit(`(?i)${TOTAL_LABEL_REGEX}`)}) ELSE FALSE END`;
  return `CASE WHEN sx_blank(${amount}) OR ${tooWide} THEN FALSE${
    id
      ? ` WHEN NOT sx_blank(${id}) THEN CASE WHEN sx_blank(${name}) THEN coalesce(${totalLabel(id)}, FALSE) ELSE FALSE END`
      : ''
  } WHEN NOT sx_blank(${name}) THEN coalesce(${totalLabel(name)}, FALSE) ELSE coalesce(${totalLabel('c0')}, FALSE) END`;
}

/** The name as the file has it, kept only where whitespace normalisation changes it (the downloads show it). */
export const nameOriginalSql = (nameCol: string): string =>
  `CASE WHEN strlen(${nameCol}) = length(${nameCol}) AND NOT contains(${nameCol}, chr(10)) AND NOT contains(${nameCol}, chr(13)) AND NOT contains(${nameCol}, chr(9)) AND NOT contains(${nameCol}, '  ') THEN NULL
      WHEN sx_text(${nameCol}) IS DISTINCT FROM sx_trim(${nameCol}) THEN ${nameCol} END`;

/** The mapped datapoints, in INGEST_COLUMNS order. */
export const presentColumns = (cols: RawColumns): DatapointId[] => INGEST_COLUMNS.filter((dp) => cols[dp]);

/**
 * Creates typed0 from `raw`: the row sequence, the row flags, the typed values (`typed`: one select expression per
 * mapped datapoint over `raw r`, with the joins they need) and, for the datapoints that can be unreadable, the raw
 * value where the typed one is missing (the only place the report uses it, so valid rows carry no second copy).
 */
export function typedRowsSql(opts: {
  cols: RawColumns;
  columnCount: number;
  tooWide: string;
  typed: readonly { select: string; join: string | null }[];
}): string {
  const { cols } = opts;
  const nameCol = cols.supplierName;
  if (!nameCol) throw new Error('typedRowsSql: the supplier name column is required');
  const present = presentColumns(cols);
  const withRaw = present.filter((dp) => invalidReason(dp));
  // (an amount of nothing but spaces, Unicode ones too, is empty, as the amount rule reads it)
  const rawSel = withRaw.map((dp) =>
    dp === 'amount'
      ? `CASE WHEN amount IS NULL THEN nullif(sx_amount_trim(${cols[dp]}), '') END AS raw_amount`
      : `CASE WHEN ${dp} IS NULL${dp === 'transactionCount' ? ` OR ${dp} < 0` : ''} THEN sx_trim(${cols[dp]}) END AS raw_${dp}`,
  );
  const rawCols = [...new Set(withRaw.map((dp) => cols[dp]))];
  const joins = opts.typed.flatMap((t) => (t.join ? [t.join] : []));
  return `CREATE TABLE typed0 AS SELECT seq, emptyRow, tooWide, isTotal, supplierNameOriginal, ${present.join(', ')}${rawSel.length ? ', ' + rawSel.join(', ') : ''} FROM (
        SELECT r.seq, (${emptyRowSql(opts.columnCount)}) AS emptyRow, (${opts.tooWide}) AS tooWide, (${totalsRowSql(cols, opts.tooWide)}) AS isTotal,
          ${nameOriginalSql(nameCol)} AS supplierNameOriginal, ${opts.typed.map((t) => t.select).join(', ')}, ${rawCols.join(', ') || 'NULL AS _none'}
        FROM (SELECT rowid + 1 AS seq, * FROM raw) r
        ${joins.join(' ')})`;
}

/**
 * Structural rejects (wrong column count, bad quoting), one per line, and the shift their line numbers cause in
 * the sequence of the rows read (rej_adj: from data row adj + 1 on, cnt rejects lie above).
 */
export const rejectedRowsSql = (skipLines: number): string[] => [
  `CREATE TABLE rej_rows AS SELECT DISTINCT ON (line) line AS rowNumber, error_message, csv_line FROM rej ORDER BY line`,
  `CREATE TABLE rej_adj AS SELECT rowNumber - ${skipLines} - row_number() OVER (ORDER BY rowNumber) AS adj, row_number() OVER (ORDER BY rowNumber) AS cnt FROM rej_rows`,
];

/** Unmapped datapoints as constant NULL columns, added by `typed` rather than stored and sorted. */
const absentColumnsSql = (cols: RawColumns): string =>
  INGEST_COLUMNS.filter((dp) => !cols[dp])
    .map((dp) => `, NULL::${columnType(dp)} AS ${dp}`)
    .join('');

/**
 * `typed`: typed0 with the file's row number and all INGEST_COLUMNS. Without rejected lines a view (the row number
 * is the sequence below the skipped lines); with them a table, each row shifted by the rejects above it.
 */
export function numberedRowsSql(cols: RawColumns, skipLines: number, hasRejects: boolean): string[] {
  const absent = absentColumnsSql(cols);
  return hasRejects
    ? [
        `CREATE TABLE typed AS SELECT t.* EXCLUDE (seq), t.seq + ${skipLines} + coalesce(a.cnt, 0) AS rowNumber${absent} FROM typed0 t ASOF LEFT JOIN rej_adj a ON t.seq > a.adj`,
        `DROP TABLE typed0`,
      ]
    : [`CREATE VIEW typed AS SELECT * EXCLUDE (seq), seq + ${skipLines} AS rowNumber${absent} FROM typed0`];
}

/** Rows of typed0 out of file order (0: insertion order kept, so the accepted rows need no sort). */
export const outOfOrderSql = (): string => `SELECT count(*) AS n FROM typed0 WHERE seq <> rowid + 1`;

/**
 * The issue report of the rows: unreadable values, negative counts, missing amounts, empty, too wide, totals and
 * name-less rows, duplicate supplier ids (suppliers files), malformed lines. Creates `issues` (declared columns:
 * the first SELECT of the union must not decide the names; a file with no issue still gets its report) and fills it.
 */
export function issuesSql(opts: {
  mapping: HeaderMapping;
  kind: InputKind;
  columnCount: number;
  delimiter: string;
  /** the amount column's decimal decision (the reason of an unreadable amount names what is wrong with it) */
  decimalComma?: boolean;
}): string[] {
  const { mapping, kind } = opts;
  const nameHeader = mapping.supplierName ?? null;
  const parts: string[] = [];
  for (const dp of INGEST_COLUMNS) {
    const header = mapping[dp];
    const reason = invalidReason(dp);
    if (!header || !reason) continue;
    if (dp === 'amount') {
      parts.push(
        `SELECT rowNumber, ${lit(header)}, raw_amount, ${unreadableAmountSql('raw_amount', opts.decimalComma ?? false)}, 'error' FROM typed WHERE ${UNREADABLE_AMOUNT}`,
      );
      continue;
    }
    parts.push(
      `SELECT rowNumber, ${lit(header)} AS "column", raw_${dp} AS value, ${lit(reason)} AS reason, 'warning' AS severity FROM typed WHERE NOT emptyRow AND NOT tooWide AND raw_${dp} IS NOT NULL AND ${dp} IS NULL`,
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
    `SELECT rowNumber, NULL, NULL, ${lit(`more fields than the ${opts.columnCount} columns of the header (a value with an unquoted "${opts.delimiter === '\t' ? 'TAB' : opts.delimiter}"?); row not used`)}, 'error' FROM typed WHERE tooWide AND NOT emptyRow`,
  );
  if (mapping.amount)
    parts.push(
      `SELECT rowNumber, ${lit(nameHeader)}, supplierName, 'totals row; not used', 'warning' FROM typed WHERE isTotal`,
    );
  parts.push(
    `SELECT rowNumber, ${lit(nameHeader)}, NULL, 'no supplier name or id; row not used', 'error' FROM typed WHERE NOT emptyRow AND NOT tooWide AND NOT isTotal AND supplierName IS NULL AND supplierId IS NULL`,
  );
  if (mapping.supplierId && kind === 'suppliers')
    parts.push(`SELECT rowNumber, ${lit(mapping.supplierId)}, supplierId, 'duplicate supplier id (first on row ' || firstRow || '); merged into one supplier', 'warning'
        FROM (SELECT rowNumber, supplierId, min(rowNumber) OVER (PARTITION BY lower(trim(supplierId))) AS firstRow FROM typed WHERE supplierId IS NOT NULL) WHERE rowNumber > firstRow`);
  parts.push(
    `SELECT rowNumber, NULL, csv_line, 'malformed row (' || error_message || '); row not used', 'error' FROM rej_rows`,
  );
  return [
    `CREATE TABLE issues (rowNumber BIGINT, "column" VARCHAR, value VARCHAR, reason VARCHAR, severity VARCHAR)`,
    `INSERT INTO issues ${parts.join(' UNION ALL ')}`,
  ];
}

/**
 * A row whose amount cannot be read (not empty, not an amount): not used, so that no supplier gets a spend the
 * file does not state. Only rows that would otherwise be used (a totals row, an empty row, a row without a name or
 * id is already left out for that).
 */
const UNREADABLE_AMOUNT =
  'raw_amount IS NOT NULL AND amount IS NULL AND NOT emptyRow AND NOT tooWide AND NOT isTotal AND (supplierName IS NOT NULL OR supplierId IS NOT NULL)';

/** The issue reason of an unreadable amount `v`: what is wrong with it (amount.ts AMOUNT_PROBLEMS). */
export function unreadableAmountSql(v: string, decimalComma: boolean): string {
  const whens = Object.entries(AMOUNT_PROBLEMS)
    .map(([k, text]) => `WHEN ${lit(k)} THEN ${lit(`not an amount (${text}); row not used`)}`)
    .join(' ');
  // (the lambda evaluates the problem once; a CASE over it would repeat it for every WHEN)
  return `list_transform([sx_amount_why(${v}, ${decimalComma ? 'TRUE' : 'FALSE'})], lambda w: CASE w ${whens} ELSE ${lit(invalidReason('amount'))} END)[1]`;
}

/** The row number of the last totals row (n NULL: none). */
export const lastTotalSql = (): string => `SELECT max(rowNumber) AS n FROM typed WHERE isTotal`;

/**
 * Text below the last totals row without an id or an amount is a footer (a print date, a note), not a supplier:
 * the condition over `typed` ('FALSE' without a totals row).
 */
export const footerSql = (lastTotal: number | null, hasSupplierId: boolean): string =>
  lastTotal === null
    ? 'FALSE'
    : `(rowNumber > ${Number(lastTotal)} AND NOT isTotal AND amount IS NULL AND ${hasSupplierId ? 'supplierId IS NULL' : 'TRUE'})`;

/** The footer rows with text, as errors. */
export const footerIssuesSql = (footer: string, nameHeader: string): string =>
  `INSERT INTO issues SELECT rowNumber, ${lit(nameHeader)}, supplierName, 'text below the totals row (a footer or note); not used', 'error' FROM typed WHERE ${footer} AND NOT emptyRow AND NOT tooWide AND supplierName IS NOT NULL`;

/** The lines that were not valid UTF-8 and were decoded as `decodedAs`, as warnings. */
export const legacyLinesIssuesSql = (lines: readonly number[], decodedAs: string): string =>
  `INSERT INTO issues SELECT unnest([${lines.map((n) => Number(n)).join(',')}]::INTEGER[]) AS rowNumber, NULL, NULL, ${lit(`not valid UTF-8; decoded as ${decodedAs}`)}, 'warning'`;

/**
 * The accepted rows as the Parquet has them: source, kind, rowNumber, INGEST_COLUMNS, supplierNameOriginal; rows
 * that are not empty, too wide, totals or footer, have a supplier name or id and no unreadable amount; in file order (sorted only when
 * `typed` may not be in it).
 */
export function acceptedRowsSql(opts: {
  name: string;
  kind: InputKind;
  cols: RawColumns;
  footer: string;
  inFileOrder: boolean;
}): string {
  const { cols } = opts;
  return `SELECT ${lit(opts.name)} AS source, ${lit(opts.kind)} AS kind, rowNumber, ${INGEST_COLUMNS.map((dp) => (cols[dp] ? dp : `NULL::${columnType(dp)} AS ${dp}`)).join(', ')}, supplierNameOriginal FROM (
          SELECT rowNumber, supplierNameOriginal, ${presentColumns(cols).join(', ')} FROM typed WHERE NOT emptyRow AND NOT tooWide AND NOT isTotal AND NOT ${opts.footer} AND (supplierName IS NOT NULL OR supplierId IS NOT NULL)${cols.amount ? ' AND NOT (raw_amount IS NOT NULL AND amount IS NULL)' : ''}${opts.inFileOrder ? '' : ' ORDER BY rowNumber'}
        )`;
}

/** The issue report as written: sorted by row and column. */
export const issuesOutSql = (): string => `SELECT * FROM issues ORDER BY rowNumber, "column"`;

/** Rows read (typed rows and rejected lines), accepted (in the written data file), issues and totals rows. */
export const ingestCountsSql = (dataFile: string): string =>
  `SELECT (SELECT count(*) FROM typed) + (SELECT count(*) FROM rej_rows) AS read, (SELECT count(*) FROM read_parquet(${lit(dataFile)})) AS accepted, (SELECT count(*) FROM issues) AS issues, (SELECT count(*) FROM typed WHERE isTotal) AS totals`;

/**
 * The accepted rows' spend per currency (NULL: no or an unknown currency, read as the job currency) and how many rows
 * carry an amount, for the user to check against their own system.
 */
export const amountTotalsSql = (dataFile: string): string =>
  `SELECT currency, sum(amount) AS amount, count(amount) AS "rows" FROM read_parquet(${lit(dataFile)}) GROUP BY currency ORDER BY currency NULLS LAST`;

/** Issues per reason, the row-specific parts ("first on row 2", DuckDB's "(Expected …)") taken out. */
export const issuesByReasonSql = (): string =>
  `SELECT regexp_replace(reason, '\\s*\\(first on row [0-9]+\\)|\\s*\\(Expected.*\\)', '', 'g') AS reason, count(*) AS n FROM issues GROUP BY 1 ORDER BY 2 DESC, 1`;

/** The first `limit` issues by row and column, as the report lists them. */
export const issueSampleSql = (limit: number): string =>
  `SELECT rowNumber AS "row", "column", value, reason, severity FROM issues ORDER BY rowNumber, "column" LIMIT ${limit}`;
