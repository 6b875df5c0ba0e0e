/**
 * Property-based fuzzing of the upload parsers (fast-check): CSV and XLSX bytes from random, structured and mutated
 * generators — random bytes, truncated zips, flipped bytes, lying or huge declared sizes, wrong and mixed encodings,
 * far rows and columns. Every case must end in a valid result or an AnalysisInputError (never another error, never a
 * crash) and the process's memory must stay bounded. Deterministic: a fixed seed (FUZZ_SEED to change it), printed by
 * fast-check with any counterexample; FUZZ_RUNS scales every budget (1 = the default of about 400 cases).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisInputError } from '../../src/errors.ts';
import { lit, withDb } from '../../src/db.ts';
import { AMOUNT_PROBLEMS, parseAmount } from '../../src/ingest/amount.ts';
import { ingestMacrosSql, typedValueSql } from '../../src/ingest/ingest-sql.ts';
import { ingestFile } from '../../src/ingest/ingest.ts';
import { previewFile } from '../../src/ingest/preview.ts';
import { convertWorkbook } from '../../src/ingest/xlsx-convert.ts';
import { xlsxToCsv } from '../../src/ingest/xlsx.ts';
import { makeXlsx, type RowSpec } from '../hostile-files.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const params = (numRuns: number) => ({ seed: SEED, numRuns: runs(numRuns), endOnFailure: true });

const root = mkdtempSync(path.join(os.tmpdir(), 'sx-fuzz-'));
afterAll(() => rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
let n = 0;
function file(content: Uint8Array, ext: string): string {
  const f = path.join(root, `case-${++n}.${ext}`);
  writeFileSync(f, content);
  return f;
}

/** Accepts an AnalysisInputError; rethrows anything else (the property then fails with it and the seed). */
async function settle<T>(p: Promise<T>): Promise<T | AnalysisInputError> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof AnalysisInputError) {
      expect(e.code).toMatch(/^[A-Z_]+$/);
      expect(e.reason.length).toBeGreaterThan(0);
      return e;
    }
    throw e;
  }
}

/** Peak RSS growth of this process (worker threads included) while `fn` runs. */
async function boundedMemory(fn: () => Promise<void>, mb: number): Promise<void> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const iv = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    await fn();
  } finally {
    clearInterval(iv);
  }
  expect((Math.max(peak, process.memoryUsage().rss) - base) / 1048576).toBeLessThan(mb);
}

// ---------- CSV ----------

const token = fc.oneof(
  fc.constantFrom(',', ';', '\t', '|', '"', '""', '\n', '\r\n', '\r', ' ', '\u0000', '\uFEFF', '='),
  fc.constantFrom('Supplier Name', 'Vendor', 'Amount', 'Invoice Date', 'Country', '€1.234,56', '(12.00)', '31/12/2024'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const csvText = fc
  .tuple(
    fc.constantFrom('Supplier Name,Amount\n', 'Vendor;Spend;Country\n', 'Name\tTotal\n', ''),
    fc.array(token, { maxLength: 300 }),
  )
  .map(([h, t]) => h + t.join(''));
const encodings = fc.constantFrom('utf8', 'utf8-bom', 'latin1', 'utf16le-bom', 'utf16be-bom', 'utf16le', 'mixed');
function encode(text: string, enc: string): Uint8Array {
  switch (enc) {
    case 'utf8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    case 'latin1':
      return iconv.encode(text, 'windows-1252');
    case 'utf16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
    case 'utf16be-bom':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf16be')]);
    case 'utf16le':
      return iconv.encode(text, 'utf16le'); // no BOM: the wrong encoding for the sniffer
    case 'mixed': {
      const half = Math.floor(text.length / 2);
      return Buffer.concat([Buffer.from(text.slice(0, half)), iconv.encode(text.slice(half), 'windows-1252')]);
    }
    default:
      return Buffer.from(text);
  }
}
const csvBytes = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(csvText, encodings).map(([t, e]) => encode(t, e)) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 4096 }) },
  // long lines and wide headers, around the limits
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 2600 }), fc.integer({ min: 0, max: 400_000 }), fc.constantFrom(',', ';'))
      .map(([cols, pad, d]) =>
        Buffer.from(
          ['Supplier Name', ...Array.from({ length: cols - 1 }, (_, i) => `C${i}`)].join(d) +
            `\nAcme${d}${'x'.repeat(pad)}\n`,
        ),
      ),
  },
);

