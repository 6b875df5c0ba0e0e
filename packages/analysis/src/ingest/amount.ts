/**
 * Amounts as files write them: the one rule, run by JavaScript (parseAmount, for tests, the fuzz and any reader in
 * JS) and by DuckDB (amountMacrosSql, which ingest uses), both built from the same pieces below and checked to agree
 * on a table of cases (test/amount.test.ts).
 *
 * A value is: an optional prefix (a sign, an opening parenthesis, a currency symbol or code, spaces), the number, an
 * optional suffix (a currency, a trailing minus, the closing parenthesis, spaces).
 *  - Signs: "-" (and the Unicode minus), "+", a trailing "-", or parentheses (credits); at most one of them.
 *  - Currencies: a symbol (€, £, $, US$, CHF…) or a three-letter code, before or after, not both.
 *  - Thousands separators: any Unicode space (U+0020, U+00A0, U+202F, U+2009…), apostrophes (' and ’, Swiss style),
 *    "," or "."; one kind per value, every three digits (Indian lakh grouping "12,34,567" too).
 *  - Decimal separator: "," or ".". A value with both says which (the last); one that repeats is grouping; one
 *    next to spaces or apostrophes is the decimal; otherwise a single separator followed by exactly three digits
 *    ("1.234", "1,234") is ambiguous and the column decides: `decimalComma`, from the votes of its other values
 *    (amountVote).
 *  - Scientific notation ("1e3", "1.5E-2") as before.
 *  - A lone dash ("-", "–", "—", optionally with a currency) is Excel's accounting zero: 0.
 *  - An empty value (nothing but spaces) is empty (NULL), not an error.
 * Anything else cannot be read: parseAmount says why (AMOUNT_PROBLEMS), and ingest does not use the row.
 */

/** Code points read as spaces (padding and thousands separators). */
const SPACES: readonly (number | [number, number])[] = [
  [0x09, 0x0d],
  0x20,
  0xa0,
  0x1680,
  [0x2000, 0x200b],
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
];
const APOSTROPHES = [0x27, 0x2019, 0x02bc];
const MINUS_SIGNS = [0x2d, 0x2212, 0x2013, 0xfe63, 0xff0d];
const DASHES = [0x2d, 0x2212, 0x2013, 0x2014, 0x2012, 0x2015];
/** Currency symbols; a symbol may carry up to three letters before or after it ("US$", "R$", "$US", "£GB"). */
const CURRENCY_SYMBOLS = '$€£¥￥₹₩₽₺₪₫₱฿₴₦₡₲₵₸₼₾¢';
/** Currency short forms other than a three-letter code (any three letters are read as a code). */
const CURRENCY_WORDS = [
  'kr.',
  'kr',
  'Kr.',
  'Kr',
  'Fr.',
  'fr.',
  'Fr',
  'zł',
  'Kč',
  'Ft',
  'Rs.',
  'Rs',
  'lei',
  'Lei',
  'лв',
  'руб.',
  'руб',
];

type Flavour = 'js' | 're2';
const cp = (n: number, f: Flavour) =>
  f === 'js' ? `\\u{${n.toString(16)}}` : `\\x{${n.toString(16).padStart(4, '0')}}`;
const klass = (items: readonly (number | [number, number])[], f: Flavour, extra = '') =>
  `[${items.map((i) => (typeof i === 'number' ? cp(i, f) : `${cp(i[0], f)}-${cp(i[1], f)}`)).join('')}${extra}]`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The regular expressions of the rule, in one flavour (JavaScript with the u flag, or RE2 as DuckDB runs it). */
