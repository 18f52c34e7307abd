import { listHistoryPage } from '@shop/db';
import { AppError, decodeLedgerCursor, encodeLedgerCursor, toHistoryRecord } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { listHistoryMeta, ZListHistoryInput, ZListHistoryOutput } from './list-history.types';
import { withLastResend } from './with-last-resend';

/** Every trigger, newest first, filtered by user, action and status, a page at a time. */
export const listHistory = adminProcedure
  .meta(listHistoryMeta)
  .input(ZListHistoryInput)
  .output(ZListHistoryOutput)
  .query(async ({ ctx, input }) => {
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
      items: await withLastResend(db, page.rows.map(toHistoryRecord)),
      nextCursor: page.hasMore && page.last ? encodeLedgerCursor(page.last) : null,
    };
  });
