import { listTransactions } from '@shop/db';
import { authedProcedure, router } from '../../trpc';

const list = authedProcedure.query(({ ctx }) => listTransactions(ctx.services.db.kysely, ctx.user.id));

export const transactionsRouter = router({ list });
