import {
  type ActionHistoryRow,
  adjustSupporterTotals,
  closePool,
  debit,
  type Executor,
  findContributionByRequest,
  findOpenPool,
  findPoolWithContributors,
  findUserById,
  type InsertedLease,
  insertContribution,
  insertDelivery,
  insertPool,
  lastContributionId,
  lockPooledAction,
  type PoolWithContributors,
  raisePool,
  type StreamActionRow,
  type UserRow,
  type WebhookEndpointRow,
  writeHistory,
} from '@shop/db';
import {
  AppError,
  contributionTaken,
  INSUFFICIENT_COINS,
  POOL_NOT_FOUND,
  type TPoolContribute,
  type TPoolContributeOut,
} from '@shop/domain';
import { commandFor, targetsFor } from '../../delivery/targets';
import { idempotent } from '../../idempotency/idempotent';
import type { TriggerDeps } from '../../trigger/trigger';
import { fireCommitted } from './fire';
import { broadcastProgress, toPoolOut } from './progress';
import { expireInTransaction } from './sweep';

/** What a contribution uses: all of a trigger's, since the last one fires the action. */
export type ContributeDeps = TriggerDeps;

interface Written {
  coins: number;
  balance: number;
  /** The pool as this contribution left it, and a stale one it expired on the way. */
  pool: PoolWithContributors;
  expired: PoolWithContributors | undefined;
  fired: {
    history: ActionHistoryRow;
    action: StreamActionRow;
    command: string;
    deliveryIds: number[];
    held: boolean;
  } | null;
}

/**
 * One transaction: the action's row lock (the pool's mutex), a stale pool expired, the pool opened
 * if none is, the debit of what the goal still misses at most, the contribution (unique per request
 * id), and, when it completes the goal, the trigger with one delivery per endpoint and the pool's
 * flip to fired. After the commit the worker gets the trigger and everyone hears the progress.
 */
export async function contributeToPool(
  services: ContributeDeps,
  user: UserRow,
  input: TPoolContribute,
): Promise<TPoolContributeOut> {
  const { db } = services;
  return idempotent(services, {
    // Kept with the contribution in its transaction: a replay answers this reply, not the pool as it is by then.
    key: { userId: user.id, command: 'contribute', requestId: input.requestId },
    findEarlier: () => findContributionByRequest(db.kysely, user.id, input.requestId),
    assertSameCommand: ({ pool }) => {
      if (pool.action_id !== input.actionId) {
        throw new AppError('CONFLICT', 'This requestId was already used for another crowd goal');
      }
    },
    rebuild: (earlier) => rebuild(services, earlier),
    twinCodes: ['INSUFFICIENT_COINS'],
    prepare: async () => {
      const cached = await services.catalog.action(input.actionId);
      if (cached?.active !== 1) throw new AppError('NOT_FOUND', 'Action not found');
      const endpoints = await poolTargets(services, cached);
      return { endpoints, lease: services.deliveryWorker.leaseFor(endpoints.map((e) => e.id)) };
    },
    write: (tx, targets) => writeContribution(services, tx, user, input, targets),
    reply: replyOf,
    afterCommit: (written, { endpoints, lease }) => {
      broadcastProgress(services.realtime, [written.expired, written.pool]);
      if (written.fired) fireCommitted(services, { user, endpoints, lease, ...written.fired });
    },
  });
}

async function writeContribution(
  services: ContributeDeps,
  tx: Executor,
  user: UserRow,
  input: TPoolContribute,
  { endpoints, lease }: { endpoints: WebhookEndpointRow[]; lease: InsertedLease | null },
): Promise<Written> {
  const at = services.now();
  const { queueHeld } = await services.shopStatus.assertOpen(tx);
  const action = await lockPooledAction(tx, input.actionId);
  if (action?.active !== 1) throw new AppError('NOT_FOUND', 'Action not found');
  const goal = action.pool_goal;
  if (goal === null) throw new AppError('NOT_FOUND', POOL_NOT_FOUND);
  let pool = await findOpenPool(tx, action.id);
  let expiredId: number | null = null;
  if (pool && Number(pool.ends_at) <= at) {
    // Its window ended and no sweep has closed it yet: close it here, and open a fresh one.
    expiredId = await expireInTransaction(tx, pool.id, at);
    pool = undefined;
  }
  const poolId =
    pool?.id ??
    (await insertPool(tx, {
      actionId: action.id,
      actionName: action.name,
      goal,
      now: at,
      endsAt: at + action.pool_window_seconds * 1000,
    }));
  const poolGoal = pool ? Number(pool.goal) : goal;
  const raised = pool ? Number(pool.raised) : 0;
  const coins = contributionTaken(input.coins, poolGoal, raised);
  const debited = await debit(tx, {
    userId: user.id,
    amount: coins,
    type: 'pool_contribution',
    description: `Crowd goal: ${action.name}`,
    now: at,
  });
  if (debited === null) throw new AppError('INSUFFICIENT_COINS', INSUFFICIENT_COINS);
  await adjustSupporterTotals(tx, user.id, 0, coins);
  const balance = Number((await findUserById(tx, user.id))?.coin_balance ?? 0);
  await insertContribution(tx, {
    poolId,
    userId: user.id,
    coins,
    requestId: input.requestId,
    transactionId: debited,
    balanceAfter: balance,
    now: at,
  });
  if (!(await raisePool(tx, poolId, coins))) throw new Error('the pool changed under its lock');
  const fired =
    raised + coins === poolGoal
      ? await fireInTransaction(tx, { user, action, poolId, goal: poolGoal, endpoints, at, lease, queueHeld })
      : null;
  const after = await findPoolWithContributors(tx, poolId);
  if (!after) throw new Error('the pool was not written');
  const expired = expiredId === null ? undefined : await findPoolWithContributors(tx, expiredId);
  return { coins, balance, pool: after, expired, fired };
}

