import { router } from '../../trpc';
import { getStats } from './get-stats';
import { listTransactions } from './list-transactions';

export const transactionsRouter = router({ list: listTransactions, stats: getStats });
