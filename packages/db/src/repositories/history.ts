import type {
  THistoryStatusFilter,
  TLeaderboardEntry,
  TLedgerPosition,
  TPublicProfile,
  TQueueMark,
} from '@shop/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import { compiledOnce } from '../compiled-once';
import type { Executor } from '../executor';
import type { ActionHistoryRow, Database } from '../schema';

const toSuccess = (value: number | null): boolean | null => (value === null ? null : value === 1);
const iso = (millis: number) => new Date(Number(millis)).toISOString();

export async function insertHistory(
  tx: Executor,
  values: {
    userId: number;
    actionId: number;
    actionName: string;
    cost: number;
    target: string | null;
    isTest: boolean;
    requestId?: string | null;
    balanceAfter?: number | null;
    /** The ledger row of the debit, so the viewer's ledger can show this trigger's delivery state. */
    transactionId?: number | null;
    now: number;
  },
): Promise<number> {
  const result = await insertHistoryRow(
    tx,
    values.userId,
    values.actionId,
    values.actionName,
    values.cost,
    values.target,
    values.isTest ? 1 : 0,
    values.requestId ?? null,
    values.balanceAfter ?? null,
    values.transactionId ?? null,
    values.now,
  );
  if (result.insertId === undefined) throw new Error('the history row was not written');
  return Number(result.insertId);
}

// Every trigger writes one: built once (compiled-once.ts).
const insertHistoryRow = compiledOnce(
  10,
  (
    tx,
    userId: number,
    actionId: number,
    actionName: string,
    cost: number,
    target: string | null,
    isTest: number,
    requestId: string | null,
    balanceAfter: number | null,
    transactionId: number | null,
    at: number,
  ) =>
    tx.insertInto('action_history').values({
      user_id: userId,
      action_id: actionId,
      action_name: actionName,
      cost,
      target,
      is_test: isTest,
      success: null,
      refunded: 0,
      request_id: requestId,
      balance_after: balanceAfter,
      transaction_id: transactionId,
      created_at: at,
    }),
);

