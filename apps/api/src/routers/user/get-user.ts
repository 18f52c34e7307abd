import { toUser } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { getUserMeta, ZGetUserOutput } from './get-user.types';

export const getUser = authedProcedure
  .meta(getUserMeta)
  .output(ZGetUserOutput)
  .query(({ ctx }) => toUser(ctx.user));
