import { readGiftSettings, setGiftSettings } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { setGiftingMeta, ZSetGiftingInput, ZSetGiftingOutput } from './set-settings.types';

/** Read back after the write: the answer is what the database now holds. */
export const setSettings = adminProcedure
  .meta(setGiftingMeta)
  .input(ZSetGiftingInput)
  .output(ZSetGiftingOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now } = ctx.services;
    await setGiftSettings(db.kysely, input, now());
    return readGiftSettings(db.kysely);
  });