function patterns(f: Flavour) {
  const S = klass(SPACES, f);
  const A = klass(APOSTROPHES, f);
  const M = klass(MINUS_SIGNS, f);
  const CUR = `(?:[A-Za-z]{0,3}[${CURRENCY_SYMBOLS}][A-Za-z]{0,3}|${CURRENCY_WORDS.map(escapeRe).join('|')}|[A-Za-z]{3})`;
  const SCI = `(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)[eE][-+]?[0-9]+`;
  const NUM = `[0-9.,](?:[0-9.,${A.slice(1, -1)}${S.slice(1, -1)}]*[0-9.,])?`;
  const groups = (g: string) => `[0-9]{1,3}(?:${g}[0-9]{3})+`;
  const ints = (except: string) =>
    [
      '[0-9]+',
      groups(S),
      groups(A),
      ...(except === ',' ? [] : [groups(','), '[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}']),
      ...(except === '.' ? [] : [groups('\\.')]),
    ].join('|');
  const withDecimal = (d: string) => `(?:${ints(d)})(?:${escapeRe(d)}[0-9]*)?|${escapeRe(d)}[0-9]+`;
  return {
    /** prefix, number, suffix (groups 1, 2, 3) */
    whole: `^((?:${S}|[-+(]|${M}|${CUR})*?)(${SCI}|${NUM})((?:${S}|[)]|${M}|${CUR})*)$`,
    /** the prefix or suffix without its spaces, signs and parentheses: one currency at most */
    currency: `^${CUR}?$`,
    dash: `^(?:${CUR})?${S}*${klass(DASHES, f)}${S}*(?:${CUR})?$`,
    sci: `^${SCI}$`,
    spaced: `${S}|${A}`,
    minus: M,
    space: S,
    nonSpace: `[^${S.slice(1, -1)}]`,
    ambiguous: '^[1-9][0-9]{0,2}[.,][0-9]{3}$',
    point: `^(?:${withDecimal('.')})$`,
    comma: `^(?:${withDecimal(',')})$`,
    integer: `^(?:${ints('')})$`,
    /** the most common written forms per column decision, read with one match (a subset of the rule, same values) */
    commonPoint: `-?[1-9][0-9]{0,2}(?:(?:,[0-9]{3})+|(?:${S}[0-9]{3})+)(?:\\.[0-9]+)?`,
    commonComma: `-?(?:[1-9][0-9]{0,2}(?:(?:${S}[0-9]{3})+|(?:\\.[0-9]{3})+)|[0-9]+)(?:,[0-9]+)?`,
  };
}

const JS = patterns('js');
const re = (p: string, flags = '') => new RegExp(p, `u${flags}`);
const RX = {
  whole: re(JS.whole),
  currency: re(JS.currency),
  dash: re(JS.dash),
  sci: re(JS.sci),
  spaced: re(JS.spaced),
  minus: re(JS.minus, 'g'),
  space: re(JS.space, 'g'),
  nonSpace: re(JS.nonSpace),
  ambiguous: re(JS.ambiguous),
  point: re(JS.point),
  comma: re(JS.comma),
  integer: re(JS.integer),
  trim: re(`^${JS.space}+|${JS.space}+$`, 'g'),
};

/** Why a value is not an amount (the issue reason names it). */
export const AMOUNT_PROBLEMS = {
  noDigits: 'no digits',
  characters: 'characters that are not part of a number',
  parentheses: 'a parenthesis without its pair',
  signs: 'more than one sign',
  currencies: 'more than one currency',
  grouping: 'digits grouped irregularly (thousands separators every three digits, one decimal separator)',
  tooLarge: 'too large',
} as const;
export type AmountProblem = keyof typeof AMOUNT_PROBLEMS;

export type AmountResult = { value: number | null } | { problem: AmountProblem };

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** The decimal separator a number body uses on its own ('ambiguous': the column decides; null: none). */
function ownDecimal(body: string): ',' | '.' | null | 'ambiguous' {
  const dots = count(body, '.');
  const commas = count(body, ',');
  if (dots && commas) return body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  if (dots + commas !== 1) return null;
  const sep = dots ? '.' : ',';
  if (RX.spaced.test(body)) return sep;
  return RX.ambiguous.test(body) ? 'ambiguous' : sep;
}

/**
 * The decimal separator a value shows, for deciding a column: ',' or '.' where the value says it (a separator that
 * repeats is grouping, so "1.234.567" votes ','), null where it does not.
 */
export function amountVote(raw: string): ',' | '.' | null {
  const m = RX.whole.exec(raw.replace(RX.trim, ''));
  if (!m || RX.sci.test(m[2]!)) return null;
  const body = m[2]!;
  const d = ownDecimal(body);
  if (d === ',' || d === '.') return d;
  if (d === 'ambiguous') return null;
  if (count(body, '.') > 1) return ',';
  if (count(body, ',') > 1) return '.';
  return null;
}