/** What the contributor is told: what was taken, and the pool as this contribution left it. */
function replyOf(written: Written): TPoolContributeOut {
  return {
    status: 'success',
    message: written.fired ? GOAL_REACHED_MESSAGE : COINS_IN_MESSAGE,
    coins: written.coins,
    balance: written.balance,
    pool: { ...toPoolOut(written.pool), state: written.pool.state },
    historyId: written.fired?.history.id ?? null,
  };
}

const GOAL_REACHED_MESSAGE = 'The crowd goal is reached: the action goes out now.';
const COINS_IN_MESSAGE = 'Your coins are in.';

/**
 * The active endpoints that take the action; refused before any coin moves when there are none, or
 * when it is not a crowd goal (an ordinary action is triggered alone).
 */
async function poolTargets(services: ContributeDeps, action: StreamActionRow): Promise<WebhookEndpointRow[]> {
  if (action.pool_goal == null) throw new AppError('NOT_FOUND', POOL_NOT_FOUND);
  return targetsFor(services, action, true);
}

/** The goal is reached: the trigger, one delivery per endpoint and the pool's flip, all in this transaction. */
async function fireInTransaction(
  tx: Executor,
  fire: {
    user: UserRow;
    action: StreamActionRow;
    poolId: number;
    goal: number;
    endpoints: WebhookEndpointRow[];
    at: number;
    lease: InsertedLease | null;
    queueHeld: boolean;
  },
): Promise<NonNullable<Written['fired']>> {
  const { user, action, at } = fire;
  const command = commandFor(user, action, null);
  // The viewer whose coins completed it is the trigger's viewer; the cost is the whole goal, paid by
  // the contributions (so no ledger row of its own: transaction_id stays null).
  const history = await writeHistory(tx, {
    user_id: user.id,
    action_id: action.id,
    action_name: action.name,
    cost: fire.goal,
    created_at: at,
  });
  const id = history.id;
  if (!(await closePool(tx, fire.poolId, { state: 'fired', historyId: id }))) {
    throw new Error('the pool was closed under its lock');
  }
  const deliveryIds: number[] = [];
  for (const endpoint of fire.endpoints) {
    deliveryIds.push(
      await insertDelivery(tx, {
        historyId: id,
        endpointId: endpoint.id,
        command,
        now: at,
        lease: fire.queueHeld ? null : fire.lease,
      }),
    );
  }
  return { history, action, command, deliveryIds, held: fire.queueHeld };
}

/** A contribution written before first replies were kept: rebuilt from the rows, the pool as it is now. */
async function rebuild(
  services: Pick<ContributeDeps, 'db'>,
  earlier: NonNullable<Awaited<ReturnType<typeof findContributionByRequest>>>,
): Promise<TPoolContributeOut> {
  const { contribution, pool } = earlier;
  const now = await findPoolWithContributors(services.db.kysely, pool.id);
  if (!now) throw new AppError('NOT_FOUND', POOL_NOT_FOUND);
  const completed =
    pool.state === 'fired' && (await lastContributionId(services.db.kysely, pool.id)) === contribution.id;
  return {
    status: 'success',
    message: completed ? GOAL_REACHED_MESSAGE : COINS_IN_MESSAGE,
    coins: Number(contribution.coins),
    balance: Number(contribution.balance_after),
    pool: { ...toPoolOut(now), state: now.state },
    historyId: completed ? pool.history_id : null,
  };
}
