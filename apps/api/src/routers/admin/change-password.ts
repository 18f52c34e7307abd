import { deleteSessionsOfUser, findUserById, setPasswordHash, transactionWithRetry } from '@shop/db';
import { ADMIN_TOOLS_MSG, AppError } from '@shop/domain';
import { hashPassword } from '../../auth/password';
import { createSession, sessionIdFromToken } from '../../auth/session';
import { adminProcedure } from '../../trpc';
import { changePasswordMeta, ZChangePasswordInput, ZChangePasswordOutput } from './change-password.types';

/**
 * The new hash and the end of every session of that user land together: whoever held the old
 * password (or a stolen cookie) is out at their next request, and their open /ws sockets (in every
 * process) are closed at once. An admin changing their own password keeps working through a fresh
 * session, whose sockets stay.
 */
export const changePassword = adminProcedure
  .meta(changePasswordMeta)
  .input(ZChangePasswordInput)
  .output(ZChangePasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now, log } = ctx.services;
    if (!(await findUserById(db.kysely, input.userId))) throw new AppError('NOT_FOUND', 'User not found');
    const passwordHash = await hashPassword(input.password);
    await transactionWithRetry(db, async (tx) => {
      await setPasswordHash(tx, input.userId, passwordHash);
      await deleteSessionsOfUser(tx, input.userId);
    });
    let keep: string | null = null;
    if (input.userId === ctx.user.id) {
      const session = await createSession(db.kysely, ctx.user.id, now());
      ctx.cookies.set(session.token, session.expiresAt);
      keep = sessionIdFromToken(session.token);
    }
    ctx.services.realtime.endSessions({ userId: input.userId, keep });
    log.info({ adminId: ctx.user.id, userId: input.userId }, 'admin changed a password and ended its sessions');
    return { status: 'success' as const, message: ADMIN_TOOLS_MSG.passwordChanged };
  });
