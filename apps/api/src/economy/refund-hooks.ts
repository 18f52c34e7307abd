import { returnStockTakenBy } from '@shop/db';
import type { RefundHooks } from '../delivery/refund';

/** The economy's part of every refund: a refunded trigger did not use its unit of stock, so it is for sale again. */
export const economyRefundHooks: RefundHooks = {
  async refunded(tx, history) {
    // Only a trigger whose sale took one puts one back (returnStockTakenBy reads took_stock).
    if (history.action_id !== null) await returnStockTakenBy(tx, history.id);
  },
};
