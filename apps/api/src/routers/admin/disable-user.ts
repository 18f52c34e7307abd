import { deleteSessionsOfUser, findUserById, setUserDisabled, transactionWithRetry } from '@shop/db';
import { ADMIN_TOOLS_MSG, AppError, userDisabledMessage } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { disableUserMeta, ZDisableUserInput, ZDisableUserOutput } from './disable-user.types';
import { userSummary } from './user-summary';

/**
 * Stops an abusive account at once: the flag and the end of every session land together, then its
 * open /ws sockets close in every process (through the bus). Sign-in is refused from then on, and
 * a session a racing sign-in still managed to create is refused by the session check, which reads
 * the flag with the session. Paths that pay or serve it without a session check the flag themselves.
 */
export const disableUser = adminProcedure
  .meta(disableUserMeta)
  .input(ZDisableUserInput)
  .output(ZDisableUserOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now, log, realtime } = ctx.services;
    // Nobody would be left to enable it again, had they been the only admin.
    if (input.userId === ctx.user.id) throw new AppError('BAD_REQUEST', ADMIN_TOOLS_MSG.cannotDisableSelf);
    const row = await transactionWithRetry(db, async (tx) => {
      if (!(await findUserById(tx, input.userId))) throw new AppError('NOT_FOUND', 'User not found');
      await setUserDisabled(tx, input.userId, now());
      await deleteSessionsOfUser(tx, input.userId);
      return findUserById(tx, input.userId);
    });
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    realtime.endSessions({ userId: input.userId, keep: null });
    log.info({ adminId: ctx.user.id, userId: input.userId }, 'admin disabled an account and ended its sessions');
    return { status: 'success' as const, message: userDisabledMessage(row.username), user: userSummary(row) };
  });
