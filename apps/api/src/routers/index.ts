import { router } from '../trpc';
import { authRouter } from './auth/router';
import { coinsRouter } from './coins/router';
import { paymentsRouter } from './payments/router';
import { transactionsRouter } from './transactions/router';
import { userRouter } from './user/router';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  coins: coinsRouter,
  payments: paymentsRouter,
  transactions: transactionsRouter,
});

export type AppRouter = typeof appRouter;