/** Reads one amount; `decimalComma` is the column's decision for ambiguous values. Never throws. */
export function parseAmount(raw: string | null | undefined, decimalComma: boolean): AmountResult {
  if (raw === null || raw === undefined) return { value: null };
  const s = raw.replace(RX.trim, '');
  if (s === '') return { value: null };
  if (RX.dash.test(s)) return { value: 0 };
  const m = RX.whole.exec(s);
  if (!m) return { problem: /[0-9]/.test(s) ? 'characters' : 'noDigits' };
  const [, prefix = '', body = '', suffix = ''] = m;
  const opens = count(prefix, '(');
  const closes = count(suffix, ')');
  if (opens !== closes || opens > 1) return { problem: 'parentheses' };
  const minus = (prefix.match(RX.minus)?.length ?? 0) + (suffix.match(RX.minus)?.length ?? 0);
  if (minus + count(prefix, '+') + opens > 1) return { problem: 'signs' };
  const bare = (x: string) =>
    x
      .replace(RX.space, '')
      .replace(RX.minus, '')
      .replace(/[-+()]/g, '');
  const pre = bare(prefix);
  const post = bare(suffix);
  if (!RX.currency.test(pre) || !RX.currency.test(post) || (pre && post)) return { problem: 'currencies' };
  if (!/[0-9]/.test(body)) return { problem: 'noDigits' };
  let value: number;
  if (RX.sci.test(body)) value = Number(body);
  else {
    const own = ownDecimal(body);
    const d = own === 'ambiguous' ? (decimalComma ? ',' : '.') : own;
    if (!(d === '.' ? RX.point : d === ',' ? RX.comma : RX.integer).test(body)) return { problem: 'grouping' };
    const digits = body.replace(d === ',' ? /[^0-9,]/g : d === '.' ? /[^0-9.]/g : /[^0-9]/g, '');
    value = Number(d === ',' ? digits.replace(',', '.') : digits);
  }
  if (!Number.isFinite(value)) return { problem: 'tooLarge' };
  return { value: (minus + opens > 0 ? -1 : 1) * value };
}

/**
 * The value of `c` when it is written in one of the most common forms of a decimal-point or decimal-comma column
 * ("1,234.56", "1 234.5"; "1 234,56", "1.234,56", "12,5", an optional leading "-"), else NULL: one regular
 * expression instead of the whole rule, for the bulk of a file's values. Needs amountMacrosSql (sx_finite).
 */
