import {
  credit,
  debit,
  deleteSessionsOfUser,
  findUserById,
  listTransactions,
  searchUsersByUsername,
  setPasswordHash,
  toUser,
  transactionWithRetry,
  type UserRow,
} from '@shop/db';
import {
  ADMIN_TOOLS_MSG,
  AppError,
  insufficientForAdjustmentMessage,
  type TAdminUserSummary,
  type TCoinAdjustmentReply,
  type TTransaction,
  USER_SEARCH_LIMIT,
  ZAdminUserRef,
  ZAdminUserSearch,
  ZChangePassword,
  ZCoinAdjustment,
} from '@shop/domain';
import { hashPassword } from '../../auth/password';
import { createSession, sessionIdFromToken } from '../../auth/session';
import { adminProcedure } from '../../trpc';

/** How many ledger rows the user panel shows. */
const RECENT_TRANSACTIONS = 20;

function summary(row: UserRow): TAdminUserSummary {
  const user = toUser(row);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    isAdmin: user.isAdmin,
    coinBalance: user.coinBalance,
    createdAt: user.createdAt,
  };
}

/** GET /api/admin/users?username=: case-insensitive 'contains', at most 20. */
export const searchUsers = adminProcedure
  .input(ZAdminUserSearch)
  .query(async ({ ctx, input }): Promise<TAdminUserSummary[]> => {
    const rows = await searchUsersByUsername(ctx.services.db.kysely, input.username, USER_SEARCH_LIMIT);
    return rows.map(summary);
  });

/** One user's current figures, for the panel after a change. */
export const getUser = adminProcedure.input(ZAdminUserRef).query(async ({ ctx, input }) => {
  const row = await findUserById(ctx.services.db.kysely, input.userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return summary(row);
});

/**
 * POST /api/admin/change-password/{userId}. The new hash and the end of every session of that user
 * land together: whoever held the old password (or a stolen cookie) is out at their next request,
 * and their open /ws sockets (in every process) are closed at once. An admin changing their own
 * password keeps working through a fresh session, whose sockets stay.
 */
export const changePassword = adminProcedure.input(ZChangePassword).mutation(async ({ ctx, input }) => {
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

/**
 * POST /api/admin/users/{id}/coins: a manual correction as one ledger row of type admin_adjustment.
 * A negative amount is a conditional debit, so the balance never goes below zero even against a
 * purchase or trigger running at the same moment.
 */
export const adjustCoins = adminProcedure
  .input(ZCoinAdjustment)
  .mutation(async ({ ctx, input }): Promise<TCoinAdjustmentReply> => {
    const { db, now } = ctx.services;
    const entry = {
      userId: input.userId,
      amount: Math.abs(input.amount),
      type: 'admin_adjustment' as const,
      description: `Adjusted by ${ctx.user.username}: ${input.reason}`,
      now: now(),
    };
    return transactionWithRetry(db, async (tx) => {
      if (!(await findUserById(tx, input.userId))) throw new AppError('NOT_FOUND', 'User not found');
      const transactionId = input.amount > 0 ? await credit(tx, entry) : await debit(tx, entry);
      const after = await findUserById(tx, input.userId);
      const balance = Number(after?.coin_balance ?? 0);
      if (transactionId === null) throw new AppError('CONFLICT', insufficientForAdjustmentMessage(balance));
      const verb = input.amount > 0 ? 'Added' : 'Removed';
      const coins = Math.abs(input.amount);
      return {
        status: 'success',
        message: `${verb} ${coins} ${coins === 1 ? 'coin' : 'coins'}; the balance is now ${balance}`,
        balance,
        transactionId,
      };
    });
  });

/** The user's latest ledger rows, newest first. */
export const userTransactions = adminProcedure
  .input(ZAdminUserRef)
  .query(async ({ ctx, input }): Promise<TTransaction[]> => {
    const db = ctx.services.db.kysely;
    if (!(await findUserById(db, input.userId))) throw new AppError('NOT_FOUND', 'User not found');
    return listTransactions(db, input.userId, RECENT_TRANSACTIONS);
  });
