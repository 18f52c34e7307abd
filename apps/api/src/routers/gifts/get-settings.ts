import { readGiftSettings } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { getGiftingMeta, ZGetGiftingOutput } from './get-settings.types';

export const getSettings = adminProcedure
  .meta(getGiftingMeta)
  .output(ZGetGiftingOutput)
  .query(({ ctx }) => readGiftSettings(ctx.services.db.kysely));
