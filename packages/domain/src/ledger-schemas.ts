import { z } from 'zod';
import { DELIVERY_STATES } from './delivery-states';
import { isoInstant } from './instant-schemas';
import { TRANSACTION_FILTERS, TRANSACTION_TYPES, TRANSACTIONS_PAGE_DEFAULT, TRANSACTIONS_PAGE_MAX } from './ledger';

export const ZTransactionOut = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number().int().describe('coins: positive credits, negative debits'),
  description: z.string(),
  createdAt: isoInstant,
  delivery: z
    .object({
      historyId: z.number().int(),
      state: z.enum(DELIVERY_STATES),
      attempts: z.number().int(),
      maxAttempts: z.number().int(),
    })
    .nullable()
    .optional()
    .describe("'action' rows: where that trigger's delivery stands"),
});

export const ZUserStatsOut = z.object({
  balance: z.number().int(),
  actionsTriggered: z.number().int(),
  totalSpent: z
    .number()
    .int()
    .describe('coins spent on actions, crowd-goal shares and gifts sent, less their refunds: the Spending rows'),
  coinsPurchased: z.number().int().describe('coins bought, less chargebacks: the Purchases rows'),
});

/**
 * The dashboard's four cards (viewer-spec section 2). Actions and coins spent count triggers that
 * were not refunded, the same totals the leaderboard and the public profile show; coins purchased
 * nets out purchases that were taken back.
 */
export type TUserStats = z.infer<typeof ZUserStatsOut>;

/** `GET /api/transactions?limit=&cursor=&filter=`; the same schema checks the web app's calls. */
export const ZTransactionsQuery = z
  .object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(TRANSACTIONS_PAGE_MAX, `limit must be at most ${TRANSACTIONS_PAGE_MAX}`)
      .default(TRANSACTIONS_PAGE_DEFAULT),
    cursor: z.string().max(100).nullish(),
    filter: z
      .enum(TRANSACTION_FILTERS, { error: 'filter must be all, purchases or spending' })
      .default('all')
      .describe(
        'purchases: purchase and chargeback rows; spending: action, refund, pool_contribution, pool_refund and gift_sent rows',
      ),
  })
  .default({ limit: TRANSACTIONS_PAGE_DEFAULT, filter: 'all' });
export type TTransactionsQuery = z.input<typeof ZTransactionsQuery>;
