// Made once: building an Intl.NumberFormat costs far more than formatting, and lists format hundreds of numbers.
const WHOLE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Integer coins or counts with a comma as the thousands separator (viewer-spec section 9). */
export function formatNumber(value: number): string {
  return WHOLE_NUMBER.format(value);
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
