/** Amount display (SPEC §9): counts whole; averages and spend one decimal with a currency prefix; percents end with %. */
const group = (digits: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const whole = group(0);
const oneDecimal = group(1);

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : whole.format(Math.round(n));
}

export function formatAmount(n: number | null | undefined, currency = ''): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const sign = n < 0 ? '-' : '';
  return `${sign}${currency ? `${currency} ` : ''}${oneDecimal.format(Math.abs(n))}`;
}

export function formatPercent(n: number | null | undefined, digits = 1): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `${group(digits).format(n)}%`;
}

/** Sync badge text: 99+ above 99 (SPEC §9). */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
