/**
 * The ingest SQL builders on tiny tables: `raw` is written by hand (c0…, cx as the CSV reader gives them), the
 * builders run in the order ingest.ts runs them, and the rows they produce are asserted.
 */
import { describe, expect, it } from 'vitest';
import { lit, withDb, type Db } from '../../src/db.ts';
import { loadReference } from '../../src/reference/load.ts';
import { IDENTITY_DATAPOINTS, KIND_DATAPOINTS, type DatapointId, type InputKind } from '../../src/ingest/datapoints.ts';
import {
  acceptedRowsSql,
  dateOrderSampleSql,
  decimalSampleSql,
  dictionaryColumnSql,
  dictionaryEntriesSql,
  emptyRowSql,
  INGEST_COLUMNS,
  ingestCountsSql,
  ingestMacrosSql,
  isDayFirst,
  isDecimalComma,
  issueSampleSql,
  issuesByReasonSql,
  legacyLinesIssuesSql,
  MAX_CASE_DICTIONARY,
  readCsvSql,
  totalsRowSql,
  typedValueSql,
  type RawColumns,
  type ValueFormat,
} from '../../src/ingest/ingest-sql.ts';
import { checkRows } from '../../src/ingest/ingest.ts';
import { tmpDir, writeFile } from '../helpers.ts';

const DMY: ValueFormat = { decimalComma: false, dayFirst: true };

const tiny = <T>(fn: (db: Db) => Promise<T>) =>
  withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    await loadReference(db, ['ref_countries', 'ref_mcc', 'ref_currencies']);
    for (const sql of ingestMacrosSql()) await db.run(sql);
    return fn(db);
  });

type Cell = string | null;
/** `raw` as the CSV reader leaves it: c0…c<n-1> and cx, all VARCHAR, rowid in row order; `rej` empty or given. */
async function rawTable(
  db: Db,
  columnCount: number,
  rows: Cell[][],
  rejects: { line: number; error_message: string; csv_line: string }[] = [],
): Promise<void> {
  const names = [...Array.from({ length: columnCount }, (_, i) => `c${i}`), 'cx'];
  await db.run(`CREATE TABLE raw (${names.map((n) => `${n} VARCHAR`).join(', ')})`);
  for (const r of rows) {
    const cells = [...r, ...Array<Cell>(names.length - r.length).fill(null)];
    await db.run(`INSERT INTO raw VALUES (${cells.map(lit).join(', ')})`);
  }
  await db.run(`CREATE TABLE rej (line BIGINT, error_message VARCHAR, csv_line VARCHAR)`);
  for (const j of rejects)
    await db.run(`INSERT INTO rej VALUES (${j.line}, ${lit(j.error_message)}, ${lit(j.csv_line)})`);
}

const values = async (db: Db, dp: DatapointId, inputs: Cell[], fmt: ValueFormat = DMY) =>
  (
    await db.all<{ v: unknown }>(
      `SELECT ${typedValueSql(dp, 'x', fmt)}::VARCHAR AS v FROM (VALUES ${inputs.map((x, i) => `(${lit(x)}::VARCHAR, ${i})`).join(', ')}) t(x, i) ORDER BY i`,
    )
  ).map((r) => r.v);

/**
 * ingest.ts's own row step (checkRows), from `raw`/`rej` to `typed` and `issues`, with every typed column converted
 * directly or through its dictionary (`inline` chooses the CASE form or the join for all dictionaries).
 */
async function runRows(
  db: Db,
  o: {
    headers: string[];
    mapping: Partial<Record<DatapointId, string>>;
    kind: InputKind;
    skipLines?: number;
    fmt?: ValueFormat;
    inline?: boolean;
    isXlsx?: boolean;
  },
): Promise<{ cols: RawColumns; footer: string; inFileOrder: boolean }> {
  const cols: RawColumns = Object.fromEntries(
    Object.entries(o.mapping).map(([dp, h]) => [dp, `c${o.headers.indexOf(h)}`]),
  );
  const r = await checkRows(db, {
    cols,
    fmt: o.fmt ?? DMY,
    mapping: o.mapping,
    kind: o.kind,
    columnCount: o.headers.length,
    skipLines: o.skipLines ?? 1,
    delimiter: ',',
    isXlsx: !!o.isXlsx,
    inline: o.inline ?? true,
  });
  return { cols, ...r };
}

