/**
 * Whole seconds left before an action may run again, 0 when it may run now (the player refresh
 * cooldown of viewer-spec section 5). lastAt null means it never ran.
 */
export function cooldownSecondsLeft(lastAt: number | null, now: number, cooldownMs: number): number {
  if (lastAt === null) return 0;
  const left = lastAt + cooldownMs - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
