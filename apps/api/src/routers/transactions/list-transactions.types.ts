import { ZTransactionOut, ZTransactionsQuery } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListTransactionsInput = ZTransactionsQuery;
export const ZListTransactionsOutput = z.object({
  items: z.array(ZTransactionOut),
  nextCursor: z.string().nullable(),
});

export const listTransactionsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/transactions',
    summary: "The signed-in viewer's ledger, newest first, one page at a time",
    tag: 'Coins',
    description:
      'The page is a plain array. When older rows exist, X-Next-Cursor holds the cursor of the next page and Link names its URL (rel="next"); no header means this was the last page.',
    paged: true,
  },
};