const issues = (db: Db) =>
  db.all<{ row: number; column: string | null; value: string | null; reason: string; severity: string }>(
    issueSampleSql(200),
  );

describe('the Parquet schema', () => {
  it('has every datapoint some kind accepts, once, the identity datapoints first', () => {
    const accepted = new Set(Object.values(KIND_DATAPOINTS).flat());
    expect(new Set(INGEST_COLUMNS)).toEqual(accepted);
    expect(INGEST_COLUMNS).toHaveLength(accepted.size);
    expect(INGEST_COLUMNS.slice(0, IDENTITY_DATAPOINTS.length)).toEqual(IDENTITY_DATAPOINTS);
  });
});

describe('typed values', () => {
  it('reads amounts with symbols, codes, separators, brackets and trailing minus; NULL for text', async () => {
    const got = await tiny(async (db) => ({
      dot: await values(db, 'amount', ['12.5', '$1,000.00', 'USD 12', '(500.00)', '12-', '€ 3', 'abc', 'NaN', null]),
      comma: await values(db, 'amount', ['1.234,50', '(500,00)', '7', 'x'], { decimalComma: true, dayFirst: true }),
    }));
    expect(got.dot).toEqual(['12.5', '1000.0', '12.0', '-500.0', '-12.0', '3.0', null, null, null]);
    expect(got.comma).toEqual(['1234.5', '-500.0', '7.0', null]);
  });

  it('reads dates day-first or month-first, ISO and Excel serial dates, and rejects the rest', async () => {
    const inputs = ['2024-01-03', '25/12/2024', '01/02/2024', '45672', '3-Feb-2024', 'soon', '12345'];
    const got = await tiny(async (db) => ({
      dmy: await values(db, 'date', inputs),
      mdy: await values(db, 'date', inputs, { decimalComma: false, dayFirst: false }),
    }));
    expect(got.dmy).toEqual(['2024-01-03', '2024-12-25', '2024-02-01', '2025-01-15', '2024-02-03', null, null]);
    expect(got.mdy).toEqual(['2024-01-03', null, '2024-01-02', '2025-01-15', '2024-02-03', null, null]);
  });

  it('reads payment terms, counts, countries, currencies, MCCs and payment methods', async () => {
    const got = await tiny(async (db) => ({
      days: await values(db, 'paymentTerms', ['Net 30', '45 days', 'immediate', 'COD', 'whenever']),
      count: await values(db, 'transactionCount', ['1,200', '3.6', 'many']),
      country: await values(db, 'country', ['GB', 'deu', 'United Kingdom', 'Narnia']),
      currency: await values(db, 'currency', ['usd', ' EUR ', 'XYZ']),
      mcc: await values(db, 'mcc', ['742', '5411', '0000']),
      method: await values(db, 'paymentMethod', ['Visa', 'cheque', 'carrier pigeon', null]),
    }));
    expect(got.days).toEqual(['30', '45', '0', '0', null]);
    expect(got.count).toEqual(['1200', '4', null]);
    expect(got.country).toEqual(['GBR', 'DEU', 'GBR', null]);
    expect(got.currency).toEqual(['USD', 'EUR', null]);
    expect(got.mcc).toEqual(['0742', '5411', null]);
    expect(got.method![2]).toBe('Other');
    expect(got.method![3]).toBe('Other');
    expect(got.method![0]).not.toBe('Other');
    expect(got.method![1]).not.toBe('Other');
  });
});

