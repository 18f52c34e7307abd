import {
  type ActionHistoryRow,
  adjustSupporterTotals,
  debit,
  type Executor,
  findHistoryByRequestId,
  findUserById,
  type InsertedLease,
  insertDelivery,
  lastUserTrigger,
  listDeliveries,
  type StreamActionRow,
  startGlobalCooldown,
  type UserRow,
  type WebhookEndpointRow,
  writeHistory,
} from '@shop/db';
import {
  AppError,
  cooldownEndsAt,
  cooldownMessage,
  INSUFFICIENT_COINS,
  isTimedEffect,
  needsTarget,
  POOLED_ACTION_MESSAGE,
  planTrigger,
  SELECT_PLAYER_MESSAGE,
  secondsLeft,
  type TriggerPlanGo,
  type TTargetType,
  type TTriggerState,
  triggerAcceptedMessage,
  triggerStateOf,
} from '@shop/domain';
import type { CatalogCache } from '../delivery/catalog-cache';
import { type ReceiptDeps, sendReceipt } from '../delivery/receipts';
import { commandFor, type RoutingDeps, targetsFor } from '../delivery/targets';
import type { DeliveryWorker } from '../delivery/worker';
import { type SaleDeps, sell } from '../economy/sale';
import { extendRunningEffect, readRunningEffect } from '../effects/extend';
import { idempotent } from '../idempotency/idempotent';
import type { ShopStatusService } from '../live/shop-status';
import { RateLimitedError } from '../rate-limit';

/** What a trigger uses; the worker is read per call, so a test can swap it. */
export interface TriggerDeps extends Omit<RoutingDeps, 'stream'>, Pick<ReceiptDeps, 'realtime' | 'now'> {
  stream: RoutingDeps['stream'] & SaleDeps['stream'];
  catalog: Pick<CatalogCache, 'action' | 'activeEndpoints' | 'current'>;
  shopStatus: Pick<ShopStatusService, 'assertOpen'>;
  deliveryWorker: Pick<DeliveryWorker, 'leaseFor' | 'takeCommitted' | 'wake'>;
  /** The control room hears of every trigger: admins' queue, and the viewer's place in line. */
  controlRoom: { notifier: { changed(historyIds: readonly number[], lines?: boolean): void } };
}

export interface TriggerResult {
  status: 'success';
  message: string;
  historyId: number;
  balance: number;
  deliveries: number;
  state: TTriggerState;
}

interface TriggerInput {
  actionId: number;
  targetSteamId?: string | null | undefined;
  requestId?: string | undefined;
  expectedCost?: number | undefined;
}

/** What a trigger checks and reads before its transaction. */
interface Prepared {
  action: StreamActionRow;
  target: string | null;
  endpoints: WebhookEndpointRow[];
  command: string;
  stopCommand: string | null;
  /** Born leased to this process's worker when it can take them now: sent right after the commit. */
  lease: InsertedLease | null;
}

/** What the transaction wrote, and the plan it carried out. */
interface Written {
  plan: TriggerPlanGo;
  /** The row as written: the worker's receipts and settlement need no read of it. */
  history: ActionHistoryRow;
  deliveryIds: number[];
}

/**
 * One DB transaction: the debit (conditional, so concurrent triggers cannot overdraw), the ledger
 * row, the history record, the supporter totals and one queued delivery per matching target.
 * Delivery itself happens in the worker; an admin's test goes around all of this (test-action.ts).
 * Read, plan (planTrigger decides), write the plan, hand over.
 */
export async function triggerAction(services: TriggerDeps, user: UserRow, input: TriggerInput): Promise<TriggerResult> {
  const requestId = input.requestId ?? null;
  return idempotent(services, {
    // What the viewer is told, kept with the trigger in its transaction when it has a requestId: a
    // replay answers exactly this, however far the trigger has moved on since.
    key: requestId ? { userId: user.id, command: 'trigger', requestId } : null,
    findEarlier: () => findHistoryByRequestId(services.db.kysely, user.id, requestId ?? ''),
    assertSameCommand: (earlier) => {
      if (earlier.action_id !== input.actionId) {
        throw new AppError('CONFLICT', 'This requestId was already used for another action');
      }
    },
    rebuild: (earlier) => rebuild(services, earlier),
    // A refusal for coins can be the twin's doing: its debit came first. So can a cooldown: the
    // twin's trigger is what started it. And a pause that began after the first request was
    // accepted must not turn its retry into a refusal.
    twinCodes: ['INSUFFICIENT_COINS', 'TOO_MANY_REQUESTS', 'CONFLICT'],
    prepare: () => prepare(services, user, input),
    write: (tx, prepared) => write(services, tx, user, prepared, { requestId, expectedCost: input.expectedCost }),
    reply: ({ plan, history, deliveryIds }) => ({
      status: 'success',
      message: plan.message,
      historyId: history.id,
      balance: Number(history.balance_after ?? 0),
      deliveries: deliveryIds.length,
      state: plan.state,
    }),
    afterCommit: (written, prepared) => handOver(services, user, prepared, written),
  });
}

