/**
 * Money as the reader's locale writes it — the one formatter of amounts for the web app and the server's documents
 * (issue #33, which overrides SPEC §9's "one decimal with a currency prefix"):
 *
 * - exact amounts (tables, detail values, documents) carry the currency's own digits (JPY 0, GBP 2, BHD 3) and its
 *   symbol where the locale puts it: "£68,691,577.94", "68.691.577,94 £", "68 691 577,94 €", "￥68,691,578";
 * - headline figures (KPI tiles, cards) and chart axes use the locale's compact form with at most one decimal:
 *   "£68.7m", "68,7 Mio. £", "68,7 M €"; below the locale's first abbreviation an amount is written whole when it is
 *   whole, else with the currency's digits ("£950", "£950.50");
 * - `currencyDisplay: 'symbol'`: what a bank's user reads on a statement; Intl keeps it unambiguous for the reader
 *   (en-GB writes USD "US$", CAD "CA$"), and a valid code without a symbol stays a code ("BHD 3.000");
 * - a code Intl refuses ("GB", "pounds") is written where the locale writes a currency code ("GB 1,234.50",
 *   "1.234,50 GB"), with two digits; no currency: the number alone with two digits;
 * - negative amounts as the locale writes them ("-£3.00", "-3,00 €", "€ -3,00"); a zero never shows a minus.
 *
 * `excelMoneyFormat` gives the same form as an Excel/PowerPoint number format, for XLSX cells and PPTX charts.
 * Percentages and counts are not money: their formats are unchanged.
 */

/** Shown for a missing or non-finite amount. */
export const NO_AMOUNT = '—';

/** A formatter, and the code to write in place of its currency where Intl refuses the currency's own code. */
interface Fmt {
  f: Intl.NumberFormat;
  code: string | null;
}
type Kind = 'exact' | 'whole' | 'compact';
const cache = new Map<string, Fmt | null>();

/** ES2023 options some older browsers refuse (RangeError): the formatter is built without them there. */
const MODERN: Intl.NumberFormatOptions = { signDisplay: 'negative' };

function build(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  for (const loc of [locale, 'en-GB'])
    for (const o of [{ ...opts, ...MODERN }, opts]) {
      try {
        return new Intl.NumberFormat(loc, o);
      } catch {
        // an invalid locale tag, or an option this engine does not know: try the next
      }
    }
  return null;
}

const validCode = (code: string) => {
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
};

