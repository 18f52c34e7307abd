import { setTwitchUsername } from '@shop/db';
import { ZLinkTwitch } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { readUser } from './read-user';

export const linkTwitch = authedProcedure.input(ZLinkTwitch).mutation(async ({ ctx, input }) => {
  const { db } = ctx.services;
  await setTwitchUsername(db.kysely, ctx.user.id, input.twitchUsername === '' ? null : input.twitchUsername);
  return readUser(db.kysely, ctx.user.id);
});
