import { z } from 'zod';
import { WATCH_COINS_MAX, WATCH_COINS_MIN, WATCH_INTERVAL_MAX, WATCH_INTERVAL_MIN, WATCH_TIME_MODES } from './earning';

const INTERVAL_MESSAGE = `Reward interval must be between ${WATCH_INTERVAL_MIN} and ${WATCH_INTERVAL_MAX} minutes`;
const COINS_MESSAGE = `Coins per interval must be between ${WATCH_COINS_MIN} and ${WATCH_COINS_MAX}`;

/** `PUT /api/admin/watch-time/settings`: only the changed fields, at least one. */
export const ZWatchTimeSettingsUpdate = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
    rewardInterval: z
      .number({ error: INTERVAL_MESSAGE })
      .int(INTERVAL_MESSAGE)
      .min(WATCH_INTERVAL_MIN, INTERVAL_MESSAGE)
      .max(WATCH_INTERVAL_MAX, INTERVAL_MESSAGE)
      .optional(),
    coinsPerInterval: z
      .number({ error: COINS_MESSAGE })
      .int(COINS_MESSAGE)
      .min(WATCH_COINS_MIN, COINS_MESSAGE)
      .max(WATCH_COINS_MAX, COINS_MESSAGE)
      .optional(),
  })
  .refine((v) => v.enabled !== undefined || v.rewardInterval !== undefined || v.coinsPerInterval !== undefined, {
    message: 'No changes: send at least one of enabled, rewardInterval, coinsPerInterval',
  });
export type TWatchTimeSettingsUpdate = z.input<typeof ZWatchTimeSettingsUpdate>;

export const ZWatchTimeSettings = z.object({
  enabled: z.boolean(),
  rewardInterval: z.number().int(),
  coinsPerInterval: z.number().int(),
  /** ISO instant of the last change; null when never changed. */
  lastUpdated: z.string().nullable(),
});
export type TWatchTimeSettings = z.infer<typeof ZWatchTimeSettings>;

export const ZWatchTimeStatus = z.object({
  isRunning: z.boolean(),
  settings: ZWatchTimeSettings,
  stats: z.object({
    /** Coins awarded today (UTC). */
    totalRewardsToday: z.number().int(),
    /** Distinct viewers rewarded today (UTC). */
    totalUsersRewarded: z.number().int(),
    /** Rewards given today (UTC). */
    rewardCount: z.number().int(),
  }),
  mode: z.enum(WATCH_TIME_MODES),
  modeReason: z.string().nullable(),
  authorizeUrl: z.literal('/api/twitch/auth'),
  authorized: z.object({ login: z.string() }).nullable(),
});
export type TWatchTimeStatus = z.infer<typeof ZWatchTimeStatus>;

export const ZWatchTimeReward = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  coinsAwarded: z.number().int(),
  /** Minutes of watching the reward pays for. */
  watchDuration: z.number().int(),
  timestamp: z.string(),
});
export type TWatchTimeReward = z.infer<typeof ZWatchTimeReward>;

export const ZStreamerbotConfig = z.object({
  webhookUrl: z.string(),
  hasSecret: z.boolean(),
  secretSource: z.enum(['environment', 'generated']).nullable(),
  conversionConfig: z.object({
    rewardTitle: z.string().nullable(),
    conversionRate: z.number(),
    minimumPoints: z.number().int(),
    maxCoinsPerRedemption: z.number().int(),
  }),
  requiredHeaders: z.tuple([z.literal('Content-Type'), z.literal('X-Signature')]),
});
export type TStreamerbotConfig = z.infer<typeof ZStreamerbotConfig>;

export const ZStreamerbotSecret = z.object({ secret: z.string() });

/** The inbound redemption Streamer.bot posts (user = the viewer's Twitch login). */
export const ZStreamerbotRedemption = z.object({
  user: z.string().trim().min(1, 'user is required').max(50),
  // Streamer.bot's redemption arguments carry the Twitch user id: the lookup prefers it to the name.
  userId: z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{1,32}$/),
        z.number().int().nonnegative().transform(String),
      ],
      {
        error: 'userId must be a Twitch user id',
      },
    )
    .optional(),
  // Streamer.bot variables are text, so a snippet may well send "500": digits are accepted too.
  points: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,13}$/)
          .transform(Number),
      ],
      { error: 'points must be a number' },
    )
    .pipe(z.number().int('points must be a whole number').min(0, 'points must not be negative').max(1e12)),
  rewardTitle: z.string().max(200).nullish(),
  redemptionId: z.string().trim().min(1, 'redemptionId is required').max(100),
});
export type TStreamerbotRedemption = z.infer<typeof ZStreamerbotRedemption>;

export const ZStreamerbotReply = z.object({ status: z.literal('success'), coinsAwarded: z.number().int() });
