import { useEffect, useState } from 'react';

/** When the card may be triggered again: the later of the global and the viewer's own cooldown. */
export function cooldownEnd(availableAt: string | null, userAvailableAt: string | null): number | null {
  const ends = [availableAt, userAvailableAt]
    .map((iso) => (iso ? Date.parse(iso) : Number.NaN))
    .filter((ms) => Number.isFinite(ms));
  return ends.length === 0 ? null : Math.max(...ends);
}

/** Whole seconds left, rounded up (0 once over): 'Available in 0s' would show a dead button. */
export function secondsUntil(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The card's countdown: '12s', '2m 05s', '1h 03m'. */
export function countdownText(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${pad(seconds % 60)}s`;
  return `${Math.floor(seconds / 3600)}h ${pad(Math.floor((seconds % 3600) / 60))}m`;
}

/** Seconds left until `endsAt`, ticking once a second while a cooldown runs (and not at all otherwise). */
export function useSecondsLeft(endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const running = secondsUntil(endsAt, now) > 0;
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt, running]);
  return secondsUntil(endsAt, now);
}