describe('format detection', () => {
  it('decides decimal comma and day-first from the column sample', async () => {
    const got = await tiny(async (db) => {
      await db.run(
        `CREATE TABLE raw AS SELECT * FROM (VALUES ('1.234,50', '25/12/2024'), ('10,5', '01/02/2024'), ('3.25', NULL), ('1.234', NULL), ('2.345.678', NULL), ('N/A', NULL)) t(c0, c1)`,
      );
      return {
        dec: await db.one<{ comma: number; dot: number }>(decimalSampleSql('c0')),
        dates: await db.one<{ dmy: number; mdy: number }>(dateOrderSampleSql('c1')),
      };
    });
    // "1.234" abstains (either reading is possible); "2.345.678" groups with points, so its decimal is a comma
    expect(got.dec).toEqual({ comma: 3, dot: 1 });
    expect(isDecimalComma(got.dec)).toBe(true);
    expect(got.dates).toEqual({ dmy: 1, mdy: 0 });
    expect(isDayFirst(got.dates, ';')).toBe(true);
    expect(isDayFirst({ dmy: 0, mdy: 2 }, ';')).toBe(false);
    // no evidence: day-first, except in a comma-delimited file
    expect(isDayFirst({ dmy: 0, mdy: 0 }, ';')).toBe(true);
    expect(isDayFirst({ dmy: 0, mdy: 0 }, ',')).toBe(false);
    expect(isDecimalComma(undefined)).toBe(false);
  });
});

describe('dictionary columns', () => {
  it('gives the same values inlined as CASE and joined, with the empty-cell value for NULL', async () => {
    const rows: Cell[][] = [
      ['A', 'Visa'],
      ['B', null],
      ['C', 'cheque'],
      ['D', 'Visa'],
      ['E', 'carrier pigeon'],
    ];
    const run = (inline: boolean) =>
      tiny(async (db) => {
        await rawTable(db, 2, rows);
        await runRows(db, {
          headers: ['Vendor', 'Method'],
          mapping: { supplierName: 'Vendor', paymentMethod: 'Method' },
          kind: 'payments',
          inline,
        });
        return db.all<{ supplierName: string; paymentMethod: string }>(
          `SELECT supplierName, paymentMethod FROM typed ORDER BY rowNumber`,
        );
      });
    const [inlined, joined] = [await run(true), await run(false)];
    expect(joined).toEqual(inlined);
    expect(inlined.map((r) => r.paymentMethod)).toEqual([
      inlined[0]!.paymentMethod,
      'Other',
      inlined[2]!.paymentMethod,
      inlined[0]!.paymentMethod,
      'Other',
    ]);
    expect(inlined[0]!.paymentMethod).not.toBe('Other');
  });

  it('inlines at most MAX_CASE_DICTIONARY entries and joins a larger dictionary', () => {
    const small = dictionaryColumnSql('country', 'c1', null, [{ raw: 'GB', v: 'GBR' }]);
    expect(small.join).toBeNull();
    expect(small.select).toContain(`WHEN 'GB' THEN 'GBR'`);
    const large = dictionaryColumnSql('country', 'c1', null, null);
    expect(large.join).toBe('LEFT JOIN d_country ON d_country.raw = r.c1');
    expect(dictionaryEntriesSql('country')).toContain(`LIMIT ${MAX_CASE_DICTIONARY + 1}`);
  });
});

describe('row flags', () => {
  it('marks empty rows at their first non-blank cell, Unicode spaces counting as blank', async () => {
    const got = await tiny((db) =>
      db.all<{ e: boolean }>(
        `SELECT ${emptyRowSql(3)} AS e FROM (VALUES (NULL, '', '  ', 1), ('', '\u00a0', 'x', 2), ('a', NULL, NULL, 3)) t(c0, c1, c2, i) ORDER BY i`,
      ),
    );
    expect(got.map((r) => r.e)).toEqual([true, false, false]);
  });

  it('marks totals rows by their label in the name, the id or the first cell, only with an amount', async () => {
    const cols: RawColumns = { supplierId: 'c0', supplierName: 'c1', amount: 'c2' };
    const rows: [Cell, Cell, Cell, Cell][] = [
      [null, 'Total', '1500', 'name label'],
      ['Grand Total', null, '1500', 'id label, no name'],
      ['V1', 'Total', '10', 'an id: a supplier called Total'],
      [null, 'Total', null, 'no amount'],
      [null, 'TotalEnergies SE', '5', 'a company'],
      ['Summe:', null, '9', 'first cell of a row with neither'],
    ];
    const got = await tiny((db) =>
      db.all<{ t: boolean; note: string }>(
        `SELECT ${totalsRowSql(cols, 'FALSE')} AS t, note FROM (VALUES ${rows.map((r, i) => `(${r.map(lit).join(', ')}, ${i})`).join(', ')}) t(c0, c1, c2, note, i) ORDER BY i`,
      ),
    );
    expect(got.map((r) => [r.note, r.t])).toEqual([
      ['name label', true],
      ['id label, no name', true],
      ['an id: a supplier called Total', false],
      ['no amount', false],
      ['a company', false],
      ['first cell of a row with neither', true],
    ]);
    // without a spend column nothing is a totals row
    expect(totalsRowSql({ supplierName: 'c1' }, 'FALSE')).toBe('FALSE');
  });
});

