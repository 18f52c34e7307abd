import {
  type Executor,
  findHistory,
  findHistoryRecord,
  hasPendingResend,
  insertResendDeliveries,
  listDeliveryDetails,
  listHistoryPage,
  listLatestResends,
  lockHistoryForSettlement,
  type ResendAttempt,
  transactionWithRetry,
} from '@shop/db';
import {
  AppError,
  canRefund,
  canResend,
  decodeLedgerCursor,
  encodeLedgerCursor,
  resendOutcome,
  type TActionHistoryRecord,
  type THistoryDetail,
  type THistoryPage,
  ZHistoryQuery,
  ZId,
} from '@shop/domain';
import { refundHistory } from '../../delivery/refund';
import { adminProcedure, router } from '../../trpc';

/** Each record with what its latest resend did (so the admin sees a resend's outcome too). */
async function withLastResend(db: Executor, records: TActionHistoryRecord[]): Promise<TActionHistoryRecord[]> {
  const byHistory = new Map<number, ResendAttempt[]>();
  for (const attempt of await listLatestResends(
    db,
    records.map((r) => r.id),
  )) {
    byHistory.set(attempt.historyId, [...(byHistory.get(attempt.historyId) ?? []), attempt]);
  }
  return records.map((r) => ({ ...r, lastResend: resendOutcome(byHistory.get(r.id) ?? []) }));
}

/** Every trigger, newest first, filtered by user, action and status, a page at a time. */
const list = adminProcedure.input(ZHistoryQuery).query(async ({ ctx, input }): Promise<THistoryPage> => {
  const db = ctx.services.db.kysely;
  const before = input.cursor ? decodeLedgerCursor(input.cursor) : null;
  if (input.cursor && !before) throw new AppError('BAD_REQUEST', 'cursor: not a cursor from a previous page');
  const page = await listHistoryPage(db, {
    limit: input.limit,
    before,
    userId: input.userId,
    username: input.username,
    actionName: input.actionName,
    status: input.status,
  });
  return {
    items: await withLastResend(db, page.rows),
    nextCursor: page.hasMore && page.last ? encodeLedgerCursor(page.last) : null,
  };
});

/** One trigger with every delivery: each target, its attempts, last error, response and times. */
const detail = adminProcedure.input(ZId).query(async ({ ctx, input }): Promise<THistoryDetail> => {
  const db = ctx.services.db.kysely;
  const record = await findHistoryRecord(db, input.id);
  if (!record) throw new AppError('NOT_FOUND', 'Action history record not found');
  const [withResend] = await withLastResend(db, [record]);
  return { record: withResend ?? record, deliveries: await listDeliveryDetails(db, input.id) };
});

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

/**
 * A new attempt of a settled trigger to the same targets (new delivery rows marked as a resend).
 * The trigger's own deliveries stay as they were, so a resend never moves money and never turns a
 * delivered trigger into a refunded one; its outcome shows as `lastResend` in the list.
 */
const resend = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
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
    await lockHistoryForSettlement(tx, db.dialect, input.id);
    if (await hasPendingResend(tx, input.id)) {
      throw new AppError('CONFLICT', 'A resend of this action is already on its way');
    }
    return insertResendDeliveries(tx, input.id, now());
  });
  if (queued === 0) throw new AppError('CONFLICT', 'None of the targets this action went to is active any more');
  ctx.services.deliveryWorker.enqueue(input.id);
  return { status: 'success' as const, message: 'Action resent', deliveries: queued };
});

export const historyRouter = router({ list, detail, refund, resend });
