import { type Executor, findHistory, listRecentHistory, requeueDeliveries } from '@shop/db';
import { AppError, canRefund, ZId } from '@shop/domain';
import { refundHistory } from '../../delivery/refund';
import { adminProcedure, router } from '../../trpc';

const list = adminProcedure.query(({ ctx }) => listRecentHistory(ctx.services.db.kysely, 200));

async function requireHistory(db: Executor, id: number) {
  const history = await findHistory(db, id);
  if (!history) throw new AppError('NOT_FOUND', 'Action history record not found');
  return history;
}

const refund = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  const history = await requireHistory(ctx.services.db.kysely, input.id);
  if (!canRefund({ refunded: history.refunded === 1, isTest: history.is_test === 1, success: null })) {
    throw new AppError(
      'CONFLICT',
      history.is_test === 1 ? 'A test cannot be refunded' : 'This action was already refunded',
    );
  }
  if (!(await refundHistory(ctx.services, input.id, `refunded by ${ctx.user.username}`))) {
    throw new AppError('CONFLICT', 'This action was already refunded');
  }
  return { status: 'success' as const, message: 'Action refunded' };
});

/** Sends the same command to the same targets again; the viewer is not charged a second time. */
const resend = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  await requireHistory(ctx.services.db.kysely, input.id);
  const queued = await requeueDeliveries(ctx.services.db.kysely, input.id, ctx.services.now());
  if (queued === 0) throw new AppError('CONFLICT', 'This action has no delivery targets to resend to');
  ctx.services.deliveryWorker.wake();
  return { status: 'success' as const, message: 'Action resent' };
});

export const historyRouter = router({ list, refund, resend });
