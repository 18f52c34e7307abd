import { withoutSetupNotes } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { getStatusMeta, ZGetStatusOutput } from './get-status.types';

/** Live or not and the game, from the server-side cache (one upstream round per 30 s whoever polls). */
export const getStatus = publicProcedure
  .meta(getStatusMeta)
  .output(ZGetStatusOutput)
  .query(async ({ ctx }) => withoutSetupNotes((await ctx.services.stream.get()).status, ctx.user?.is_admin === 1));
