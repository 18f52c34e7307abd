import { credit, debit, findUserById, transactionWithRetry } from '@shop/db';
import { AppError, insufficientForAdjustmentMessage } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { adjustCoinsMeta, ZAdjustCoinsInput, ZAdjustCoinsOutput } from './adjust-coins.types';

/**
 * A manual correction as one ledger row of type admin_adjustment. A negative amount is a
 * conditional debit, so the balance never goes below zero even against a purchase or trigger
 * running at the same moment.
 */
export const adjustCoins = adminProcedure
  .meta(adjustCoinsMeta)
  .input(ZAdjustCoinsInput)
  .output(ZAdjustCoinsOutput)
  .mutation(async ({ ctx, input }) => {
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
        status: 'success' as const,
        message: `${verb} ${coins} ${coins === 1 ? 'coin' : 'coins'}; the balance is now ${balance}`,
        balance,
        transactionId,
      };
    });
  });
