/**
 * The amount rule (src/ingest/amount.ts) on a table of cases: each input, the column's decimal decision, and the
 * value or the problem expected. The JavaScript reader and the DuckDB macros ingest runs must both give exactly it
 * (one rule, two runners), and vote the same way for the column's decision.
 */
import { describe, expect, it } from 'vitest';
import { lit, withDb } from '../src/db.ts';
import { amountMacrosSql, amountVote, parseAmount, type AmountProblem } from '../src/ingest/amount.ts';
import { ingestMacrosSql, typedValueSql } from '../src/ingest/ingest-sql.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const THIN = '\u2009';
const FIGURE = '\u2007';

type Expected = number | null | AmountProblem;
/** [input, decimal comma column?, expected] */
const CASES: [string, boolean, Expected][] = [
  // plain numbers and the fast path's forms
  ['1234', false, 1234],
  ['1234.56', false, 1234.56],
  [' 12 ', false, 12],
  ['+5', false, 5],
  ['-5', false, -5],
  ['5.', false, 5],
  ['.5', false, 0.5],
  ['-.5', false, -0.5],
  ['00012', false, 12],
  ['0', false, 0],
  // scientific notation
  ['1e3', false, 1000],
  ['1E+3', true, 1000],
  ['1.5e-2', false, 0.015],
  ['-2.5E3', false, -2500],
  ['1e400', false, 'tooLarge'],
  ['1' + '0'.repeat(400), false, 'tooLarge'],
  // thousands separators: every Unicode space, apostrophes, comma and point
  [`1${NNBSP}234,56`, false, 1234.56],
  [`1${NBSP}234,56`, false, 1234.56],
  [`1 234,56`, false, 1234.56],
  [`1${THIN}234${THIN}567,8`, true, 1234567.8],
  [`1${FIGURE}234.50`, false, 1234.5],
  ['1 234 567', false, 1234567],
  ['1 234 567', true, 1234567],
  [`-1${NBSP}234,56`, false, -1234.56],
  [`-1${NNBSP}234,56`, true, -1234.56],
  ['-1,234.5', true, -1234.5],
  ['-1,234.5', false, -1234.5],
  ['1 234.5', false, 1234.5],
  ['1 234.5', true, 1234.5],
  ['-12,5', true, -12.5],
  ['1.234,5', true, 1234.5],
  ['1,234', true, 1.234],
  ['1,234,5', true, 'grouping'],
  ["1'234.50", false, 1234.5],
  ['1’234’567.25', false, 1234567.25],
  ["1'234,50", false, 1234.5],
  ['1,234,567', false, 1234567],
  ['1,234,567', true, 1234567],
  ['1.234.567', false, 1234567],
  ['1.234.567', true, 1234567],
  ['1.234,56', false, 1234.56],
  ['1,234.56', true, 1234.56],
  ['1.234.567,89', false, 1234567.89],
  ['12,34,567.00', false, 1234567],
  // one separator: the decimal unless three digits follow; then the column decides
  ['12,5', false, 12.5],
  ['0,5', false, 0.5],
  ['0,123', false, 0.123],
  ['0.123', true, 0.123],
  ['0 123', true, 123],
  ['1234,567', false, 1234.567],
  ['980,00', false, 980],
  ['1.234', false, 1.234],
  ['1.234', true, 1234],
  ['1,234', false, 1234],
  ['1,234', true, 1.234],
  ['123.456', true, 123456],
  // currencies before or after, symbols and codes
  [`€1${NBSP}234,56`, false, 1234.56],
  [`1${NNBSP}234,56${NBSP}€`, false, 1234.56],
  ["CHF 1'234.50", false, 1234.5],
  ['CHF-1’234.50', false, -1234.5],
  ['$1,000.00', false, 1000],
  ['US$ 12', false, 12],
  ['USD 12', false, 12],
  ['12 usd', false, 12],
  ['EUR -1.234,56', false, -1234.56],
  ['-€3', false, -3],
  ['£ 3.50', false, 3.5],
  ['1 234,50 kr', false, 1234.5],
  ['R$ 1.234,56', false, 1234.56],
  ['1234,56 zł', false, 1234.56],
  ['₹12,34,567.00', false, 1234567],
  ['￥1,235', false, 1235],
  // credits: parentheses, trailing minus, Unicode minus
  ['(980,00)', false, -980],
  ['(1 234,56)', false, -1234.56],
  ['(€1,234.56)', false, -1234.56],
  ['€(1,234.56)', false, -1234.56],
  ['980,00-', false, -980],
  ['1234.56-', false, -1234.56],
  ['1 234,56 - ', false, -1234.56],
  ['\u22121 234,56', false, -1234.56],
  ['- 5', false, -5],
  // Excel's accounting zero
  ['-', false, 0],
  ['—', false, 0],
  ['–', false, 0],
  ['$ -', false, 0],
  [' € - ', false, 0],
  // empty is empty
  ['', false, null],
  ['   ', false, null],
  [`${NBSP}${NNBSP}`, false, null],
  // not amounts, and why
  ['N/A', false, 'noDigits'],
  ['n/a', false, 'noDigits'],
  ['NaN', false, 'noDigits'],
  ['Infinity', false, 'noDigits'],
  ['abc', false, 'noDigits'],
  ['EUR', false, 'noDigits'],
  ['.', false, 'noDigits'],
  ['12abc34', false, 'characters'],
  ['1/2', false, 'characters'],
  ['5%', false, 'characters'],
  ['12e', false, 'characters'],
  ['1_000', false, 'characters'],
  ['0x1F', false, 'characters'],
  ['(12', false, 'parentheses'],
  ['12)', false, 'parentheses'],
  ['((12))', false, 'parentheses'],
  ['(-12)', false, 'signs'],
  ['--5', false, 'signs'],
  ['-5-', false, 'signs'],
  ['+-5', false, 'signs'],
  ['EUR 12 USD', false, 'currencies'],
  ['$12€', false, 'currencies'],
  ['1,23,4', false, 'grouping'],
  ['12 34', false, 'grouping'],
  ['1.234,567.8', false, 'grouping'],
  ['1.5.2024', false, 'grouping'],
  ["1'23", false, 'grouping'],
  ['1 234.567,8', false, 'grouping'],
];

