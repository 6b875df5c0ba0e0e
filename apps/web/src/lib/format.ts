/**
 * Number display: counts whole, percents with one decimal ending with % (SPEC §9), numbers in the UI language's
 * locale. Money reads like money (issue #33, which overrides SPEC §9's "one decimal with a currency prefix"): the
 * shared formatter of `@sextant/shared/values` (`formatMoney`, `formatMoneyCompact`; the server's documents use it
 * too) — the currency's symbol and own digits, or the compact form for headline figures and chart axes.
 */
import { formatMoney, formatMoneyCompact } from '@sextant/shared/values';
import { currentLanguage } from '../app/i18n.ts';

/** The Intl locale of the UI language (English reads as en-GB, as the server's documents do). */
export const uiLocale = () => {
  const lang = currentLanguage();
  return lang === 'en' ? 'en-GB' : lang;
};

const cache = new Map<string, Intl.NumberFormat>();
const group = (digits: number) => {
  const lang = currentLanguage();
  const key = `${lang}|${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(uiLocale(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    cache.set(key, f);
  }
  return f;
};

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : group(0).format(Math.round(n));
}

/** An exact amount: "£1,234.56", "1.234,56 £", "￥1,235" (the currency's digits; '—' when missing). */
export function formatAmount(n: number | null | undefined, currency = ''): string {
  return formatMoney(n, currency, uiLocale());
}

/**
 * A headline amount in the locale's compact form ("£127.4m", "127,4 Mio. £"), so a card figure does not wrap; pair
 * it with the full `formatAmount` on hover (title) and use the full form in tables. Chart axes use it too.
 */
export function formatAmountCompact(n: number | null | undefined, currency = ''): string {
  return formatMoneyCompact(n, currency, uiLocale());
}

export function formatPercent(n: number | null | undefined, digits = 1): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `${group(digits).format(n)}%`;
}

/** Sync badge text: 99+ above 99 (SPEC §9). */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
