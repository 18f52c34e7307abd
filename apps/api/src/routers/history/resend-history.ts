import { hasPendingResend, insertResendDeliveries, lockHistoryForSettlement, transactionWithRetry } from '@shop/db';
import { AppError, canResend } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { requireHistory } from './require-history';
import { resendHistoryMeta, ZResendHistoryInput, ZResendHistoryOutput } from './resend-history.types';

/**
 * A new attempt of a settled trigger to the same targets (new delivery rows marked as a resend).
 * The trigger's own deliveries stay as they were, so a resend never moves money and never turns a
 * delivered trigger into a refunded one; its outcome shows as `lastResend` in the list.
 */
export const resendHistory = adminProcedure
  .meta(resendHistoryMeta)
  .input(ZResendHistoryInput)
  .output(ZResendHistoryOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now } = ctx.services;
    const history = await requireHistory(db.kysely, input.id);
    const flags = { refunded: history.refunded === 1, isTest: history.is_test === 1, success: history.success };
    if (!canResend({ ...flags, success: flags.success === null ? null : flags.success === 1 })) {
      throw new AppError(
        'CONFLICT',
        history.is_test === 1
          ? 'A test cannot be resent; use Test again instead'
          : 'This action is still being delivered; resend it once it has succeeded or failed',
      );
    }
    const queued = await transactionWithRetry(db, async (tx) => {
      // The trigger's row lock makes two simultaneous resends queue one batch, not two.
      await lockHistoryForSettlement(tx, input.id);
      if (await hasPendingResend(tx, input.id)) {
        throw new AppError('CONFLICT', 'A resend of this action is already on its way');
      }
      return insertResendDeliveries(tx, input.id, now());
    });
    if (queued === 0) throw new AppError('CONFLICT', 'None of the targets this action went to is active any more');
    ctx.services.deliveryWorker.enqueue(input.id);
    return { status: 'success' as const, message: 'Action resent', deliveries: queued };
  });