describe('fuzz: CSV upload parsers', () => {
  it('preview: any bytes end in a preview or an input error', async () => {
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(
          csvBytes,
          fc.constantFrom('suppliers', 'invoices', 'payments') as fc.Arbitrary<'suppliers'>,
          async (bytes, kind) => {
            const r = await settle(previewFile(file(bytes, 'csv'), { kind }));
            if (!(r instanceof AnalysisInputError)) {
              expect(Array.isArray(r.headers)).toBe(true);
              expect(r.detected.columns).toHaveLength(r.headers.length);
              for (const row of r.rows) for (const c of row) expect(typeof c).toBe('string');
            }
          },
        ),
        params(200),
      );
    }, 512);
  }, 120_000);

  it('ingest: any bytes end in a report or an input error', async () => {
    const work = path.join(root, 'ingest');
    mkdirSync(work, { recursive: true });
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(csvBytes, async (bytes) => {
          const r = await settle(ingestFile({ file: file(bytes, 'csv'), kind: 'suppliers', workDir: work }));
          if (!(r instanceof AnalysisInputError)) {
            expect(r.rowsRead).toBe(r.rowsAccepted + r.rowsRejected);
            expect(r.headers.length).toBeGreaterThan(0);
          }
        }),
        params(30),
      );
    }, 1536);
  }, 240_000);
});

// ---------- XLSX ----------

const cellValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('Supplier Name', 'Amount', '<&>"\'', ']]>', '\u0000\u0001', ''),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const column = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 16_384 }) },
  { weight: 1, arbitrary: fc.constantFrom<number | string>('XFD', 'XFE', 'ZZZZZZ', 'A', '') },
);
const rowNumber = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 200 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_048_576 }) },
  { weight: 1, arbitrary: fc.constantFrom(1_048_577, 99_999_999_999, 0, -1) },
);
const rows: fc.Arbitrary<RowSpec[]> = fc.array(
  fc.record({ r: rowNumber, cells: fc.array(fc.record({ col: column, value: cellValue }), { maxLength: 8 }) }),
  { maxLength: 12 },
);
const workbook = fc
  .record({
    sheets: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 10 }), rows }), {
      minLength: 1,
      maxLength: 3,
    }),
    sharedStrings: fc.option(fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }), { nil: undefined }),
    workbookLast: fc.boolean(),
    declared: fc.option(fc.integer({ min: 0, max: 0xffffffff }), { nil: undefined }),
  })
  .map((w) =>
    makeXlsx({
      sheets: w.sheets.map((s, i) => ({
        ...s,
        ...(i === 0 && w.declared !== undefined ? { declaredSize: w.declared } : {}),
      })),
      ...(w.sharedStrings ? { sharedStrings: w.sharedStrings } : {}),
      workbookLast: w.workbookLast,
    }),
  );
/** Valid workbooks, then: truncated, bytes flipped, a run overwritten with random bytes, or left intact. */
const xlsxBytes = fc.oneof(
  { weight: 2, arbitrary: workbook },
  {
    weight: 2,
    arbitrary: fc
      .tuple(workbook, fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([b, f]) => b.subarray(0, Math.floor(b.length * f))),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(workbook, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }))
      .map(([b, flips]) => {
        const c = Buffer.from(b);
        for (const [i, v] of flips) c[i % c.length] = v;
        return c;
      }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(workbook, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([b, at, junk]) => {
      const c = Buffer.from(b);
      c.set(junk.subarray(0, Math.max(0, c.length - (at % c.length))), at % c.length);
      return c;
    }),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 2048 }).map((u) => Buffer.concat([Buffer.from('PK\u0003\u0004'), u])),
  },
);

