/**
 * Integer coins or counts with a comma as the thousands separator (viewer-spec section 9); a fraction
 * is rounded half away from zero, as Intl.NumberFormat would. Written out instead of calling Intl: the
 * first Intl.NumberFormat a page builds loads ICU's locale data, a stall of the main thread that a
 * phone feels, in the task that starts the shop.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value));
  const digits = whole.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && whole !== 0 ? `-${digits}` : digits;
}

/** Integer cents shown as dollars with exactly two decimals; integer arithmetic, no float rounding. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${formatNumber(dollars)}.${rest}`;
}

/** Avatar initials: an e-mail-like value is cut at the @, then the first two characters, uppercased. */
export function initials(name: string): string {
  const base = name.includes('@') ? (name.split('@')[0] ?? name) : name;
  return base.slice(0, 2).toUpperCase();
}

/** A signed amount as the history shows it: '+500' for credits, '-50' for debits. */
export function formatSignedCoins(amount: number): string {
  return amount > 0 ? `+${formatNumber(amount)}` : formatNumber(amount);
}