/** Refused before charging: coins taken for an action nobody can receive would only come back as a refund. */
async function prepare(services: TriggerDeps, user: UserRow, input: TriggerInput): Promise<Prepared> {
  // The action and its endpoints come from memory (catalog-cache.ts): two round trips less per trigger.
  const action = await services.catalog.action(input.actionId);
  if (action?.active !== 1) throw new AppError('NOT_FOUND', 'Action not found');
  // A crowd goal is filled by contributions (economy/pools/contribute.ts), never triggered alone.
  if (action.pool_goal !== null) throw new AppError('CONFLICT', POOLED_ACTION_MESSAGE);
  const target = input.targetSteamId?.trim() || null;
  if (needsTarget(action.target_type as TTargetType, target)) {
    throw new AppError('BAD_REQUEST', SELECT_PLAYER_MESSAGE);
  }
  const endpoints = await targetsFor(services, action, true);
  return {
    action,
    target,
    endpoints,
    command: commandFor(user, action, target),
    stopCommand: isTimedEffect(action) ? stopCommandFor(user, action, target) : null,
    lease: services.deliveryWorker.leaseFor(endpoints.map((e) => e.id)),
  };
}

/**
 * The trigger's transaction. The debit comes first: it takes the user row's exclusive lock before
 * any insert whose foreign key would take a shared one, so concurrent triggers queue up instead of
 * deadlocking on MySQL. A deadlock victim is rolled back whole and run again (transactionWithRetry),
 * so the viewer sees success or an honest refusal, never a 500.
 */
async function write(
  services: TriggerDeps,
  tx: Executor,
  user: UserRow,
  { action, target, endpoints, command, stopCommand, lease }: Prepared,
  request: { requestId: string | null; expectedCost: number | undefined },
): Promise<Written> {
  const at = services.now();
  // A paused shop refuses before the balance is looked at: 'paused' is the answer that matters
  // to a viewer short of coins too. A plain read, so the debit below still takes the first lock.
  const { queueHeld, catalogVersion } = await services.shopStatus.assertOpen(tx);
  // Stock, limits and surge lock the action's row before the debit locks the viewer's: every
  // trigger of such an action takes the two in the same order. What the sale decides comes from
  // that row; the in-memory copy only says, while it is current, that there is nothing to lock.
  const catalogCurrent = services.catalog.current(action.id, catalogVersion);
  const sale = await sell(services, tx, action, catalogCurrent, user.id, request.expectedCost, at);
  const debited = await debit(tx, {
    userId: user.id,
    amount: sale.price,
    type: 'action',
    description: `Triggered ${action.name}`,
    now: at,
  });
  if (debited === null) throw new AppError('INSUFFICIENT_COINS', INSUFFICIENT_COINS);
  // Cooldowns are checked here, after the debit took the viewer's row lock: a refusal rolls the
  // debit back (nothing charged), and two triggers racing a cooldown cannot both pass (see assertCanRun).
  await assertCanRun(tx, user.id, action, at);
  const plan = planTrigger(action, {
    now: at,
    userId: user.id,
    target,
    requestId: request.requestId,
    queueHeld,
    price: sale.price,
    tookStock: sale.tookStock,
    stopCommand,
    running: await readRunningEffect(tx, action),
  });
  // A second trigger while the effect runs, refused: the debit rolls back.
  if (plan.refused !== null) throw new AppError('CONFLICT', plan.refused);
  await adjustSupporterTotals(tx, user.id, 1, sale.price);
  const balanceAfter = Number((await findUserById(tx, user.id))?.coin_balance ?? 0);
  const endsAt = plan.extend ? await extendRunningEffect(tx, plan.extend) : null;
  // With a requestId this insert is the idempotency check: the unique (user_id, request_id) key
  // lets exactly one of two simultaneous requests commit, on any number of processes.
  const history = await writeHistory(tx, {
    ...plan.row,
    balance_after: balanceAfter,
    transaction_id: debited,
    ends_at: endsAt,
  });
  const born = plan.deliveries;
  const deliveryIds: number[] = [];
  for (const endpoint of born ? endpoints : []) {
    deliveryIds.push(
      await insertDelivery(tx, {
        historyId: history.id,
        endpointId: endpoint.id,
        command,
        now: at,
        lease: born?.leased ? lease : null,
        waiting: born?.waiting ?? false,
      }),
    );
  }
  return { plan, history, deliveryIds };
}

