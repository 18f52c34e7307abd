const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The admin history's Time column: '5 minutes ago', 'about 2 hours ago', '3 days ago'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 'Unknown';
  // A clock a little ahead of ours is not 'in the future' for a record that was just written.
  const diff = Math.max(0, now - then);
  if (diff < MINUTE) return 'less than a minute ago';
  if (diff < HOUR) return `${plural(Math.round(diff / MINUTE), 'minute')} ago`;
  if (diff < DAY) return `about ${plural(Math.round(diff / HOUR), 'hour')} ago`;
  if (diff < MONTH) return `${plural(Math.round(diff / DAY), 'day')} ago`;
  if (diff < YEAR) return `${plural(Math.round(diff / MONTH), 'month')} ago`;
  return `${plural(Math.floor(diff / YEAR), 'year')} ago`;
}
