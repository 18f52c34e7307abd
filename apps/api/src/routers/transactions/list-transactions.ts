import { listTransactionsPage } from '@shop/db';
import { AppError, decodeLedgerCursor, encodeLedgerCursor, toTransaction } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { listTransactionsMeta, ZListTransactionsInput, ZListTransactionsOutput } from './list-transactions.types';

/** The signed-in user's ledger, a page at a time, newest first. */
export const listTransactions = authedProcedure
  .meta(listTransactionsMeta)
  .input(ZListTransactionsInput)
  .output(ZListTransactionsOutput)
  .query(async ({ ctx, input }) => {
    const before = input.cursor ? decodeLedgerCursor(input.cursor) : null;
    if (input.cursor && !before) throw new AppError('BAD_REQUEST', 'cursor: not a cursor from a previous page');
    const page = await listTransactionsPage(ctx.services.db.kysely, ctx.user.id, {
      limit: input.limit,
      before,
      filter: input.filter,
    });
    return {
      items: page.rows.map(toTransaction),
      nextCursor: page.hasMore && page.last ? encodeLedgerCursor(page.last) : null,
    };
  });
