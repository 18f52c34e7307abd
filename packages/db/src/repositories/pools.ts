import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../executor';
import type { Database, PoolContributionRow, PoolRow, StreamActionRow } from '../schema';

// Crowd goals (viewer-spec section 12). The caller owns the transaction; on MySQL the locking reads below are
// what serialise contributions to one action across processes (SQLite has one writer).

/**
 * The action, locked: its row is the mutex of its pool, so two contributions never both open one,
 * and every writer takes the action first, then the pool, then viewers' rows (no lock cycle).
 */
export async function lockPooledAction(tx: Executor, actionId: number): Promise<StreamActionRow | undefined> {
  const query = tx.selectFrom('stream_actions').selectAll().where('id', '=', actionId).forUpdate();
  return query.executeTakeFirst();
}

export async function findOpenPool(tx: Executor, actionId: number): Promise<PoolRow | undefined> {
  const query = tx.selectFrom('pools').selectAll().where('open_action_id', '=', actionId).forUpdate();
  return query.executeTakeFirst();
}

export async function lockPool(tx: Executor, poolId: number): Promise<PoolRow | undefined> {
  const query = tx.selectFrom('pools').selectAll().where('id', '=', poolId).forUpdate();
  return query.executeTakeFirst();
}

/** Opens the action's pool; a second open pool of one action fails on the unique open_action_id. */
export async function insertPool(
  tx: Executor,
  values: { actionId: number; actionName: string; goal: number; now: number; endsAt: number },
): Promise<number> {
  const result = await tx
    .insertInto('pools')
    .values({
      action_id: values.actionId,
      action_name: values.actionName,
      goal: values.goal,
      raised: 0,
      opened_at: values.now,
      ends_at: values.endsAt,
      state: 'open',
      open_action_id: values.actionId,
      history_id: null,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Adds coins to an open pool, never past its goal (the caller took at most what was missing). */
export async function raisePool(tx: Executor, poolId: number, coins: number): Promise<boolean> {
  const result = await tx
    .updateTable('pools')
    .set({ raised: sql`raised + ${coins}` })
    .where('id', '=', poolId)
    .where('state', '=', 'open')
    .where(sql<boolean>`raised + ${coins} <= goal`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes an open pool once: the conditional flip is what makes it fire or expire exactly once. */
export async function closePool(
  tx: Executor,
  poolId: number,
  end: { state: 'fired'; historyId: number } | { state: 'expired' },
): Promise<boolean> {
  const result = await tx
    .updateTable('pools')
    .set({ state: end.state, open_action_id: null, history_id: end.state === 'fired' ? end.historyId : null })
    .where('id', '=', poolId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertContribution(
  tx: Executor,
  values: {
    poolId: number;
    userId: number;
    coins: number;
    requestId: string;
    transactionId: number;
    balanceAfter: number;
    now: number;
  },
): Promise<number> {
  const result = await tx
    .insertInto('pool_contributions')
    .values({
      pool_id: values.poolId,
      user_id: values.userId,
      coins: values.coins,
      request_id: values.requestId,
      transaction_id: values.transactionId,
      balance_after: values.balanceAfter,
      refunded: 0,
      created_at: values.now,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** The viewer's earlier contribution with this idempotency key, and its pool. */
export async function findContributionByRequest(
  db: Executor,
  userId: number,
  requestId: string,
): Promise<{ contribution: PoolContributionRow; pool: PoolRow } | undefined> {
  const contribution = await db
    .selectFrom('pool_contributions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!contribution) return undefined;
  const pool = await db.selectFrom('pools').selectAll().where('id', '=', contribution.pool_id).executeTakeFirst();
  return pool ? { contribution, pool } : undefined;
}

/** The contribution that completed a fired pool: its last one. */
export async function lastContributionId(db: Executor, poolId: number): Promise<number | null> {
  const row = await db
    .selectFrom('pool_contributions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('pool_id', '=', poolId)
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** Contributions not yet given back, oldest first. */
export async function listUnrefundedContributions(tx: Executor, poolId: number): Promise<PoolContributionRow[]> {
  return tx
    .selectFrom('pool_contributions')
    .selectAll()
    .where('pool_id', '=', poolId)
    .where('refunded', '=', 0)
    .orderBy('id')
    .execute();
}

/** Flips refunded once; false when it already was (the ledger's unique reference backs this up). */
export async function markContributionRefunded(tx: Executor, id: number): Promise<boolean> {
  const result = await tx
    .updateTable('pool_contributions')
    .set({ refunded: 1 })
    .where('id', '=', id)
    .where('refunded', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPoolByHistory(tx: Executor, historyId: number): Promise<PoolRow | undefined> {
  return tx.selectFrom('pools').selectAll().where('history_id', '=', historyId).executeTakeFirst();
}

/** Open pools whose window has ended, oldest first: the sweep expires them. */
export async function findDuePools(db: Executor, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pools')
    .select('id')
    .where('state', '=', 'open')
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A pool with how many viewers put coins in (MySQL answers counts as text). */
export type PoolWithContributors = PoolRow & { contributors: number };

const contributorCount = (eb: ExpressionBuilder<Database, 'pools'>) =>
  eb
    .selectFrom('pool_contributions')
    .select((c) => c.fn.count<number>('pool_contributions.user_id').distinct().as('n'))
    .whereRef('pool_contributions.pool_id', '=', 'pools.id')
    .as('contributors');

export async function findPoolWithContributors(
  db: Executor,
  poolId: number,
): Promise<PoolWithContributors | undefined> {
  const row = await db
    .selectFrom('pools')
    .selectAll()
    .select(contributorCount)
    .where('id', '=', poolId)
    .executeTakeFirst();
  return row ? { ...row, contributors: Number(row.contributors ?? 0) } : undefined;
}

/** Every open pool, soonest ending first. */
export async function listOpenPools(db: Executor): Promise<PoolWithContributors[]> {
  const rows = await db
    .selectFrom('pools')
    .selectAll()
    .select(contributorCount)
    .where('state', '=', 'open')
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, contributors: Number(r.contributors ?? 0) }));
}

/** What each viewer put into the pool that fired this trigger (their share of its refund). */
export async function poolSharesOfHistory(db: Executor, historyId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('pool_contributions as c')
    .innerJoin('pools as p', 'p.id', 'c.pool_id')
    .select((eb) => ['c.user_id', eb.fn.sum<number>('c.coins').as('coins')])
    .where('p.history_id', '=', historyId)
    .groupBy('c.user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.coins)]));
}