/** The viewer's earlier trigger with this idempotency key, if any. */
export async function findHistoryByRequestId(
  db: Executor,
  userId: number,
  requestId: string,
): Promise<ActionHistoryRow | undefined> {
  return db
    .selectFrom('action_history')
    .selectAll()
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function findHistory(db: Executor, id: number): Promise<ActionHistoryRow | undefined> {
  return db.selectFrom('action_history').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setHistorySuccess(db: Executor, id: number, success: boolean | null): Promise<void> {
  await db
    .updateTable('action_history')
    .set({ success: success === null ? null : success ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/**
 * Settles a trigger's outcome once: only a trigger still pending (success NULL) is marked, so the
 * worker that wins announces (and, on failure, refunds) it and every later call is a no-op.
 */
export async function settleHistory(tx: Executor, id: number, success: boolean): Promise<boolean> {
  const result = await settleOpenHistory(tx, success ? 1 : 0, id);
  return Number(result.numAffectedRows ?? 0) === 1;
}

// Once per delivered trigger: built once (compiled-once.ts).
const settleOpenHistory = compiledOnce(2, (tx, success: number, id: number) =>
  tx.updateTable('action_history').set({ success }).where('id', '=', id).where('success', 'is', null),
);

/** Flips refunded once; false when it was already refunded (or is a test), so a refund happens once. */
export async function markHistoryRefunded(tx: Executor, id: number): Promise<boolean> {
  const result = await tx
    .updateTable('action_history')
    .set({ refunded: 1 })
    .where('id', '=', id)
    .where('refunded', '=', 0)
    .where('is_test', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Supporter totals move with the ledger, inside the same transaction. */
export async function adjustSupporterTotals(tx: Executor, userId: number, actions: number, coins: number) {
  await addToSupporterTotals(tx, actions, coins, userId);
}

const addToSupporterTotals = compiledOnce(3, (tx, actions: number, coins: number, userId: number) =>
  tx
    .updateTable('users')
    .set({
      action_count: sql`action_count + ${actions}`,
      coins_spent: sql`coins_spent + ${coins}`,
    })
    .where('id', '=', userId),
);

/** MySQL answers aggregates as text; both dialects may answer null for no rows. */
type Count = number | string | bigint | null;

/** A trigger's own deliveries (resends left out), summed up for its delivery state (toHistoryRecord). */
export interface DeliverySummary {
  delivery_attempts: Count;
  delivery_retrying: Count;
}

/** A trigger with who made it and its deliveries' summary: toHistoryRecord makes the admin's view of it. */
export type HistoryWithDeliveries = ActionHistoryRow & { username: string | null } & DeliverySummary;

/** The trigger behind an 'action' ledger row and its deliveries' summary (toTransactionDelivery). */
export type TriggerDeliveries = Pick<
  ActionHistoryRow,
  'id' | 'refunded' | 'is_test' | 'success' | 'queue_state' | 'effect_state'
> &
  DeliverySummary;

/** Two correlated subqueries over deliveries_history: the most attempts and whether a failed try awaits a retry. */
const deliverySummary = (eb: ExpressionBuilder<Database, 'action_history'>) => [
  eb
    .selectFrom('deliveries')
    .select((d) => d.fn.max('deliveries.attempts').as('n'))
    .whereRef('deliveries.history_id', '=', 'action_history.id')
    .where('deliveries.is_resend', '=', 0)
    .as('delivery_attempts'),
  eb
    .selectFrom('deliveries')
    .select((d) => d.fn.countAll().as('n'))
    .whereRef('deliveries.history_id', '=', 'action_history.id')
    .where('deliveries.is_resend', '=', 0)
    .where('deliveries.status', 'in', ['queued', 'in_flight'])
    .where('deliveries.attempts', '>', 0)
    .as('delivery_retrying'),
];

function historyWithUser(db: Executor) {
  return db
    .selectFrom('action_history')
    .leftJoin('users', 'users.id', 'action_history.user_id')
    .selectAll('action_history')
    .select('users.username')
    .select(deliverySummary);
}

/** The trigger behind each of these 'action' ledger rows, keyed by the ledger row's id. */
export async function triggersOfTransactions(
  db: Executor,
  transactionIds: readonly number[],
): Promise<Map<number, TriggerDeliveries>> {
  const found = new Map<number, TriggerDeliveries>();
  if (transactionIds.length === 0) return found;
  const rows = await db
    .selectFrom('action_history')
    .select(['id', 'transaction_id', 'refunded', 'is_test', 'success', 'queue_state', 'effect_state'])
    .select(deliverySummary)
    .where('transaction_id', 'in', [...transactionIds])
    .execute();
  for (const { transaction_id, ...trigger } of rows) {
    if (transaction_id !== null) found.set(Number(transaction_id), trigger);
  }
  return found;
}

/** One trigger with who made it and its deliveries' summary, or undefined. */
export async function findHistoryWithDeliveries(db: Executor, id: number): Promise<HistoryWithDeliveries | undefined> {
  return historyWithUser(db).where('action_history.id', '=', id).executeTakeFirst();
}

export interface HistoryFilter {
  userId?: number | undefined;
  /** Exact login name, in any case (matched on username_key). */
  username?: string | undefined;
  /** Part of the action's name, in any case. */
  actionName?: string | undefined;
  /** historyStatus's five states, as SQL over the same flags. */
  status?: THistoryStatusFilter | undefined;
}

/**
 * `%`, `_` and the escape itself taken literally inside LIKE. The escape is '!', not a backslash:
 * MySQL reads a backslash inside a string literal as an escape of its own, SQLite does not.
 */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * The admin history, newest first, a page at a time after `before` (keyset paging on
 * (created_at, id), so a page is an index walk however long the history is).
 */
export async function listHistoryPage(
  db: Executor,
  options: HistoryFilter & { limit: number; before: TLedgerPosition | null },
): Promise<{ rows: HistoryWithDeliveries[]; last: TLedgerPosition | null; hasMore: boolean }> {
  let query = historyWithUser(db);
  if (options.userId !== undefined) query = query.where('action_history.user_id', '=', options.userId);
  if (options.username !== undefined) query = query.where('users.username_key', '=', options.username.toLowerCase());
  if (options.actionName !== undefined) {
    const pattern = likeContains(options.actionName);
    query = query.where(sql<boolean>`lower(action_history.action_name) like ${pattern} escape '!'`);
  }
  switch (options.status) {
    case 'refunded':
      query = query.where('action_history.refunded', '=', 1);
      break;
    case 'test':
      query = query.where('action_history.refunded', '=', 0).where('action_history.is_test', '=', 1);
      break;
    case 'success':
    case 'failed':
    case 'pending': {
      const base = query.where('action_history.refunded', '=', 0).where('action_history.is_test', '=', 0);
      query =
        options.status === 'pending'
          ? base.where('action_history.success', 'is', null)
          : base.where('action_history.success', '=', options.status === 'success' ? 1 : 0);
      break;
    }
  }
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('action_history.created_at', '<', before.createdAt),
        eb.and([eb('action_history.created_at', '=', before.createdAt), eb('action_history.id', '<', before.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('action_history.created_at', 'desc')
    .orderBy('action_history.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const tail = page.at(-1);
  return {
    rows: page,
    last: tail ? { createdAt: Number(tail.created_at), id: tail.id } : null,
    hasMore: rows.length > options.limit,
  };
}

/** Top supporters by coins spent on actions; an index read on users, whatever the history size. */
export async function leaderboard(db: Executor, limit: number): Promise<TLeaderboardEntry[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'profile_picture', 'action_count', 'coins_spent'])
    .where('coins_spent', '>', 0)
    // All descending so both dialects walk the (coins_spent, action_count) index backwards and stop
    // after `limit` rows; a mixed direction would sort every supporter first.
    .orderBy('coins_spent', 'desc')
    .orderBy('action_count', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    displayName: r.display_name || null,
    profilePicture: r.profile_picture,
    actionCount: Number(r.action_count),
    totalCost: Number(r.coins_spent),
  }));
}

export async function publicProfile(db: Executor, userId: number, historyLimit = 20): Promise<TPublicProfile | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'profile_picture', 'created_at', 'action_count'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const history = await db
    .selectFrom('action_history')
    .select(['id', 'action_name', 'created_at', 'cost', 'success', 'refunded'])
    .where('user_id', '=', userId)
    .where('is_test', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(historyLimit)
    .execute();
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    profilePicture: user.profile_picture,
    createdAt: iso(user.created_at),
    actionCount: Number(user.action_count),
    actionHistory: history.map((h) => ({
      id: h.id,
      actionName: h.action_name,
      timestamp: iso(h.created_at),
      cost: h.cost,
      success: toSuccess(h.success),
      refunded: h.refunded === 1,
    })),
  };
}

/**
 * The latest triggers and settled tests with who made them, oldest first (toFeedEvent: what /ws
 * broadcast). A trigger that awaited approval was announced only once approved: one still waiting,
 * rejected or expired never was.
 */
export async function recentFeedRows(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('action_history')
    .innerJoin('users', 'users.id', 'action_history.user_id')
    .select([
      'action_history.action_name',
      'action_history.cost',
      'action_history.is_test',
      'action_history.success',
      'action_history.created_at',
      'users.username',
      'users.display_name',
    ])
    .where((eb) => eb.or([eb('action_history.is_test', '=', 0), eb('action_history.success', 'is not', null)]))
    .where((eb) =>
      eb.or([
        eb('action_history.queue_state', 'is', null),
        eb('action_history.queue_state', 'not in', ['awaiting_approval', 'rejected', 'expired']),
      ]),
    )
    .orderBy('action_history.created_at', 'desc')
    .orderBy('action_history.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** A trigger as a reconnecting viewer's socket is told about it (receipt-resume). */
export interface ResumedTrigger {
  id: number;
  actionName: string;
  cost: number;
  success: number | null;
  refunded: number;
  /** The streamer's mark (rejected, skipped, ...), if any. */
  mark: TQueueMark | null;
  /** The most tries any of its own deliveries made so far. */
  attempts: number;
}

/**
 * A viewer's triggers made since `fromMs`, newest first (at most `limit`): what a socket that was
 * away (its process died, the network dropped) needs to learn how they ended. Tests are left out:
 * they have no paying viewer.
 */
export async function listTriggersSince(
  db: Executor,
  userId: number,
  fromMs: number,
  limit: number,
): Promise<ResumedTrigger[]> {
  const rows = await db
    .selectFrom('action_history')
    .select((eb) => [
      'action_history.id',
      'action_history.action_name',
      'action_history.cost',
      'action_history.success',
      'action_history.refunded',
      'action_history.queue_state',
      eb
        .selectFrom('deliveries')
        .select((inner) => inner.fn.max('deliveries.attempts').as('m'))
        .whereRef('deliveries.history_id', '=', 'action_history.id')
        .where('deliveries.is_resend', '=', 0)
        .as('attempts'),
    ])
    .where('action_history.user_id', '=', userId)
    .where('action_history.created_at', '>=', fromMs)
    .where('action_history.is_test', '=', 0)
    .orderBy('action_history.created_at', 'desc')
    .orderBy('action_history.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actionName: r.action_name,
    cost: Number(r.cost),
    success: r.success,
    refunded: r.refunded,
    mark: r.queue_state,
    attempts: Number(r.attempts ?? 0),
  }));
}
