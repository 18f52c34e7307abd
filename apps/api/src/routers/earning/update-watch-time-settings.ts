import { getWatchTimeSettings, updateWatchTimeSettings as saveWatchTimeSettings } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { settingsOut } from './settings-out';
import {
  updateWatchTimeSettingsMeta,
  ZUpdateWatchTimeSettingsInput,
  ZUpdateWatchTimeSettingsOutput,
} from './update-watch-time-settings.types';

export const updateWatchTimeSettings = adminProcedure
  .meta(updateWatchTimeSettingsMeta)
  .input(ZUpdateWatchTimeSettingsInput)
  .output(ZUpdateWatchTimeSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now, log } = ctx.services;
    await saveWatchTimeSettings(db.kysely, input, now());
    log.info({ change: input, adminId: ctx.user.id }, 'watch-time settings changed');
    return settingsOut(await getWatchTimeSettings(db.kysely));
  });
