import { adjustSupporterTotals, credit, findHistory, markHistoryRefunded } from '@shop/db';
import type { Services } from '../services';

/**
 * Gives a trigger's coins back, once: the conditional flag flip and the ledger row's unique
 * reference both stop a second refund, whether it comes from the worker or an admin.
 * Returns false when there was nothing to refund.
 */
export async function refundHistory(services: Services, historyId: number, reason: string): Promise<boolean> {
  const { db, now } = services;
  const history = await findHistory(db.kysely, historyId);
  if (!history || history.is_test === 1 || history.refunded === 1) return false;
  const refunded = await db.kysely.transaction().execute(async (tx) => {
    if (!(await markHistoryRefunded(tx, historyId))) return false;
    await credit(tx, {
      userId: history.user_id,
      amount: history.cost,
      type: 'refund',
      description: `Refund: ${history.action_name} (${reason})`,
      reference: `refund:${historyId}`,
      now: now(),
    });
    await adjustSupporterTotals(tx, history.user_id, -1, -history.cost);
    return true;
  });
  if (refunded) {
    services.log.info({ historyId, userId: history.user_id, coins: history.cost, reason }, 'action refunded');
    services.realtime.broadcast({
      type: 'action_status',
      historyId,
      userId: history.user_id,
      action: { name: history.action_name, cost: history.cost },
      status: 'refunded',
      timestamp: new Date(now()).toISOString(),
    });
  }
  return refunded;
}
