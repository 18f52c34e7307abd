import { setTwitchUsername } from '@shop/db';
import { AppError, TWITCH_VERIFY_MSG } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { linkTwitchMeta, ZLinkTwitchInput, ZLinkTwitchOutput } from './link-twitch.types';
import { readUser } from './read-user';

export const linkTwitch = authedProcedure
  .meta(linkTwitchMeta)
  .input(ZLinkTwitchInput)
  .output(ZLinkTwitchOutput)
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const name = input.twitchUsername === '' ? null : input.twitchUsername;
    if ((await setTwitchUsername(db.kysely, ctx.user.id, name)) === 'taken') {
      throw new AppError('CONFLICT', TWITCH_VERIFY_MSG.taken);
    }
    return readUser(db.kysely, ctx.user.id);
  });
