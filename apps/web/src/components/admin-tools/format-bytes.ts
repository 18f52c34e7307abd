const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> '1.5 KB'; binary multiples, as operating systems report memory and file sizes. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
