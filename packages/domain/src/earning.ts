/**
 * Earning without paying (DESIGN.md): watch-time rewards and the Streamer.bot channel-point
 * conversion. Pure rules, no I/O; the schemas the api and the web form share are in earning-schemas.ts.
 */

export const WATCH_INTERVAL_MIN = 1;
export const WATCH_INTERVAL_MAX = 1440;
export const WATCH_COINS_MIN = 1;
export const WATCH_COINS_MAX = 1000;
/** The admin page lists this many recent rewards. */
export const RECENT_REWARDS_LIMIT = 10;
export const WATCH_REWARD_DESCRIPTION = 'Watch-time reward';
export const CONVERSION_DESCRIPTION = 'Channel points conversion';

/** Where the list of who is watching comes from. */
export const WATCH_TIME_MODES = ['real', 'simulated', 'unavailable'] as const;
export type TWatchTimeMode = (typeof WATCH_TIME_MODES)[number];

export interface TConversionRule {
  rewardTitle: string | null;
  conversionRate: number;
  minimumPoints: number;
  maxCoinsPerRedemption: number;
}

export type TConversionOutcome =
  | { ok: true; coins: number }
  | { ok: false; reason: 'wrong-title' | 'below-minimum' | 'no-coins'; message: string };

/** Coins = min(max, floor(points x rate)); the title must match when one is configured (any case). */
export function convertPoints(
  rule: TConversionRule,
  points: number,
  rewardTitle: string | null | undefined,
): TConversionOutcome {
  if (rule.rewardTitle !== null && (rewardTitle ?? '').trim().toLowerCase() !== rule.rewardTitle.trim().toLowerCase()) {
    return { ok: false, reason: 'wrong-title', message: `Reward title does not match '${rule.rewardTitle}'` };
  }
  if (points < rule.minimumPoints) {
    return { ok: false, reason: 'below-minimum', message: `At least ${rule.minimumPoints} points are needed` };
  }
  // Rounding guards against 0.1 * 1000 = 100.00000000000001 style results dropping a coin.
  const coins = Math.min(rule.maxCoinsPerRedemption, Math.floor(Math.round(points * rule.conversionRate * 1e6) / 1e6));
  if (coins < 1) return { ok: false, reason: 'no-coins', message: 'These points are worth less than one coin' };
  return { ok: true, coins };
}

/** The start (ms) of the reward window holding `now`: windows are fixed slots of interval x minute. */
export function watchWindowStart(now: number, rewardIntervalMinutes: number, minuteMs: number): number {
  const length = rewardIntervalMinutes * minuteMs;
  return Math.floor(now / length) * length;
}

/** The ledger reference that makes a watch reward unique per (viewer, window) across processes. */
export function watchRewardReference(userId: number, windowStart: number): string {
  return `watch:${userId}:${windowStart}`;
}

/** The ledger reference of a Streamer.bot redemption: one credit per redemption id. */
export function redemptionReference(redemptionId: string): string {
  return `streamerbot:${redemptionId}`;
}

/** Midnight UTC of the day holding `now`: 'today' of the statistics. */
export function startOfUtcDay(now: number): number {
  return Math.floor(now / 86_400_000) * 86_400_000;
}
