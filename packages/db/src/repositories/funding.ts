import type { Executor } from '../executor';

/**
 * One payment towards a trigger, as its refund gives it back: the viewer's own debit, or one share
 * of the crowd goal whose fill fired it. `actionName` is the name the payment was made under (a
 * pool keeps its own copy).
 */
export type FundingRow =
  | { kind: 'debit'; historyId: number; userId: number; coins: number; actionName: string }
  | { kind: 'share'; shareId: number; userId: number; coins: number; actionName: string };

/**
 * Who paid what for a trigger, in one read: its pool's shares not yet given back when a crowd goal
 * fired it, else the viewer's debit of its cost. Empty for a trigger that does not exist.
 */
export async function listFunding(tx: Executor, historyId: number): Promise<FundingRow[]> {
  const rows = await tx
    .selectFrom('action_history as h')
    .leftJoin('pools as p', 'p.history_id', 'h.id')
    .leftJoin('pool_contributions as c', (join) => join.onRef('c.pool_id', '=', 'p.id').on('c.refunded', '=', 0))
    .select([
      'h.id as historyId',
      'h.user_id as historyUserId',
      'h.cost as historyCost',
      'h.action_name as historyActionName',
      'p.id as poolId',
      'p.action_name as poolActionName',
      'c.id as shareId',
      'c.user_id as shareUserId',
      'c.coins as shareCoins',
    ])
    .where('h.id', '=', historyId)
    .orderBy('c.id')
    .execute();
  const first = rows[0];
  if (!first) return [];
  if (first.poolId === null) {
    return [
      {
        kind: 'debit',
        historyId: first.historyId,
        userId: first.historyUserId,
        coins: Number(first.historyCost),
        actionName: first.historyActionName,
      },
    ];
  }
  return rows.flatMap((r) =>
    r.shareId === null || r.shareUserId === null
      ? ([] as FundingRow[])
      : [
          {
            kind: 'share',
            shareId: r.shareId,
            userId: r.shareUserId,
            coins: Number(r.shareCoins),
            actionName: r.poolActionName ?? '',
          },
        ],
  );
}

/** The shares of a pool not yet given back, oldest first: an expired crowd goal's funding. */
export async function listPoolFunding(tx: Executor, poolId: number): Promise<FundingRow[]> {
  const rows = await tx
    .selectFrom('pool_contributions as c')
    .innerJoin('pools as p', 'p.id', 'c.pool_id')
    .select(['c.id as shareId', 'c.user_id as userId', 'c.coins', 'p.action_name as actionName'])
    .where('c.pool_id', '=', poolId)
    .where('c.refunded', '=', 0)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    kind: 'share',
    shareId: r.shareId,
    userId: r.userId,
    coins: Number(r.coins),
    actionName: r.actionName,
  }));
}
