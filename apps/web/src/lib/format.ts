/** Amount display (SPEC §9): counts whole; averages and spend one decimal with a currency prefix; percents end with %. Numbers follow the UI language (Intl). */
import { currentLanguage } from '../app/i18n.ts';

const cache = new Map<string, Intl.NumberFormat>();
const group = (digits: number) => {
  const lang = currentLanguage();
  const key = `${lang}|${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : lang, {
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

export function formatAmount(n: number | null | undefined, currency = ''): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const sign = n < 0 ? '-' : '';
  return `${sign}${currency ? `${currency} ` : ''}${group(1).format(Math.abs(n))}`;
}

const compactCache = new Map<string, Intl.NumberFormat>();

/**
 * A headline amount in compact form with the currency prefix and one decimal ("GBP 127.4M"), so a card figure does
 * not wrap; pair it with the full `formatAmount` on hover (title) and use the full form in tables. English uses the
 * K/M/B suffixes; other UI languages their own compact notation.
 */
export function formatAmountCompact(n: number | null | undefined, currency = ''): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const lang = currentLanguage();
  let f = compactCache.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'en' ? 'en-US' : lang, {
      notation: 'compact',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    compactCache.set(lang, f);
  }
  const sign = n < 0 ? '-' : '';
  return `${sign}${currency ? `${currency} ` : ''}${f.format(Math.abs(n))}`;
}

export function formatPercent(n: number | null | undefined, digits = 1): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `${group(digits).format(n)}%`;
}

/** Sync badge text: 99+ above 99 (SPEC §9). */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
