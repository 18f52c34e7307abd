/** Time an attempt needs after its send for the outcome to be written, on top of the transport timeout. */
export const RECORD_MARGIN_MS = 5_000;

/**
 * How long a claimed delivery stays ours. It must outlive any attempt a live worker can make (the
 * transport timeout) with room to record the outcome, so a second worker only ever takes over from
 * a dead or stalled one, never from one that is still sending.
 */
export function leaseMsFor(timeoutMs: number): number {
  return timeoutMs * 2 + RECORD_MARGIN_MS;
}
