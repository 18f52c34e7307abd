import { socialWithoutSetupNotes } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { getSocialMeta, ZGetSocialOutput } from './get-social.types';

/** TikTok and YouTube lists from the server-side cache (one upstream call per source per 30 min). */
export const getSocial = publicProcedure
  .meta(getSocialMeta)
  .output(ZGetSocialOutput)
  .query(async ({ ctx }) => socialWithoutSetupNotes(await ctx.services.social.get(), ctx.user?.is_admin === 1));
