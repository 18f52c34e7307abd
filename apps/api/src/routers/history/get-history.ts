import { findHistoryWithDeliveries, listDeliveryDetails } from '@shop/db';
import { AppError, toDeliveryDetail, toHistoryRecord } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { getHistoryMeta, ZGetHistoryInput, ZGetHistoryOutput } from './get-history.types';
import { withLastResend } from './with-last-resend';

/** One trigger with every delivery: each target, its attempts, last error, response and times. */
export const getHistory = adminProcedure
  .meta(getHistoryMeta)
  .input(ZGetHistoryInput)
  .output(ZGetHistoryOutput)
  .query(async ({ ctx, input }) => {
    const db = ctx.services.db.kysely;
    const row = await findHistoryWithDeliveries(db, input.id);
    if (!row) throw new AppError('NOT_FOUND', 'Action history record not found');
    const record = toHistoryRecord(row);
    const [withResend] = await withLastResend(db, [record]);
    const deliveries = (await listDeliveryDetails(db, input.id)).map(toDeliveryDetail);
    return { record: withResend ?? record, deliveries };
  });
