// No zod here: receipts and cards read these without loading any.

/** What a second trigger does while the action's effect runs. */
export const STACK_MODES = ['queue', 'extend', 'refuse'] as const;
export type TStackMode = (typeof STACK_MODES)[number];

/** A timed effect after its start was delivered. */
export const EFFECT_STATES = ['running', 'stopped', 'stop_failed'] as const;
export type TEffectState = (typeof EFFECT_STATES)[number];

/** A delivery starts the effect (every delivery of an instant action) or stops it. */
export type TDeliveryKind = 'start' | 'stop';

export const MAX_DURATION_SECONDS = 3600;
export const MIN_HOLD_SECONDS = 10;
export const MAX_HOLD_SECONDS = 3600;
export const DEFAULT_HOLD_SECONDS = 600;

/** 'Already running, 25 seconds left': a refused stack. */
export function alreadyRunningMessage(endsAt: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
  return `Already running, ${seconds} ${seconds === 1 ? 'second' : 'seconds'} left`;
}

/** An extend refused because the effect is already ending: its stop is due, on its way, or asked for. */
export const EFFECT_ENDING_MESSAGE =
  'This effect is ending and can no longer be extended: try again once it has stopped';

/** What the effect's row and its stop deliveries say, read under the effect's lock. */
export interface EffectToExtend {
  state: TEffectState | null;
  endsAt: number | null;
  stopStatuses: readonly string[];
}

/**
 * What a second trigger of an 'extend' action may do with the running effect: lengthen it while its
 * end is still ahead and no stop has left; not once the end has come, the streamer asked for the stop,
 * or a stop is being sent or has been (refused, nothing charged: the stop must not be lost or moved);
 * and once the effect is over, the trigger is an effect of its own.
 */
export function extendVerdict(effect: EffectToExtend, now: number): 'extend' | 'ending' | 'over' {
  if (effect.state !== 'running') return 'over';
  if (effect.endsAt === null || effect.endsAt <= now) return 'ending';
  return effect.stopStatuses.every((s) => s === 'queued') ? 'extend' : 'ending';
}

/** First wait after the target did not answer; it doubles up to the cap. */
const HOLD_FIRST_MS = 5_000;
const HOLD_CAP_MS = 60_000;

/**
 * While a target that did not answer is waited for: when to try again, or null once the hold's limit
 * is reached (then the trigger is refunded, once). The wait grows with the time already waited (5 s,
 * then about as long again as so far, at most a minute), and the last try falls on the limit.
 */
export function holdRetryAt(heldSince: number, now: number, holdMaxSeconds: number): number | null {
  const limit = heldSince + holdMaxSeconds * 1000;
  if (now >= limit) return null;
  const delay = Math.min(HOLD_CAP_MS, Math.max(HOLD_FIRST_MS, now - heldSince));
  return Math.min(limit, now + delay);
}

/** Why an individual Rust action was not sent: its player is not on the server (the delivery's error). */
export function playerAwayError(steamId: string): string {
  return `Waiting for ${steamId} to join`;
}

/**
 * What a held trigger waits for, from its delivery's error: its player to join, or (a server that
 * did not answer) the game server.
 */
export function waitingForOf(heldError: string | null): string {
  const player = heldError?.match(/^Waiting for (.+) to join$/)?.[1];
  return player ? `${player} to join` : 'the game server';
}