describe('fuzz: XLSX upload parsers', () => {
  it('the workbook reader: any bytes end in a conversion or an input error, with bounded memory', async () => {
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(xlsxBytes, fc.constantFrom<'csv' | 'rows'>('csv', 'rows'), async (bytes, mode) => {
          const f = file(bytes, 'xlsx');
          const scratch = mkdtempSync(path.join(root, 'x-'));
          const r = await settle(
            convertWorkbook({
              mode,
              file: f,
              label: 'case.xlsx',
              out: `${f}.csv`,
              scratch,
              maxBytes: 4 << 20,
              maxRows: 10,
            }),
          );
          if (!(r instanceof AnalysisInputError)) {
            expect(r.sheets).toContain(r.sheet);
            if (mode === 'csv') expect(readFileSync(`${f}.csv`, 'utf8').split('\n').length - 1).toBe(r.rows);
            else expect(r.data).toHaveLength(r.rows);
          }
          rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        }),
        params(150),
      );
    }, 768);
  }, 180_000);

  it('valid workbooks round-trip: each row with content lands on its own line number', async () => {
    const plain = fc.array(
      fc.record({
        r: fc.integer({ min: 1, max: 300 }),
        cells: fc.array(
          fc.record({ col: fc.integer({ min: 1, max: 12 }), value: fc.string({ minLength: 1, maxLength: 8 }) }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
      }),
      { minLength: 1, maxLength: 10 },
    );
    await fc.assert(
      fc.asyncProperty(plain, async (spec) => {
        // one row per number, cells sorted and unique (as a spreadsheet has them)
        const byRow = new Map<number, Map<number, string>>();
        for (const row of spec)
          for (const c of row.cells)
            (byRow.get(row.r) ?? byRow.set(row.r, new Map()).get(row.r)!).set(c.col as number, c.value);
        const rowsSpec = [...byRow.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([r, cells]) => ({
            r,
            cells: [...cells.entries()].sort((a, b) => a[0] - b[0]).map(([col, value]) => ({ col, value })),
          }));
        const f = file(makeXlsx({ sheets: [{ name: 'S', rows: rowsSpec }] }), 'xlsx');
        const scratch = mkdtempSync(path.join(root, 'x-'));
        const r = await convertWorkbook({
          mode: 'rows',
          file: f,
          label: 'rt.xlsx',
          scratch,
          maxBytes: 1 << 20,
          maxRows: 1000,
        });
        rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        const expected = rowsSpec
          .map((row) => {
            const last = Math.max(...row.cells.map((c) => c.col));
            const out = Array.from({ length: last }, (_, i) => row.cells.find((c) => c.col === i + 1)?.value ?? '');
            return { r: row.r, out };
          })
          .filter((x) => x.out.length > 0);
        expect(r.rowNumbers).toEqual(expected.map((x) => x.r));
        expect(r.data).toEqual(expected.map((x) => x.out));
      }),
      params(40),
    );
  }, 120_000);

  it('through the worker: hostile workbooks end in an input error, never a crash', async () => {
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(xlsxBytes, async (bytes) => {
          const f = file(bytes, 'xlsx');
          const r = await settle(xlsxToCsv(f, `${f}.csv`, { maxBytes: 4 << 20 }));
          if (!(r instanceof AnalysisInputError)) expect(r.sheets).toContain(r.sheet);
        }),
        params(12),
      );
    }, 1536);
  }, 180_000);
});

// ---------- Amounts ----------

