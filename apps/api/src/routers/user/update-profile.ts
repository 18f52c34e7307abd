import { updateUserProfile } from '@shop/db';
import { authedProcedure } from '../../trpc';
import { readUser } from './read-user';
import { updateProfileMeta, ZUpdateProfileInput, ZUpdateProfileOutput } from './update-profile.types';

export const updateProfile = authedProcedure
  .meta(updateProfileMeta)
  .input(ZUpdateProfileInput)
  .output(ZUpdateProfileOutput)
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    await updateUserProfile(db.kysely, ctx.user.id, input);
    return readUser(db.kysely, ctx.user.id);
  });
