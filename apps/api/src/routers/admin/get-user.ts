import { findUserById } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { ZGetUserInput, ZGetUserOutput } from './get-user.types';
import { userSummary } from './user-summary';

/** One user's current figures, for the panel after a change. */
export const getUser = adminProcedure
  .input(ZGetUserInput)
  .output(ZGetUserOutput)
  .query(async ({ ctx, input }) => {
    const row = await findUserById(ctx.services.db.kysely, input.userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return userSummary(row);
  });