const LOCALES = [
  'en-US',
  'en-GB',
  'en-IN',
  'de-DE',
  'de-CH',
  'fr-FR',
  'fr-CH',
  'it-IT',
  'es-ES',
  'nl-NL',
  'sv-SE',
  'pl-PL',
  'pt-BR',
  'ja-JP',
];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'SEK', 'PLN', 'BRL', 'INR'];
const amountToken = fc.oneof(
  fc.constantFrom('0', '1', '12', '123', '1234', '5', '9', '00'),
  fc.constantFrom(',', '.', ' ', '\u00a0', '\u202f', '\u2009', "'", '’', '-', '+', '(', ')', '−', '—', 'e', 'E', '_'),
  fc.constantFrom('€', '$', '£', 'CHF', 'EUR', 'US$', 'kr', 'zł', 'N/A', 'NaN', 'Infinity'),
  fc.string({ maxLength: 3 }),
);
const amountText = fc.array(amountToken, { maxLength: 12 }).map((t) => t.join(''));
const valueOf = (s: string, dc: boolean) => {
  const r = parseAmount(s, dc);
  return 'value' in r ? r.value : null;
};

describe('fuzz: amounts', () => {
  it('never throws: any text is a finite number, empty, or a named problem', () => {
    fc.assert(
      fc.property(fc.oneof(amountText, fc.string({ unit: 'grapheme', maxLength: 30 })), fc.boolean(), (s, dc) => {
        const r = parseAmount(s, dc);
        if ('value' in r) expect(r.value === null || Number.isFinite(r.value)).toBe(true);
        else expect(Object.keys(AMOUNT_PROBLEMS)).toContain(r.problem);
      }),
      params(3000),
    );
  });

  it('round-trips numbers as Intl.NumberFormat writes them in several locales (grouping, currencies, credits)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.constantFrom(...LOCALES),
        fc.record({
          style: fc.constantFrom('decimal', 'currency'),
          currency: fc.constantFrom(...CURRENCIES),
          currencyDisplay: fc.constantFrom('symbol', 'narrowSymbol', 'code'),
          currencySign: fc.constantFrom('standard', 'accounting'),
          signDisplay: fc.constantFrom('auto', 'always', 'exceptZero', 'negative'),
          useGrouping: fc.boolean(),
          digits: fc.integer({ min: 0, max: 3 }),
        }),
        (x, locale, o) => {
          const f = new Intl.NumberFormat(locale, {
            style: o.style as 'decimal' | 'currency',
            currency: o.currency,
            currencyDisplay: o.currencyDisplay as 'symbol',
            currencySign: o.currencySign as 'standard',
            signDisplay: o.signDisplay as 'auto',
            useGrouping: o.useGrouping,
            minimumFractionDigits: o.digits,
            maximumFractionDigits: o.digits,
          });
          const text = f.format(x);
          const decimalComma =
            new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',';
          const plain = Number(
            new Intl.NumberFormat('en-US', {
              useGrouping: false,
              minimumFractionDigits: o.digits,
              maximumFractionDigits: o.digits,
            }).format(x),
          );
          const got = valueOf(text, decimalComma);
          expect(got === plain, `${JSON.stringify(text)} (${locale}) read as ${got}, written from ${plain}`).toBe(true);
        },
      ),
      params(3000),
    );
  });

  it("ingest's typed amount in DuckDB (fast path, common forms, whole rule) gives what the JavaScript rule gives", async () => {
    await withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
      for (const sql of ingestMacrosSql()) await db.run(sql);
      await fc.assert(
        fc.asyncProperty(fc.array(amountText, { minLength: 1, maxLength: 200 }), async (texts) => {
          const values = texts.map((s, i) => `(${i}, ${lit(s)})`).join(', ');
          const typed = (dc: boolean) => typedValueSql('amount', 's', { decimalComma: dc, dayFirst: true });
          const rows = await db.all<{ p: number | null; c: number | null }>(
            `SELECT ${typed(false)} AS p, ${typed(true)} AS c FROM (VALUES ${values}) t(i, s) ORDER BY i`,
          );
          expect(rows.map((r, i) => [texts[i], r.p, r.c])).toEqual(
            texts.map((s) => [s, valueOf(s, false), valueOf(s, true)]),
          );
        }),
        params(40),
      );
    });
  }, 180_000);
});
