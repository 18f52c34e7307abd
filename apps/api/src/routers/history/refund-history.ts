import { AppError, canRefund } from '@shop/domain';
import { refundHistory as refund } from '../../delivery/refund';
import { adminProcedure } from '../../trpc';
import { refundHistoryMeta, ZRefundHistoryInput, ZRefundHistoryOutput } from './refund-history.types';
import { requireHistory } from './require-history';

export const refundHistory = adminProcedure
  .meta(refundHistoryMeta)
  .input(ZRefundHistoryInput)
  .output(ZRefundHistoryOutput)
  .mutation(async ({ ctx, input }) => {
    const history = await requireHistory(ctx.services.db.kysely, input.id);
    if (!canRefund({ refunded: history.refunded === 1, isTest: history.is_test === 1, success: null })) {
      throw new AppError(
        'CONFLICT',
        history.is_test === 1 ? 'A test cannot be refunded' : 'This action was already refunded',
      );
    }
    if (!(await refund(ctx.services, input.id, `refunded by ${ctx.user.username}`))) {
      throw new AppError('CONFLICT', 'This action was already refunded');
    }
    return { status: 'success' as const, message: 'Action refunded' };
  });
