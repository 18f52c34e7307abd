// Crowd goals (viewer-spec section 12): the rules, no zod (pool-schemas.ts has the schemas).

export const MIN_POOL_GOAL = 2;
export const MAX_POOL_GOAL = 10_000_000;
export const MIN_POOL_WINDOW_SECONDS = 60;
export const MAX_POOL_WINDOW_SECONDS = 86_400;
export const POOL_WINDOW_DEFAULT_SECONDS = 600;

export const POOLED_ACTION_MESSAGE = 'This action is a crowd goal: put coins toward it instead';
export const POOL_NOT_FOUND = 'This action is not a crowd goal';

/** What a contribution takes: what was offered, never more than the goal still misses. */
export function contributionTaken(offered: number, goal: number, raised: number): number {
  return Math.max(0, Math.min(offered, goal - raised));
}

/** The chip-in dialog's starting amount: what is missing, or a tenth of the goal if that is less. */
export function suggestedChipIn(goal: number, raised: number): number {
  const missing = Math.max(0, goal - raised);
  return Math.max(1, Math.min(missing, Math.ceil(goal / 10)));
}

/** Whole percent filled, 0-100, for a bar. */
export function poolPercent(goal: number, raised: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((raised / goal) * 100)));
}
