import { z } from 'zod';
import {
  MAX_POOL_GOAL,
  MAX_POOL_WINDOW_SECONDS,
  MIN_POOL_GOAL,
  MIN_POOL_WINDOW_SECONDS,
  POOL_WINDOW_DEFAULT_SECONDS,
} from './pools';

// Apart from pools.ts so the pages that only show a pool's bar load no zod.

/** An action's crowd-goal fields (admin-spec section 12): null goal = an ordinary action, triggered alone. */
export const ZPoolFields = z.object({
  poolGoal: z
    .number({ error: 'Crowd goal must be a number' })
    .int('Crowd goal must be a whole number of coins')
    .min(MIN_POOL_GOAL, `Crowd goal must be at least ${MIN_POOL_GOAL} coins`)
    .max(MAX_POOL_GOAL, `Crowd goal must be at most ${MAX_POOL_GOAL.toLocaleString('en-US')} coins`)
    .nullable(),
  poolWindowSeconds: z
    .number({ error: 'Crowd goal window must be a number' })
    .int('Crowd goal window must be a whole number of seconds')
    .min(MIN_POOL_WINDOW_SECONDS, `Crowd goal window must be at least ${MIN_POOL_WINDOW_SECONDS} seconds`)
    .max(MAX_POOL_WINDOW_SECONDS, `Crowd goal window must be at most ${MAX_POOL_WINDOW_SECONDS} seconds`),
});
export type TPoolFields = z.infer<typeof ZPoolFields>;

export const POOL_FIELD_DEFAULTS = { poolGoal: null, poolWindowSeconds: POOL_WINDOW_DEFAULT_SECONDS } as const;

/**
 * The client's idempotency key, by the trigger's rule (action-schemas.ts ZRequestId, repeated here
 * because action-schemas imports this file).
 */
const ZRequestId = z
  .string({ error: 'requestId must be a string' })
  .trim()
  .min(8, 'requestId must be 8 to 100 characters')
  .max(100, 'requestId must be 8 to 100 characters')
  .regex(/^[\x21-\x7e]+$/, 'requestId may hold only visible ASCII characters');

/**
 * `POST /api/pools/{actionId}/contribute`. The web form checks the amount with `ZChipInAmount`, the
 * same rule, before it sends.
 */
export const ZChipInAmount = z
  .number({ error: 'Enter a number of coins' })
  .int('Coins must be a whole number')
  .min(1, 'Put in at least 1 coin')
  .max(MAX_POOL_GOAL, `At most ${MAX_POOL_GOAL.toLocaleString('en-US')} coins`);

export const ZPoolContribute = z.object({
  actionId: z.coerce.number().int().positive(),
  coins: ZChipInAmount,
  requestId: ZRequestId,
});
export type TPoolContribute = z.infer<typeof ZPoolContribute>;

export const POOL_STATES = ['open', 'fired', 'expired'] as const;
export type TPoolState = (typeof POOL_STATES)[number];

/** An open pool as `GET /api/pools` lists it. */
export const ZPoolOut = z.object({
  actionId: z.number().int(),
  actionName: z.string(),
  goal: z.number().int(),
  raised: z.number().int(),
  contributors: z.number().int().describe('distinct viewers who put coins in'),
  endsAt: z.string().describe('ISO time the window closes; short of the goal, every coin goes back'),
});
export type TPoolOut = z.infer<typeof ZPoolOut>;

export const ZPoolListOut = z.array(ZPoolOut);

/** The answer to a contribution (a replay answers the first one's). */
export const ZPoolContributeOut = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** What was taken: at most what the goal still missed. */
  coins: z.number().int(),
  balance: z.number().int(),
  pool: ZPoolOut.extend({ state: z.enum(POOL_STATES) }),
  /** Set when this contribution completed the goal: the trigger it fired. */
  historyId: z.number().int().nullable(),
});
export type TPoolContributeOut = z.infer<typeof ZPoolContributeOut>;
