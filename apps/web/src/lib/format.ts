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

export function formatPercent(n: number | null | undefined, digits = 1): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `${group(digits).format(n)}%`;
}

/** Sync badge text: 99+ above 99 (SPEC §9). */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