export function amountCommonFormSql(c: string, decimalComma: boolean): string {
  const P = patterns('re2');
  const S = P.space.slice(1, -1);
  return decimalComma
    ? `CASE WHEN regexp_full_match(${c}, ${sqlString(P.commonComma)}) THEN sx_finite(TRY_CAST(replace(regexp_replace(${c}, ${sqlString(`[.${S}]`)}, '', 'g'), ',', '.') AS DOUBLE)) END`
    : `CASE WHEN regexp_full_match(${c}, ${sqlString(P.commonPoint)}) THEN sx_finite(TRY_CAST(regexp_replace(${c}, ${sqlString(`[,${S}]`)}, '', 'g') AS DOUBLE)) END`;
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The same rule as DuckDB macros:
 *  sx_amount(s, dc)     the value (DOUBLE), NULL for empty or unreadable;
 *  sx_amount_why(s, dc) the AMOUNT_PROBLEMS key of an unreadable value, NULL otherwise;
 *  sx_amount_vote(s)    ',' '.' or NULL, as amountVote.
 */
export function amountMacrosSql(): string {
  const P = patterns('re2');
  const q = sqlString;
  const bare = (x: string) => `regexp_replace(${x}, ${q(`${P.space}|${P.minus}|[-+()]`)}, '', 'g')`;
  const count = (x: string, ch: string) => `(length(${x}) - length(replace(${x}, ${q(ch)}, '')))`;
  const minusCount = (x: string) => `(length(${x}) - length(regexp_replace(${x}, ${q(P.minus)}, '', 'g')))`;
  const full = (x: string, p: string) => `regexp_full_match(${x}, ${q(p.replace(/^\^|\$$/g, ''))})`;
  const signs = `${minusCount('p')} + ${minusCount('x')} + ${count('p', '+')} + ${count('p', '(')}`;
  return `
    CREATE OR REPLACE MACRO sx_amount_trim(s) AS regexp_replace(s, ${q(`^${P.space}+|${P.space}+$`)}, '', 'g');
    CREATE OR REPLACE MACRO sx_amount_parts(s) AS regexp_extract(s, ${q(P.whole)}, ['p', 'b', 'x']);
    CREATE OR REPLACE MACRO sx_amount_own(b) AS CASE
      WHEN contains(b, '.') AND contains(b, ',') THEN CASE WHEN strpos(reverse(b), '.') < strpos(reverse(b), ',') THEN '.' ELSE ',' END
      WHEN ${count('b', '.')} + ${count('b', ',')} <> 1 THEN NULL
      WHEN regexp_matches(b, ${q(P.spaced)}) THEN CASE WHEN contains(b, '.') THEN '.' ELSE ',' END
      WHEN ${full('b', P.ambiguous)} THEN 'ambiguous'
      ELSE CASE WHEN contains(b, '.') THEN '.' ELSE ',' END END;
    CREATE OR REPLACE MACRO sx_amount_decimal(b, dc) AS list_transform([sx_amount_own(b)], lambda o: CASE o WHEN 'ambiguous' THEN CASE WHEN dc THEN ',' ELSE '.' END ELSE o END)[1];
    -- the number's shape is valid for its decimal separator d (scientific notation whatever d)
    CREATE OR REPLACE MACRO sx_amount_shape(b, d) AS ${full('b', P.sci)} OR CASE
      WHEN d = '.' THEN ${full('b', P.point)} WHEN d = ',' THEN ${full('b', P.comma)} ELSE ${full('b', P.integer)} END;
    -- the number of a valid shape (NULL past DOUBLE's range)
    CREATE OR REPLACE MACRO sx_finite(v) AS list_transform([v], lambda f: CASE WHEN isfinite(f) THEN f END)[1];
    CREATE OR REPLACE MACRO sx_amount_number(b, d) AS sx_finite(CASE WHEN ${full('b', P.sci)} THEN TRY_CAST(b AS DOUBLE)
      WHEN d = ',' THEN TRY_CAST(replace(regexp_replace(b, '[^0-9,]', '', 'g'), ',', '.') AS DOUBLE)
      WHEN d = '.' THEN TRY_CAST(regexp_replace(b, '[^0-9.]', '', 'g') AS DOUBLE)
      ELSE TRY_CAST(regexp_replace(b, '[^0-9]', '', 'g') AS DOUBLE) END);
    CREATE OR REPLACE MACRO sx_amount_affix_ok(p, x) AS ${count('p', '(')} = ${count('x', ')')} AND ${count('p', '(')} <= 1
      AND ${signs} <= 1
      AND ${full(bare('p'), P.currency)} AND ${full(bare('x'), P.currency)} AND (${bare('p')} = '' OR ${bare('x')} = '');
    CREATE OR REPLACE MACRO sx_amount_checked(b, d) AS CASE WHEN sx_amount_shape(b, d) THEN sx_amount_number(b, d) END;
    CREATE OR REPLACE MACRO sx_amount_signed(p, b, x, d) AS CASE
      WHEN b = '' THEN NULL
      WHEN p = '' AND x = '' THEN sx_amount_checked(b, d)
      WHEN NOT sx_amount_affix_ok(p, x) THEN NULL
      ELSE CASE WHEN ${minusCount('p')} + ${minusCount('x')} + ${count('p', '(')} > 0 THEN -1.0 ELSE 1.0 END * sx_amount_checked(b, d) END;
    -- (list_transform([e], lambda v: …)[1] evaluates e once where a macro would repeat it)
    CREATE OR REPLACE MACRO sx_amount(s, dc) AS list_transform([sx_amount_trim(s)], lambda t: CASE WHEN t = '' THEN NULL
      WHEN ${full('t', P.dash)} THEN 0.0
      ELSE list_transform([sx_amount_parts(t)], lambda m: sx_amount_signed(m.p, m.b, m.x, sx_amount_decimal(m.b, dc)))[1] END)[1];
    CREATE OR REPLACE MACRO sx_amount_vote_of(b) AS CASE WHEN b = '' OR ${full('b', P.sci)} THEN NULL
      WHEN sx_amount_own(b) IN ('.', ',') THEN sx_amount_own(b)
      WHEN ${count('b', '.')} > 1 THEN ',' WHEN ${count('b', ',')} > 1 THEN '.' END;
    CREATE OR REPLACE MACRO sx_amount_vote(s) AS list_transform([sx_amount_parts(sx_amount_trim(s)).b], lambda b: sx_amount_vote_of(b))[1];
    CREATE OR REPLACE MACRO sx_amount_why_of(t, p, b, x, d) AS CASE
      WHEN t = '' OR ${full('t', P.dash)} THEN NULL
      WHEN b = '' THEN CASE WHEN regexp_matches(t, '[0-9]') THEN 'characters' ELSE 'noDigits' END
      WHEN ${count('p', '(')} <> ${count('x', ')')} OR ${count('p', '(')} > 1 THEN 'parentheses'
      WHEN ${signs} > 1 THEN 'signs'
      WHEN NOT sx_amount_affix_ok(p, x) THEN 'currencies'
      WHEN NOT regexp_matches(b, '[0-9]') THEN 'noDigits'
      WHEN NOT sx_amount_shape(b, d) THEN 'grouping'
      WHEN sx_amount_number(b, d) IS NULL THEN 'tooLarge' END;
    CREATE OR REPLACE MACRO sx_amount_why(s, dc) AS list_transform([sx_amount_trim(s)], lambda t:
      list_transform([sx_amount_parts(t)], lambda m: list_transform([sx_amount_decimal(m.b, dc)], lambda d:
        sx_amount_why_of(t, m.p, m.b, m.x, d))[1])[1])[1];
  `;
}
