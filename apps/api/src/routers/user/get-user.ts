import { toUser } from '@shop/db';
import { authedProcedure } from '../../trpc';

export const getUser = authedProcedure.query(({ ctx }) => toUser(ctx.user));
