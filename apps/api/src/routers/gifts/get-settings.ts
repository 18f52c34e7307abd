import { readGiftingEnabled } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { getGiftingMeta, ZGetGiftingOutput } from './get-settings.types';

export const getSettings = adminProcedure
  .meta(getGiftingMeta)
  .output(ZGetGiftingOutput)
  .query(async ({ ctx }) => ({ enabled: await readGiftingEnabled(ctx.services.db.kysely) }));