function formatter(locale: string, kind: Kind, code: string): Fmt | null {
  const key = `${locale}|${kind}|${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const known = !code || validCode(code);
  const base: Intl.NumberFormatOptions = !code
    ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
    : known
      ? { style: 'currency', currency: code, currencyDisplay: 'symbol' }
      : // ISO XXX ("no currency") shown as a code stands in for a code Intl refuses
        {
          style: 'currency',
          currency: 'XXX',
          currencyDisplay: 'code',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        };
  const opts: Intl.NumberFormatOptions =
    kind === 'compact'
      ? { ...base, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }
      : kind === 'whole'
        ? { ...base, trailingZeroDisplay: 'stripIfInteger' }
        : base;
  const f = build(locale, opts);
  const out = f ? { f, code: known ? null : code } : null;
  cache.set(key, out);
  return out;
}

const partsOf = (fmt: Fmt, n: number): Intl.NumberFormatPart[] => {
  const parts = fmt.f.formatToParts(n);
  return fmt.code === null ? parts : parts.map((p) => (p.type === 'currency' ? { ...p, value: fmt.code! } : p));
};
const text = (parts: Intl.NumberFormatPart[]) => parts.map((p) => p.value).join('');
/** The text of an amount (the substituted code where Intl refused the currency's). */
const write = (fmt: Fmt, n: number) => (fmt.code === null ? fmt.f.format(n) : text(partsOf(fmt, n)));

/** A currency code as given (trimmed, upper-cased when it is three letters). */
const codeOf = (currency: string | null | undefined) => {
  const c = (currency ?? '').trim();
  return /^[a-z]{3}$/i.test(c) ? c.toUpperCase() : c;
};

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);
/**
 * No minus on an amount that shows as zero ("-£0.00"): -0, and negative amounts below the last digit shown (what
 * `signDisplay: 'negative'` does, for engines without it).
 */
const unsignedZero = (n: number, fmt?: Fmt | null) =>
  Object.is(n, -0) || (n < 0 && fmt && Math.abs(n) < 0.5 * 10 ** -(fmt.f.resolvedOptions().maximumFractionDigits ?? 2))
    ? 0
    : n;
/** Last resort when no formatter can be built at all. */
const plain = (n: number, code: string) => `${code ? `${code} ` : ''}${n.toFixed(2)}`;

/** An exact amount: the currency's own digits, its symbol placed as the locale writes it. */
export function formatMoney(n: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (!finite(n)) return NO_AMOUNT;
  const code = codeOf(currency);
  const fmt = formatter(locale, 'exact', code);
  return fmt ? write(fmt, unsignedZero(n, fmt)) : plain(n, code);
}

/** The fraction digits an exact amount in this currency shows (JPY 0, GBP 2, BHD 3; 2 for a code Intl refuses). */
export function currencyDigits(currency: string | null | undefined): number {
  return formatter('en-GB', 'exact', codeOf(currency))?.f.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A headline or chart-axis amount in the locale's compact form with at most one decimal ("£68.7m", "68,7 Mio. £");
 * below the locale's first abbreviation it is the amount, whole when whole ("£950", "45.640 £", "£950.50"). Show
 * the exact `formatMoney` beside it (a title on hover) where the reader may need the exact figure.
 */
export function formatMoneyCompact(
  n: number | null | undefined,
  currency: string | null | undefined,
  locale: string,
): string {
  if (!finite(n)) return NO_AMOUNT;
  const code = codeOf(currency);
  const v = unsignedZero(n);
  const compact = formatter(locale, 'compact', code);
  const parts = compact && partsOf(compact, v);
  if (parts?.some((p) => p.type === 'compact')) return text(parts);
  const whole = formatter(locale, 'whole', code);
  return whole ? write(whole, unsignedZero(v, whole)) : plain(n, code);
}

/**
 * A range of amounts in the compact form, as the locale writes a range ("€10–100k", "10.000–100.000 €",
 * "100 k € – 1 M €"): the spend bands of outreach emails.
 */
export function formatMoneyRangeCompact(
  lo: number,
  hi: number,
  currency: string | null | undefined,
  locale: string,
): string {
  const code = codeOf(currency);
  const fmt = formatter(locale, 'compact', code);
  if (fmt && typeof fmt.f.formatRangeToParts === 'function') {
    const parts = fmt.f.formatRangeToParts(lo, hi);
    return parts.map((p) => (p.type === 'currency' && fmt.code !== null ? fmt.code : p.value)).join('');
  }
  return `${formatMoneyCompact(lo, code, locale)}–${formatMoneyCompact(hi, code, locale)}`;
}

/** An Excel section rebuilt from the parts Intl writes for a sample amount, with `number` for the digits. */
function section(parts: Intl.NumberFormatPart[], number: string): string {
  let out = '';
  let literal = '';
  let numberDone = false;
  // adjacent texts in one quoted literal; Excel has no escape for a quote inside one
  const flush = () => {
    if (literal) out += `"${literal.replace(/"/g, '')}"`;
    literal = '';
  };
  for (const p of parts) {
    if (p.type === 'integer' || p.type === 'group' || p.type === 'decimal' || p.type === 'fraction') {
      if (!numberDone) {
        flush();
        out += number;
      }
      numberDone = true;
    } else if (p.type === 'minusSign' || p.type === 'currency' || p.type === 'literal' || p.type === 'compact')
      literal += p.value;
  }
  flush();
  return out;
}

/**
 * The same money form as an Excel number format (XLSX cells, PPTX chart labels and axes). The file stores the
 * currency's symbol and placement and its digits; the separators follow the viewer's Excel, as Excel does.
 * `compact`: thousands of millions and millions scaled where the locale abbreviates them with those magnitudes
 * ("£68.7m"), smaller amounts whole — for chart labels and axes of non-negative amounts.
 */
export function excelMoneyFormat(
  currency: string | null | undefined,
  locale: string,
  opts: { compact?: boolean } = {},
): string {
  const code = codeOf(currency);
  const exact = formatter(locale, 'exact', code);
  const compact = formatter(locale, 'compact', code);
  if (!exact) return '#,##0.00';
  const digits = exact.f.resolvedOptions().maximumFractionDigits ?? 2;
  const exactNumber = `#,##0${digits ? `.${'0'.repeat(digits)}` : ''}`;
  if (!opts.compact)
    return `${section(partsOf(exact, 1234.5), exactNumber)};${section(partsOf(exact, -1234.5), exactNumber)}`;
  const scaled: string[] = [];
  for (const [at, commas] of [
    [1e9, ',,,'],
    [1e6, ',,'],
  ] as const) {
    const parts = compact ? partsOf(compact, 1.5 * at) : [];
    const is = (type: string, value: string) => parts.some((p) => p.type === type && p.value === value);
    // only where the locale writes 1.5 of this magnitude (not "1500 M" or "15億")
    if (is('integer', '1') && is('fraction', '5') && parts.some((p) => p.type === 'compact'))
      scaled.push(`[>=${at}]${section(parts, `#,##0.0${commas}`)}`);
  }
  return [...scaled, section(partsOf(exact, 1234), '#,##0')].join(';');
}
