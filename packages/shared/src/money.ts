/** Whole cents of a dollar amount, so sums of money never pick up floating-point error. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Spec §9: money shown with $, thousands commas and 2 decimals, e.g. $1,234.56. */
export function formatMoney(dollars: number): string {
  const cents = toCents(dollars);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
