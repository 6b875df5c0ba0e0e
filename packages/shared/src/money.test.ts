/**
 * Money as the reader's locale writes it (issue #33): exact amounts in the currency's own digits with its symbol,
 * compact headline and axis figures, codes Intl refuses, negative amounts, and the same forms as Excel number formats.
 */
import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  excelMoneyFormat,
  formatMoney,
  formatMoneyCompact,
  formatMoneyRangeCompact,
} from './values/money.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f'; // narrow no-break space: French digit groups

describe('formatMoney (exact amounts)', () => {
  it('en-GB: the symbol before the amount, two digits for GBP, US$ for dollars', () => {
    expect(formatMoney(68_691_577.94, 'GBP', 'en-GB')).toBe('£68,691,577.94');
    expect(formatMoney(1234.5, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(1234.5, 'USD', 'en-GB')).toBe('US$1,234.50');
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
  });

  it('de: dot groups, decimal comma, the symbol after a no-break space', () => {
    expect(formatMoney(68_691_577.94, 'GBP', 'de')).toBe(`68.691.577,94${NBSP}£`);
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe(`1.234,50${NBSP}€`);
  });

  it('fr: groups of digits with narrow no-break spaces, decimal comma, € after a no-break space', () => {
    expect(formatMoney(1_234_567.89, 'EUR', 'fr')).toBe(`1${NNBSP}234${NNBSP}567,89${NBSP}€`);
  });

  it("the currency's own digits: JPY none (rounded), BHD three", () => {
    expect(formatMoney(68_691_577.94, 'JPY', 'ja')).toBe('￥68,691,578');
    expect(formatMoney(1234.5, 'JPY', 'en-GB')).toBe('JP¥1,235');
    expect(formatMoney(1234.5, 'BHD', 'en-GB')).toBe(`BHD${NBSP}1,234.500`);
    expect([currencyDigits('JPY'), currencyDigits('GBP'), currencyDigits('BHD'), currencyDigits('bad')]).toEqual([
      0, 2, 3, 2,
    ]);
  });

  it('negative amounts as the locale writes them; zero without a minus', () => {
    expect(formatMoney(-3, 'GBP', 'en-GB')).toBe('-£3.00');
    expect(formatMoney(-3, 'EUR', 'de')).toBe(`-3,00${NBSP}€`);
    expect(formatMoney(-3, 'EUR', 'nl')).toBe(`€${NBSP}-3,00`);
    expect(formatMoney(-0, 'GBP', 'en-GB')).toBe('£0.00');
    expect(formatMoney(-0.001, 'GBP', 'en-GB')).toBe('£0.00');
  });

  it('a code Intl refuses stays as given where the locale writes a code, with two digits', () => {
    expect(formatMoney(1234.5, 'GB', 'en-GB')).toBe(`GB${NBSP}1,234.50`);
    expect(formatMoney(-1234.5, 'pounds', 'de')).toBe(`-1.234,50${NBSP}pounds`);
    expect(formatMoney(1234.5, ' gbp ', 'en-GB')).toBe('£1,234.50');
  });

  it('no currency: the number with two digits; missing amounts: a dash; an invalid locale: en-GB', () => {
    expect(formatMoney(2214.56, '', 'en-GB')).toBe('2,214.56');
    expect(formatMoney(2214.56, null, 'de')).toBe('2.214,56');
    expect([formatMoney(null, 'GBP', 'en-GB'), formatMoney(Number.NaN, 'GBP', 'en-GB')]).toEqual(['—', '—']);
    expect(formatMoney(1234.5, 'GBP', 'en_GB!')).toBe('£1,234.50');
  });
});

describe('formatMoneyCompact (headline figures and chart axes)', () => {
  it("the locale's abbreviations with at most one decimal", () => {
    expect(formatMoneyCompact(68_691_577.94, 'GBP', 'en-GB')).toBe('£68.7m');
    expect(formatMoneyCompact(1_234_567_890, 'USD', 'en-GB')).toBe('US$1.2bn');
    expect(formatMoneyCompact(45_640, 'EUR', 'en-GB')).toBe('€45.6k');
    expect(formatMoneyCompact(2_000_000, 'GBP', 'en-GB')).toBe('£2m');
    expect(formatMoneyCompact(68_691_577.94, 'GBP', 'de')).toBe(`68,7${NBSP}Mio.${NBSP}£`);
    expect(formatMoneyCompact(68_691_577.94, 'EUR', 'fr')).toBe(`68,7${NBSP}M${NBSP}€`);
    expect(formatMoneyCompact(68_691_577.94, 'JPY', 'ja')).toBe('￥6869.2万');
  });

  it("below the locale's first abbreviation: whole when whole, else the currency's digits", () => {
    expect(formatMoneyCompact(950, 'GBP', 'en-GB')).toBe('£950');
    expect(formatMoneyCompact(950.5, 'GBP', 'en-GB')).toBe('£950.50');
    expect(formatMoneyCompact(0, 'GBP', 'en-GB')).toBe('£0');
    // German abbreviates from a million: thousands are written out
    expect(formatMoneyCompact(45_640, 'GBP', 'de')).toBe(`45.640${NBSP}£`);
    expect(formatMoneyCompact(950.5, 'BHD', 'en-GB')).toBe(`BHD${NBSP}950.500`);
  });

  it('negative amounts, a code Intl refuses, missing amounts', () => {
    expect(formatMoneyCompact(-2_500_000, 'GBP', 'en-GB')).toBe('-£2.5m');
    expect(formatMoneyCompact(-2_500_000, 'EUR', 'de')).toBe(`-2,5${NBSP}Mio.${NBSP}€`);
    expect(formatMoneyCompact(68_691_577.94, 'GB', 'en-GB')).toBe(`GB${NBSP}68.7m`);
    expect(formatMoneyCompact(950, 'GB', 'en-GB')).toBe(`GB${NBSP}950`);
    expect(formatMoneyCompact(undefined, 'GBP', 'en-GB')).toBe('—');
  });
});

describe('formatMoneyRangeCompact (spend bands)', () => {
  it('a range as the locale writes one', () => {
    expect(formatMoneyRangeCompact(10_000, 100_000, 'EUR', 'en-GB')).toBe('€10–100k');
    expect(formatMoneyRangeCompact(100_000, 1_000_000, 'GBP', 'en-GB')).toBe('£100k – £1m');
    expect(formatMoneyRangeCompact(10_000, 100_000, 'EUR', 'de')).toBe(`10.000–100.000${NBSP}€`);
    expect(formatMoneyRangeCompact(10_000, 100_000, 'GB', 'en-GB')).toBe(`GB${NBSP}10–100k`);
  });
});

describe('excelMoneyFormat (XLSX cells, PPTX charts)', () => {
  it("exact: the symbol where the locale writes it, the currency's digits, a negative section", () => {
    expect(excelMoneyFormat('GBP', 'en-GB')).toBe('"£"#,##0.00;"-£"#,##0.00');
    expect(excelMoneyFormat('GBP', 'de')).toBe(`#,##0.00"${NBSP}£";"-"#,##0.00"${NBSP}£"`);
    expect(excelMoneyFormat('JPY', 'ja')).toBe('"￥"#,##0;"-￥"#,##0');
    expect(excelMoneyFormat('BHD', 'en-GB')).toBe(`"BHD${NBSP}"#,##0.000;"-BHD${NBSP}"#,##0.000`);
    expect(excelMoneyFormat('GB', 'en-GB')).toBe(`"GB${NBSP}"#,##0.00;"-GB${NBSP}"#,##0.00`);
    expect(excelMoneyFormat('', 'en-GB')).toBe('#,##0.00;"-"#,##0.00');
  });

  it("compact: billions and millions scaled with the locale's abbreviations, smaller amounts whole", () => {
    expect(excelMoneyFormat('GBP', 'en-GB', { compact: true })).toBe(
      '[>=1000000000]"£"#,##0.0,,,"bn";[>=1000000]"£"#,##0.0,,"m";"£"#,##0',
    );
    expect(excelMoneyFormat('GBP', 'de', { compact: true })).toBe(
      `[>=1000000000]#,##0.0,,,"${NBSP}Mrd.${NBSP}£";[>=1000000]#,##0.0,,"${NBSP}Mio.${NBSP}£";#,##0"${NBSP}£"`,
    );
    // Japanese counts in 万 and 億 (10⁴, 10⁸), which Excel cannot scale to: whole yen
    expect(excelMoneyFormat('JPY', 'ja', { compact: true })).toBe('"￥"#,##0');
  });
});
