import { findUserById, setUserDisabled } from '@shop/db';
import { AppError, userEnabledMessage } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { enableUserMeta, ZEnableUserInput, ZEnableUserOutput } from './enable-user.types';
import { userSummary } from './user-summary';

/** Puts a disabled account back: it signs in again (its old sessions stay ended) and may spend, gift and earn. */
export const enableUser = adminProcedure
  .meta(enableUserMeta)
  .input(ZEnableUserInput)
  .output(ZEnableUserOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, log } = ctx.services;
    if (!(await findUserById(db.kysely, input.userId))) throw new AppError('NOT_FOUND', 'User not found');
    await setUserDisabled(db.kysely, input.userId, null);
    const row = await findUserById(db.kysely, input.userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    log.info({ adminId: ctx.user.id, userId: input.userId }, 'admin enabled an account');
    return { status: 'success' as const, message: userEnabledMessage(row.username), user: userSummary(row) };
  });
