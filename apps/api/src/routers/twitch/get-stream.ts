import { withoutSetupNotes } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { getStreamMeta, ZGetStreamOutput } from './get-stream.types';

/** Thumbnail, title, viewers, profile image and the last broadcast, from the same cache as the status. */
export const getStream = publicProcedure
  .meta(getStreamMeta)
  .output(ZGetStreamOutput)
  .query(async ({ ctx }) => withoutSetupNotes((await ctx.services.stream.get()).info, ctx.user?.is_admin === 1));
