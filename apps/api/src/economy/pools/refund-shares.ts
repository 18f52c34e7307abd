import {
  adjustSupporterTotals,
  credit,
  type Executor,
  findPoolByHistory,
  listUnrefundedContributions,
  markContributionRefunded,
} from '@shop/db';

/**
 * Gives every contribution of a pool not yet given back its coins, inside the caller's transaction:
 * the conditional flag flip and the ledger row's unique reference `pool-refund:<contributionId>`
 * each stop a second refund of one share. Returns the shares refunded.
 */
export async function refundContributions(
  tx: Executor,
  pool: { id: number; action_name: string },
  reason: string,
  now: number,
): Promise<{ userId: number; coins: number }[]> {
  const refunded: { userId: number; coins: number }[] = [];
  for (const share of await listUnrefundedContributions(tx, pool.id)) {
    if (!(await markContributionRefunded(tx, share.id))) continue;
    const coins = Number(share.coins);
    await credit(tx, {
      userId: share.user_id,
      amount: coins,
      type: 'pool_refund',
      description: `Refund: ${pool.action_name} crowd goal (${reason})`,
      reference: `pool-refund:${share.id}`,
      now,
    });
    // The contribution counted as coins spent; the trigger itself was never counted per viewer.
    await adjustSupporterTotals(tx, share.user_id, 0, -coins);
    refunded.push({ userId: share.user_id, coins });
  }
  return refunded;
}

/**
 * refundInTransaction's branch for a fired crowd goal (admin-spec section 12): its trigger's cost was paid by
 * many viewers, so each gets their own share back instead of the trigger's viewer getting the
 * whole goal. False when the trigger is not a pool's: the ordinary refund goes on.
 */
export async function refundPoolShares(tx: Executor, historyId: number, reason: string, now: number): Promise<boolean> {
  const pool = await findPoolByHistory(tx, historyId);
  if (!pool) return false;
  await refundContributions(tx, pool, reason, now);
  return true;
}
