import { listTransactionsPage, userStats } from '@shop/db';
import {
  AppError,
  decodeLedgerCursor,
  encodeLedgerCursor,
  type TTransactionsPage,
  ZTransactionsQuery,
} from '@shop/domain';
import { authedProcedure, router } from '../../trpc';

/** The signed-in user's ledger, a page at a time, newest first. */
const list = authedProcedure.input(ZTransactionsQuery).query(async ({ ctx, input }): Promise<TTransactionsPage> => {
  const before = input.cursor ? decodeLedgerCursor(input.cursor) : null;
  if (input.cursor && !before) throw new AppError('BAD_REQUEST', 'cursor: not a cursor from a previous page');
  const page = await listTransactionsPage(ctx.services.db.kysely, ctx.user.id, {
    limit: input.limit,
    before,
    filter: input.filter,
  });
  return { items: page.rows, nextCursor: page.hasMore && page.last ? encodeLedgerCursor(page.last) : null };
});

/** The dashboard's stat cards, computed by the server so they agree with the leaderboard and profile. */
const stats = authedProcedure.query(async ({ ctx }) => {
  const figures = await userStats(ctx.services.db.kysely, ctx.user.id);
  if (!figures) throw new AppError('NOT_FOUND', 'User not found');
  return figures;
});

export const transactionsRouter = router({ list, stats });
