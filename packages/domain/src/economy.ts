// No zod here: the shop's cards read these without loading any.

export const SOLD_OUT_MESSAGE = 'Sold out';

/** The surge settings of an action (percent 0: off). */
export interface SurgeRule {
  percent: number;
  decaySeconds: number;
  maxMultiplier: number;
}

/** The steps left at `now`: each fades linearly over `decaySeconds`. */
export function surgeStepsNow(steps: number, stepsAt: number, now: number, decaySeconds: number): number {
  if (steps <= 0) return 0;
  const faded = Math.max(0, now - stepsAt) / (decaySeconds * 1000);
  return Math.max(0, steps - faded);
}

/** The price now: round(cost x min(max, 1 + steps x percent / 100)); never below the base cost. */
export function surgePrice(cost: number, rule: SurgeRule, stepsNow: number): number {
  if (rule.percent <= 0) return cost;
  const multiplier = Math.min(rule.maxMultiplier, 1 + (stepsNow * rule.percent) / 100);
  return Math.max(cost, Math.round(cost * multiplier));
}

export function priceChangedMessage(price: number): string {
  return `The price changed to ${price} ${price === 1 ? 'coin' : 'coins'}`;
}

/**
 * Where this broadcast began: the Twitch stream's start, or without Twitch (or while offline) the
 * start of the UTC day, so per-stream limits still reset.
 */
export function broadcastStart(streamStartedAt: number | null, now: number): number {
  if (streamStartedAt !== null && streamStartedAt <= now) return streamStartedAt;
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

export function streamLimitMessage(limit: number, perDay: boolean): string {
  const when = perDay ? 'per day' : 'per stream';
  return `This action can be triggered ${limit} ${limit === 1 ? 'time' : 'times'} ${when}, and that is reached`;
}

export function viewerLimitMessage(limit: number, perDay: boolean): string {
  const when = perDay ? 'today' : 'this stream';
  return `You can trigger this action ${limit} ${limit === 1 ? 'time' : 'times'} ${when}, and you have`;
}