const expected = (e: Expected) => (typeof e === 'string' ? { problem: e } : { value: e });

describe('amounts', () => {
  it('JavaScript reads the table of cases', () => {
    const got = CASES.map(([s, dc]) => [s, dc, parseAmount(s, dc)]);
    expect(got).toEqual(CASES.map(([s, dc, e]) => [s, dc, expected(e)]));
  });

  it('DuckDB reads the same table the same way (value and problem), and votes as JavaScript does', async () => {
    const rows = await withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
      await db.run(amountMacrosSql());
      const values = CASES.map(([s, dc], i) => `(${i}, ${lit(s)}, ${dc})`).join(', ');
      return db.all<{ v: number | null; why: string | null; vote: string | null }>(
        `SELECT sx_amount(s, dc) AS v, sx_amount_why(s, dc) AS why, sx_amount_vote(s) AS vote FROM (VALUES ${values}) t(i, s, dc) ORDER BY i`,
      );
    });
    expect(rows.map((r, i) => [CASES[i]![0], CASES[i]![1], r.why ? { problem: r.why } : { value: r.v }])).toEqual(
      CASES.map(([s, dc, e]) => [s, dc, expected(e)]),
    );
    expect(rows.map((r) => r.vote)).toEqual(CASES.map(([s]) => amountVote(s)));
  });

  it("ingest's typed amount (DuckDB's cast for plain numbers, the macros for the rest) gives the same values", async () => {
    const rows = await withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
      for (const sql of ingestMacrosSql()) await db.run(sql);
      const values = CASES.map(([s], i) => `(${i}, ${lit(s)})`).join(', ');
      const typed = (dc: boolean) => typedValueSql('amount', 's', { decimalComma: dc, dayFirst: true });
      return db.all<{ p: number | null; c: number | null }>(
        `SELECT ${typed(false)} AS p, ${typed(true)} AS c FROM (VALUES ${values}) t(i, s) ORDER BY i`,
      );
    });
    const valueOf = (s: string, dc: boolean) => {
      const r = parseAmount(s, dc);
      return 'value' in r ? r.value : null;
    };
    expect(rows.map((r, i) => [CASES[i]![0], r.p, r.c])).toEqual(
      CASES.map(([s]) => [s, valueOf(s, false), valueOf(s, true)]),
    );
  });

  it('votes for the decimal separator a value shows, and abstains where it is ambiguous', () => {
    expect(
      [
        '1.234,56',
        '1,234.56',
        '12,5',
        '1.234.567',
        '1,234,567',
        '1.234',
        '1,234',
        '1234',
        '1e3',
        'x',
        `1${NNBSP}234,56`,
      ].map(amountVote),
    ).toEqual([',', '.', ',', ',', '.', null, null, null, null, null, ',']);
  });
});