describe('typed rows and issues', () => {
  const headers = ['Vendor No', 'Vendor Name', 'Country', 'Annual Spend', 'Terms'];
  const mapping = {
    supplierId: 'Vendor No',
    supplierName: 'Vendor Name',
    country: 'Country',
    amount: 'Annual Spend',
    paymentTerms: 'Terms',
  } as const;

  it('types a supplier file and reports bad values, unreadable amounts, empty, wide, name-less and duplicate rows', async () => {
    const got = await tiny(async (db) => {
      await rawTable(db, 5, [
        ['V1', 'Acme Widgets Ltd', 'GB', '1,234.50', 'Net 30'],
        ['V2', 'Beta GmbH', 'DEU', 'abc', '30'],
        [null, null, null, null, null],
        ['v1 ', 'Acme Widgets Ltd', 'Narnia', '100', null],
        ['V5', 'Gamma', '1', null, null, 'spill'],
        [null, ' ', 'FR', '7', null],
        ['V7', '"Jones\nPlumbing"', 'US', '5', 'whenever'],
      ]);
      const r = await runRows(db, { headers, mapping, kind: 'suppliers' });
      await db.run(
        `CREATE TABLE accepted AS ${acceptedRowsSql({ name: 'sup', kind: 'suppliers', cols: r.cols, footer: r.footer, inFileOrder: r.inFileOrder })}`,
      );
      return {
        r,
        issues: await issues(db),
        accepted: await db.all<Record<string, unknown>>(`SELECT * FROM accepted`),
      };
    });
    expect(got.r.inFileOrder).toBe(true);
    expect(got.issues).toEqual([
      {
        row: 3,
        column: 'Annual Spend',
        value: 'abc',
        reason: 'not an amount (no digits); row not used',
        severity: 'error',
      },
      { row: 4, column: null, value: null, reason: 'empty row; not used', severity: 'error' },
      {
        row: 5,
        column: 'Country',
        value: 'Narnia',
        reason: 'unknown country (expected ISO2, ISO3 or an English name); country left empty',
        severity: 'warning',
      },
      {
        row: 5,
        column: 'Vendor No',
        value: 'v1',
        reason: 'duplicate supplier id (first on row 2); merged into one supplier',
        severity: 'warning',
      },
      {
        row: 6,
        column: null,
        value: null,
        reason: 'more fields than the 5 columns of the header (a value with an unquoted ","?); row not used',
        severity: 'error',
      },
      { row: 7, column: 'Vendor Name', value: null, reason: 'no supplier name or id; row not used', severity: 'error' },
      {
        row: 8,
        column: 'Terms',
        value: 'whenever',
        reason: 'payment terms not understood (expected days, e.g. "30" or "Net 30"); left empty',
        severity: 'warning',
      },
    ]);
    expect(got.accepted.map((a) => [a.rowNumber, a.supplierName, a.amount, a.country, a.paymentTerms])).toEqual([
      [2, 'Acme Widgets Ltd', 1234.5, 'GBR', 30],
      [5, 'Acme Widgets Ltd', 100, null, null],
      [8, '"Jones Plumbing"', 5, 'USA', null],
    ]);
    // the accepted rows carry every ingest column, unmapped ones empty, and the name as written where it changed
    expect(got.accepted[0]).toMatchObject({ source: 'sup', kind: 'suppliers', city: null, supplierNameOriginal: null });
    expect(got.accepted[2]!.supplierNameOriginal).toBe('"Jones\nPlumbing"');
  });

  it('numbers rows below title lines, leaves out totals rows and the footer below them', async () => {
    const got = await tiny(async (db) => {
      // header on line 4 (three title lines above): the data starts on row 5
      await rawTable(db, 3, [
        ['Acme', '$1,000.00', 'US'],
        ['Beta', '$500.00', 'US'],
        ['Total', '$1,500.00', null],
        ['Printed 2025-04-02', null, null],
      ]);
      const r = await runRows(db, {
        headers: ['Vendor Name', 'Total Paid', 'Country'],
        mapping: { supplierName: 'Vendor Name', amount: 'Total Paid', country: 'Country' },
        kind: 'suppliers',
        skipLines: 4,
      });
      const accepted = await db.all<{ rowNumber: number; supplierName: string; amount: number }>(
        acceptedRowsSql({ name: 'r', kind: 'suppliers', cols: r.cols, footer: r.footer, inFileOrder: r.inFileOrder }),
      );
      return { footer: r.footer, issues: await issues(db), accepted };
    });
    expect(got.footer).toBe('(rowNumber > 7 AND NOT isTotal AND amount IS NULL AND TRUE)');
    expect(got.issues).toEqual([
      { row: 7, column: 'Vendor Name', value: 'Total', reason: 'totals row; not used', severity: 'warning' },
      {
        row: 8,
        column: 'Vendor Name',
        value: 'Printed 2025-04-02',
        reason: 'text below the totals row (a footer or note); not used',
        severity: 'error',
      },
    ]);
    expect(got.accepted.map((a) => [a.rowNumber, a.supplierName, a.amount])).toEqual([
      [5, 'Acme', 1000],
      [6, 'Beta', 500],
    ]);
  });

  it('without a spend column keeps a supplier called "Total" and reports no totals', async () => {
    const got = await tiny(async (db) => {
      await rawTable(db, 2, [
        ['Total', 'London'],
        ['Acme', 'Leeds'],
      ]);
      const r = await runRows(db, {
        headers: ['Supplier Name', 'City'],
        mapping: { supplierName: 'Supplier Name', city: 'City' },
        kind: 'suppliers',
      });
      const accepted = await db.all<{ supplierName: string; amount: number | null }>(
        acceptedRowsSql({ name: 'm', kind: 'suppliers', cols: r.cols, footer: r.footer, inFileOrder: r.inFileOrder }),
      );
      return { footer: r.footer, issues: await issues(db), accepted };
    });
    expect(got.footer).toBe('FALSE');
    expect(got.issues).toEqual([]);
    expect(got.accepted.map((a) => [a.supplierName, a.amount])).toEqual([
      ['Total', null],
      ['Acme', null],
    ]);
  });

  it('warns about a document without an amount and a negative count (documents, not supplier files)', async () => {
    const got = await tiny(async (db) => {
      await rawTable(db, 3, [
        ['Acme', null, '2'], // the CSV reader gives an empty field as NULL
        ['Beta', '5', '-1'],
        ['Gamma', '7', 'x'],
      ]);
      await runRows(db, {
        headers: ['Payee', 'Amount', 'Count'],
        mapping: { supplierName: 'Payee', amount: 'Amount', transactionCount: 'Count' },
        kind: 'payments',
      });
      return issues(db);
    });
    expect(got.map((i) => [i.row, i.column, i.value, i.reason])).toEqual([
      [2, 'Amount', null, 'amount is empty; the row counts as a document without spend'],
      [3, 'Count', '-1', 'negative count; left empty'],
      [4, 'Count', 'x', 'not a whole number; count left empty'],
    ]);
  });

  it('shifts row numbers past rejected lines, reports them, and counts them as read', async () => {
    const got = await tiny(async (db) => {
      // lines 1 header, 2 Acme, 3 rejected, 4 Beta, 5 rejected (twice: one line, one issue), 6 Gamma
      await rawTable(
        db,
        2,
        [
          ['Acme', '1'],
          ['Beta', '2'],
          ['Gamma', '3'],
        ],
        [
          { line: 3, error_message: 'Expected Number of Columns: 2 Found: 3', csv_line: 'x,"y' },
          { line: 5, error_message: 'Value with unterminated quote', csv_line: '"z' },
          { line: 5, error_message: 'Value with unterminated quote', csv_line: '"z' },
        ],
      );
      const r = await runRows(db, {
        headers: ['Payee', 'Amount'],
        mapping: { supplierName: 'Payee', amount: 'Amount' },
        kind: 'payments',
      });
      const dir = tmpDir();
      try {
        const dataFile = `${dir.dir}/data.parquet`;
        await db.run(
          `COPY (${acceptedRowsSql({ name: 'p', kind: 'payments', cols: r.cols, footer: r.footer, inFileOrder: r.inFileOrder })}) TO ${lit(dataFile)} (FORMAT parquet)`,
        );
        return {
          inFileOrder: r.inFileOrder,
          rows: await db.all<{ rowNumber: number; supplierName: string }>(
            `SELECT rowNumber, supplierName FROM read_parquet(${lit(dataFile)})`,
          ),
          issues: await issues(db),
          counts: await db.one(ingestCountsSql(dataFile)),
          byReason: await db.all<{ reason: string; n: number }>(issuesByReasonSql()),
        };
      } finally {
        dir.cleanup();
      }
    });
    expect(got.inFileOrder).toBe(false);
    expect(got.rows.map((r) => [r.rowNumber, r.supplierName])).toEqual([
      [2, 'Acme'],
      [4, 'Beta'],
      [6, 'Gamma'],
    ]);
    expect(got.issues.map((i) => [i.row, i.value, i.severity])).toEqual([
      [3, 'x,"y', 'error'],
      [5, '"z', 'error'],
    ]);
    expect(got.issues[0]!.reason).toBe('malformed row (Expected Number of Columns: 2 Found: 3); row not used');
    expect(got.counts).toEqual({ read: 5, accepted: 3, issues: 2, totals: 0 });
    // DuckDB's "(Expected …)" detail is taken out of the reason counted, other details stay
    expect([...got.byReason].sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      { reason: 'malformed row (Value with unterminated quote); row not used', n: 1 },
      { reason: 'malformed row; row not used', n: 1 },
    ]);
  });

  it('adds the lines decoded from a legacy encoding as warnings', async () => {
    const got = await tiny(async (db) => {
      await rawTable(db, 1, [['Acme']]);
      await runRows(db, { headers: ['Payee'], mapping: { supplierName: 'Payee' }, kind: 'suppliers' });
      await db.run(legacyLinesIssuesSql([3, 7], 'windows-1252'));
      return issues(db);
    });
    expect(got).toEqual([
      { row: 3, column: null, value: null, reason: 'not valid UTF-8; decoded as windows-1252', severity: 'warning' },
      { row: 7, column: null, value: null, reason: 'not valid UTF-8; decoded as windows-1252', severity: 'warning' },
    ]);
  });

  it('never calls an XLSX row too wide', async () => {
    const got = await tiny(async (db) => {
      await rawTable(db, 1, [['Acme', 'stray']]);
      await runRows(db, { headers: ['Payee'], mapping: { supplierName: 'Payee' }, kind: 'suppliers', isXlsx: true });
      return db.all<{ tooWide: boolean }>(`SELECT tooWide FROM typed`);
    });
    expect(got).toEqual([{ tooWide: false }]);
  });
});

describe('reading the CSV', () => {
  it('skips the lines above the data, pads short rows and fills cx from a wide one', async () => {
    const { dir, cleanup } = tmpDir();
    try {
      const f = writeFile(dir, 'r.csv', 'Report FY2025\n\nName;Spend\nAcme;1,5\nBeta\nGamma;2;extra\n');
      const got = await tiny(async (db) => {
        await db.run(readCsvSql(f, { columnCount: 2, skipLines: 3, delimiter: ';', parallel: true }));
        return db.all<{ c0: string; c1: string | null; cx: string | null }>(`SELECT * FROM raw ORDER BY rowid`);
      });
      expect(got).toEqual([
        { c0: 'Acme', c1: '1,5', cx: null },
        { c0: 'Beta', c1: null, cx: null },
        { c0: 'Gamma', c1: '2', cx: 'extra' },
      ]);
    } finally {
      cleanup();
    }
  });
});
