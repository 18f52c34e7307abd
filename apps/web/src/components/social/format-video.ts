import { formatNumber } from '@shop/domain';

/** A video length in seconds as '4:05' or '1:02:03'. */
export function formatLength(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** '1,234 views' / '1 view'; null when the source does not say. */
export function formatCount(value: number | null, one: string, many: string): string | null {
  if (value === null) return null;
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

/** A publish date as 'Nov 20, 2026'; `timeZone` is for tests. */
export function formatVideoDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);
}
