import { getWatchTimeSettings, watchTimeStatsSince } from '@shop/db';
import { startOfUtcDay } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { TWITCH_AUTH_PATH } from '../../twitch/oauth';
import { getWatchTimeStatusMeta, ZGetWatchTimeStatusOutput } from './get-watch-time-status.types';
import { settingsOut } from './settings-out';

/** The service state, settings, today's figures (UTC day) and where the viewer list comes from. */
export const getWatchTimeStatus = adminProcedure
  .meta(getWatchTimeStatusMeta)
  .output(ZGetWatchTimeStatusOutput)
  .query(async ({ ctx }) => {
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
