/**
 * The card's note on a timed action: '30 s effect', '2 min effect', '1 min 30 s effect'; null for an
 * instant one. Short on purpose: it sits in a third of the shop's column.
 */
export function effectLength(durationSeconds: number): string | null {
  const seconds = Math.round(durationSeconds);
  if (seconds <= 0) return null;
  if (seconds < 60) return `${seconds} s effect`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [hours > 0 && `${hours} h`, minutes > 0 && `${minutes} min`, rest > 0 && `${rest} s`].filter(Boolean);
  return `${parts.join(' ')} effect`;
}
