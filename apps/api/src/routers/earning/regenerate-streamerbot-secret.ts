import { adminProcedure } from '../../trpc';
import {
  regenerateStreamerbotSecretMeta,
  ZRegenerateStreamerbotSecretOutput,
} from './regenerate-streamerbot-secret.types';

/** A new secret, shown once; the old one stops working at once. 409 while the environment's secret is in force. */
export const regenerateStreamerbotSecret = adminProcedure
  .meta(regenerateStreamerbotSecretMeta)
  .output(ZRegenerateStreamerbotSecretOutput)
  .mutation(async ({ ctx }) => {
    const secret = await ctx.services.streamerbot.regenerate();
    ctx.services.log.info({ adminId: ctx.user.id }, 'Streamer.bot secret regenerated');
    return { secret };
  });
