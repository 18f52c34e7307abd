import { router } from '../trpc';
import { actionsRouter } from './actions/router';
import { adminToolsRouter } from './admin/router';
import { authRouter } from './auth/router';
import { categoriesRouter } from './categories/router';
import { coinsRouter } from './coins/router';
import { communityRouter } from './community/router';
import { debugRouter } from './debug/router';
import { earningRouter } from './earning/router';
import { endpointsRouter } from './endpoints/router';
import { giftsRouter } from './gifts/router';
import { historyRouter } from './history/router';
import { overviewRouter } from './overview/router';
import { paymentsRouter } from './payments/router';
import { poolsRouter } from './pools/router';
import { queueRouter } from './queue/router';
import { rustRouter } from './rust/router';
import { shopRouter } from './shop/router';
import { socialRouter } from './social/router';
import { transactionsRouter } from './transactions/router';
import { twitchRouter } from './twitch/router';
import { userRouter } from './user/router';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  coins: coinsRouter,
  payments: paymentsRouter,
  transactions: transactionsRouter,
  actions: actionsRouter,
  categories: categoriesRouter,
  endpoints: endpointsRouter,
  history: historyRouter,
  community: communityRouter,
  rust: rustRouter,
  twitch: twitchRouter,
  social: socialRouter,
  debug: debugRouter,
  overview: overviewRouter,
  adminTools: adminToolsRouter,
  earning: earningRouter,
  shop: shopRouter,
  queue: queueRouter,
  pools: poolsRouter,
  gifts: giftsRouter,
});

export type AppRouter = typeof appRouter;