/** After the commit: the feed, the viewer's receipt, the control room, and the worker. */
function handOver(services: TriggerDeps, user: UserRow, prepared: Prepared, written: Written): void {
  const { plan, history, deliveryIds } = written;
  if (plan.announce) {
    services.realtime.broadcast({
      type: 'action_triggered',
      action: { name: history.action_name, cost: history.cost },
      user: { username: user.username, displayName: user.display_name || null },
      timestamp: new Date(services.now()).toISOString(),
      success: true,
    });
  }
  sendReceipt(services, history, {
    status: plan.state,
    attempt: 0,
    approvalExpiresAt: history.approval_expires_at,
    ...(plan.extend && { endsAt: history.ends_at }),
  });
  services.controlRoom.notifier.changed([history.id], plan.movesLines);
  if (plan.handOver === 'send') {
    // Straight to this process's worker; polling only picks up what a crash or another process left.
    const { action, command, lease, endpoints } = prepared;
    services.deliveryWorker.takeCommitted({
      history,
      user,
      action,
      command,
      lease,
      deliveries: endpoints.map((endpoint, i) => ({ id: deliveryIdAt(deliveryIds, i), endpoint })),
    });
  } else if (plan.handOver === 'wake') {
    // Its group may be free: the worker's next pass gives it its turn.
    services.deliveryWorker.wake();
  }
}

/** The stop command of a timed effect, rendered with the trigger's placeholders as its start is. */
function stopCommandFor(user: UserRow, action: StreamActionRow, target: string | null): string {
  return commandFor(user, { ...action, webhook_action: action.stop_command ?? '' }, target);
}

function deliveryIdAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error('a delivery id for every endpoint');
  return id;
}

/** A 429 that says, and sends as Retry-After, when the action can run again. */
class CooldownError extends RateLimitedError {
  constructor(seconds: number) {
    super(seconds);
    this.message = cooldownMessage(seconds);
  }
}

/**
 * The action's cooldowns, inside the trigger transaction. Global: one conditional UPDATE of the
 * action's last_triggered_at, so of two racing triggers exactly one passes (the other's UPDATE runs
 * after the first commits and matches nothing). Per viewer: the viewer's latest trigger of it, read
 * while this transaction holds the viewer's row lock (the debit), so the viewer's own triggers are
 * serialised. Skipped entirely for actions without cooldowns: no extra write on the hot path.
 */
async function assertCanRun(tx: Executor, userId: number, action: StreamActionRow, at: number): Promise<void> {
  if (action.user_cooldown_seconds > 0) {
    const last = await lastUserTrigger(tx, userId, action.id);
    const ends = cooldownEndsAt(last, action.user_cooldown_seconds, at);
    if (ends !== null) throw new CooldownError(secondsLeft(ends, at));
  }
  if (action.cooldown_seconds > 0) {
    const ends = await startGlobalCooldown(tx, action.id, at);
    if (ends !== null) throw new CooldownError(secondsLeft(ends, at));
  }
}

/** A trigger written before first replies were kept: its answer rebuilt from the rows, as near as they still tell it. */
async function rebuild(services: Pick<RoutingDeps, 'db'>, earlier: ActionHistoryRow): Promise<TriggerResult> {
  const deliveries = (await listDeliveries(services.db.kysely, earlier.id)).filter((d) => d.is_resend !== 1);
  const state = triggerStateOf({
    refunded: earlier.refunded === 1,
    success: earlier.success === null ? null : earlier.success === 1,
    mark: earlier.queue_state,
    queueHeld: false,
    inFlight: deliveries.filter((d) => d.status === 'in_flight').length,
    retrying: deliveries.filter((d) => d.status === 'queued' && d.attempts > 0).length,
  });
  return {
    status: 'success',
    message: triggerAcceptedMessage(state),
    historyId: earlier.id,
    balance: Number(earlier.balance_after ?? 0),
    deliveries: deliveries.length,
    state,
  };
}
