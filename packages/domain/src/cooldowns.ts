// No zod here (see actions.ts): the schemas are in cooldown-schemas.ts.

/** Longest cooldown an action may have: one day. */
export const MAX_COOLDOWN_SECONDS = 86_400;

/** When a cooldown that started at `lastAt` ends, or null when none is running at `now`. */
export function cooldownEndsAt(lastAt: number | null | undefined, seconds: number, now: number): number | null {
  if (seconds <= 0 || lastAt === null || lastAt === undefined) return null;
  const ends = Number(lastAt) + seconds * 1000;
  return ends > now ? ends : null;
}

export function cooldownEndsAtIso(lastAt: number | null | undefined, seconds: number, now: number): string | null {
  const ends = cooldownEndsAt(lastAt, seconds, now);
  return ends === null ? null : new Date(ends).toISOString();
}

/** Whole seconds left, rounded up: 'Try again in 0 seconds' would be a lie. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(1, Math.ceil((endsAt - now) / 1000));
}

export function cooldownMessage(seconds: number): string {
  return `This action is cooling down. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}
