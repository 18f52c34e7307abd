import { publicProfile } from '@shop/db';
import { AppError } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { getProfileMeta, ZGetProfileInput, ZGetProfileOutput } from './get-profile.types';

export const getProfile = publicProcedure
  .meta(getProfileMeta)
  .input(ZGetProfileInput)
  .output(ZGetProfileOutput)
  .query(async ({ ctx, input }) => {
    const profile = input.id > 0 ? await publicProfile(ctx.services.db.kysely, input.id) : null;
    if (!profile) throw new AppError('NOT_FOUND', 'User not found');
    return profile;
  });
