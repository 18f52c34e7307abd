/**
 * A running timed effect's line in the viewer's trigger toast, at `now`: 'Running: 25 s left',
 * 'Running: 1:45 left' past a minute, and 'Running: ending now' once the end has passed (the stop's
 * own receipt, 'Delivered', follows). Seconds round up, as the queue's clock does.
 */
export function runningText(endsAt: string | null | undefined, now: number): string {
  const at = endsAt ? Date.parse(endsAt) : Number.NaN;
  if (Number.isNaN(at)) return 'Running';
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds <= 0) return 'Running: ending now';
  if (seconds < 60) return `Running: ${seconds} s left`;
  const rest = String(seconds % 60).padStart(2, '0');
  return `Running: ${Math.floor(seconds / 60)}:${rest} left`;
}

/** Whether the toast still has a second to count down at `now` (the ticking stops after that). */
export function stillRunning(endsAt: string | null | undefined, now: number): boolean {
  const at = endsAt ? Date.parse(endsAt) : Number.NaN;
  return !Number.isNaN(at) && at > now;
}
