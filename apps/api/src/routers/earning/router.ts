import {
  getWatchTimeSettings,
  recentWatchRewards,
  updateWatchTimeSettings as saveWatchTimeSettings,
  type WatchTimeSettingsRow,
  watchTimeStatsSince,
} from '@shop/db';
import {
  RECENT_REWARDS_LIMIT,
  startOfUtcDay,
  type TStreamerbotConfig,
  type TWatchTimeReward,
  type TWatchTimeSettings,
  type TWatchTimeStatus,
  ZWatchTimeSettingsUpdate,
} from '@shop/domain';
import type { Context } from '../../context';
import { adminProcedure, router } from '../../trpc';
import { TWITCH_AUTH_PATH } from '../../twitch/oauth';

function settingsOut(row: WatchTimeSettingsRow): TWatchTimeSettings {
  return {
    enabled: row.enabled,
    rewardInterval: row.rewardInterval,
    coinsPerInterval: row.coinsPerInterval,
    lastUpdated: row.lastUpdated === null ? null : new Date(row.lastUpdated).toISOString(),
  };
}

/** The service state, settings, today's figures (UTC day) and where the viewer list comes from. */
const watchTimeStatus = adminProcedure.query(async ({ ctx }): Promise<TWatchTimeStatus> => {
  const { db, watchTime, now } = ctx.services;
  const [settings, stats, mode] = await Promise.all([
    getWatchTimeSettings(db.kysely),
    watchTimeStatsSince(db.kysely, startOfUtcDay(now())),
    watchTime.mode(),
  ]);
  return {
    isRunning: watchTime.isRunning,
    settings: settingsOut(settings),
    stats,
    mode: mode.mode,
    modeReason: mode.reason,
    authorizeUrl: TWITCH_AUTH_PATH,
    authorized: mode.authorized,
  };
});

const watchTimeRewards = adminProcedure.query(async ({ ctx }): Promise<TWatchTimeReward[]> => {
  const rows = await recentWatchRewards(ctx.services.db.kysely, RECENT_REWARDS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    username: r.username,
    coinsAwarded: r.coinsAwarded,
    watchDuration: r.watchDuration,
    timestamp: new Date(r.createdAt).toISOString(),
  }));
});

const updateWatchTimeSettings = adminProcedure
  .input(ZWatchTimeSettingsUpdate)
  .mutation(async ({ ctx, input }): Promise<TWatchTimeSettings> => {
    const { db, now, log } = ctx.services;
    await saveWatchTimeSettings(db.kysely, input, now());
    log.info({ change: input, adminId: ctx.user.id }, 'watch-time settings changed');
    return settingsOut(await getWatchTimeSettings(db.kysely));
  });

/** The webhook's absolute URL: PUBLIC_ORIGIN when set, else the origin the admin reached us on. */
function origin(ctx: Context): string {
  return ctx.services.config.publicOrigin ?? new URL(`${ctx.request.protocol}://${ctx.request.host}`).origin;
}

const streamerbotConfig = adminProcedure.query(async ({ ctx }): Promise<TStreamerbotConfig> => {
  const { streamerbot, config } = ctx.services;
  const [path, active] = await Promise.all([streamerbot.webhookPath(), streamerbot.active().catch(() => null)]);
  const rule = config.earning.streamerbot;
  return {
    webhookUrl: `${origin(ctx)}${path}`,
    hasSecret: active !== null,
    secretSource: active?.source ?? null,
    conversionConfig: {
      rewardTitle: rule.rewardTitle,
      conversionRate: rule.conversionRate,
      minimumPoints: rule.minimumPoints,
      maxCoinsPerRedemption: rule.maxCoinsPerRedemption,
    },
    requiredHeaders: ['Content-Type', 'X-Signature'],
  };
});

/** A new secret, shown once; the old one stops working at once. 409 while the environment's secret is in force. */
const regenerateStreamerbotSecret = adminProcedure.mutation(async ({ ctx }) => {
  const secret = await ctx.services.streamerbot.regenerate();
  ctx.services.log.info({ adminId: ctx.user.id }, 'Streamer.bot secret regenerated');
  return { secret };
});

export const earningRouter = router({
  watchTimeStatus,
  watchTimeRewards,
  updateWatchTimeSettings,
  streamerbotConfig,
  regenerateStreamerbotSecret,
});
