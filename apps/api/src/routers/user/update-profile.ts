import { updateUserProfile } from '@shop/db';
import { ZProfileUpdate } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { readUser } from './read-user';

export const updateProfile = authedProcedure.input(ZProfileUpdate).mutation(async ({ ctx, input }) => {
  const { db } = ctx.services;
  await updateUserProfile(db.kysely, ctx.user.id, input);
  return readUser(db.kysely, ctx.user.id);
});
