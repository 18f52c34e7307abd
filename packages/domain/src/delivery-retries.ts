/** After the first, immediate attempt: retry after 2 s, 10 s and 60 s, then give up. */
export const RETRY_DELAYS_MS = [2_000, 10_000, 60_000] as const;
export const MAX_DELIVERY_ATTEMPTS = 1 + RETRY_DELAYS_MS.length;

/**
 * Milliseconds until the next attempt, or null when the delivery has failed for good. `delays` is
 * the retry schedule (DELIVERY_RETRY_DELAYS_MS shortens it for demos and browser tests); it always
 * has RETRY_DELAYS_MS's length, so MAX_DELIVERY_ATTEMPTS holds whatever the schedule.
 */
export function nextAttemptDelay(
  attemptsMade: number,
  retryable: boolean,
  delays: readonly number[] = RETRY_DELAYS_MS,
): number | null {
  if (!retryable) return null;
  return delays[attemptsMade - 1] ?? null;
}
