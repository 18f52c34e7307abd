import {
  type ActionHistoryRow,
  adjustSupporterTotals,
  debit,
  type Executor,
  extendEffect,
  findHistoryByRequestId,
  findRunningEffect,
  findUserById,
  insertDelivery,
  insertHistory,
  isUniqueViolation,
  lastUserTrigger,
  listDeliveries,
  lockEffect,
  markExtension,
  markQueued,
  markStockTaken,
  markTimed,
  type StreamActionRow,
  startGlobalCooldown,
  type UserRow,
} from '@shop/db';
import {
  AppError,
  alreadyRunningMessage,
  cooldownEndsAt,
  cooldownMessage,
  EFFECT_ENDING_MESSAGE,
  extendVerdict,
  INSUFFICIENT_COINS,
  needsTarget,
  POOLED_ACTION_MESSAGE,
  SELECT_PLAYER_MESSAGE,
  secondsLeft,
  type TTargetType,
  type TTriggerState,
  triggerStateOf,
} from '@shop/domain';
import type { CatalogCache } from '../delivery/catalog-cache';
import { type ReceiptDeps, sendReceipt } from '../delivery/receipts';
import { commandFor, type RoutingDeps, targetsFor } from '../delivery/targets';
import type { DeliveryWorker } from '../delivery/worker';
import { type SaleDeps, sell } from '../economy/sale';
import { firstReply, transactionKeepingReply } from '../idempotency/first-replies';
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

/**
 * One DB transaction: the debit (conditional, so concurrent triggers cannot overdraw), the ledger
 * row, the history record, the supporter totals and one queued delivery per matching target.
 * Delivery itself happens in the worker; an admin's test goes around all of this (test-action.ts).
 */
export async function triggerAction(
  services: TriggerDeps,
  user: UserRow,
  input: {
    actionId: number;
    targetSteamId?: string | null | undefined;
    requestId?: string | undefined;
    expectedCost?: number | undefined;
  },
): Promise<TriggerResult> {
  const { db, now } = services;
  const requestId = input.requestId ?? null;
  if (requestId) {
    const earlier = await findHistoryByRequestId(db.kysely, user.id, requestId);
    if (earlier) return replay(services, earlier, input.actionId);
  }
  // The action and its endpoints come from memory (catalog-cache.ts): two round trips less per trigger.
  const action = await services.catalog.action(input.actionId);
  if (action?.active !== 1) throw new AppError('NOT_FOUND', 'Action not found');
  // A crowd goal is filled by contributions (pools/contribute.ts), never triggered alone.
  if (action.pool_goal !== null) throw new AppError('CONFLICT', POOLED_ACTION_MESSAGE);
  const target = input.targetSteamId?.trim() || null;
  if (needsTarget(action.target_type as TTargetType, target)) {
    throw new AppError('BAD_REQUEST', SELECT_PLAYER_MESSAGE);
  }
  // Refused before charging: coins taken for an action nobody can receive would only come back as a refund.
  const endpoints = await targetsFor(services, action, true);
  const command = commandFor(user, action, target);

  // The debit comes first: it takes the user row's exclusive lock before any insert whose foreign
  // key would take a shared one, so concurrent triggers queue up instead of deadlocking on MySQL.
  // A deadlock victim is rolled back whole and run again (transactionWithRetry), so the viewer sees
  // success or an honest refusal, never a 500.
  // Born leased to this process's worker when it can take them now: sent right after the commit.
  const lease = services.deliveryWorker.leaseFor(endpoints.map((e) => e.id));
  // A timed effect holds a queue group while it runs: its own, or one of its action's alone, so a
  // second trigger of it waits for the first to end (stackMode 'queue').
  const timed = action.duration_seconds > 0;
  const queueGroup = action.queue_group ?? (timed ? `effect:${action.id}` : null);
  const stopCommand = timed ? stopCommandFor(user, action, target) : null;
  // Waits in the control room: for the streamer's approval, or for its turn in a queue group.
  const needsApproval = action.requires_approval === 1;
  const waits = needsApproval || queueGroup !== null;
  let written: {
    history: ActionHistoryRow;
    balanceAfter: number;
    deliveryIds: number[];
    held: boolean;
    /** Set when this trigger lengthened a running effect instead of queuing: when it now ends. */
    extendedTo: number | null;
    /** What it cost: the action's price, raised by surge. */
    price: number;
  };
  // What the viewer is told, kept with the trigger in its transaction when it has a requestId: a
  // replay answers exactly this, however far the trigger has moved on since.
  const replyOf = (w: typeof written): TriggerResult => {
    const state: TTriggerState =
      w.extendedTo !== null ? 'running' : needsApproval ? 'awaiting_approval' : w.held ? 'held' : 'queued';
    return {
      status: 'success',
      message: acceptedMessage(state),
      historyId: w.history.id,
      balance: w.balanceAfter,
      deliveries: w.deliveryIds.length,
      state,
    };
  };
  const replyKey = requestId ? { userId: user.id, command: 'trigger' as const, requestId } : null;
  try {
    written = await transactionKeepingReply(services, replyKey, replyOf, async (tx) => {
      const at = now();
      // A paused shop refuses before the balance is looked at: 'paused' is the answer that matters
      // to a viewer short of coins too. A plain read, so the debit below still takes the first lock.
      const { queueHeld, catalogVersion } = await services.shopStatus.assertOpen(tx);
      // Nothing is sent at once while it waits or the streamer holds the queue: no lease.
      const bornLeased = waits || queueHeld ? null : lease;
      // Stock, limits and surge lock the action's row before the debit locks the viewer's: every
      // trigger of such an action takes the two in the same order. What the sale decides comes from
      // that row; the in-memory copy only says, while it is current, that there is nothing to lock.
      const catalogCurrent = services.catalog.current(action.id, catalogVersion);
      const sale = await sell(services, tx, action, catalogCurrent, user.id, input.expectedCost, at);
      const price = sale.price;
      const debited = await debit(tx, {
        userId: user.id,
        amount: price,
        type: 'action',
        description: `Triggered ${action.name}`,
        now: at,
      });
      if (debited === null) throw new AppError('INSUFFICIENT_COINS', INSUFFICIENT_COINS);
      // Cooldowns are checked here, after the debit took the viewer's row lock: a refusal rolls the
      // debit back (nothing charged), and two triggers racing a cooldown cannot both pass (see assertCanRun).
      await assertCanRun(tx, user.id, action, at);
      // A second trigger while the effect runs: refused (the debit rolls back) or lengthens it.
      const found = timed && action.stack_mode !== 'queue' ? await findRunningEffect(tx, action.id) : null;
      if (found && action.stack_mode === 'refuse') {
        throw new AppError('CONFLICT', alreadyRunningMessage(found.endsAt, at));
      }
      const running = found && !needsApproval ? await effectToExtend(tx, found.id, at) : null;
      await adjustSupporterTotals(tx, user.id, 1, price);
      const balanceAfter = Number((await findUserById(tx, user.id))?.coin_balance ?? 0);
      // With a requestId this insert is the idempotency check: the unique (user_id, request_id) key
      // lets exactly one of two simultaneous requests commit, on any number of processes.
      const id = await insertHistory(tx, {
        userId: user.id,
        actionId: action.id,
        actionName: action.name,
        cost: price,
        target,
        isTest: false,
        requestId,
        balanceAfter,
        transactionId: debited,
        now: at,
      });
      if (sale.tookStock) await markStockTaken(tx, id);
      if (running) {
        const endsAt = await extendEffect(tx, running.id, action.duration_seconds * 1000);
        await markExtension(tx, {
          historyId: id,
          extendsId: running.id,
          endsAt,
          durationSeconds: action.duration_seconds,
        });
        const history = extensionRow(
          id,
          user,
          action,
          target,
          requestId,
          balanceAfter,
          debited,
          at,
          running.id,
          endsAt,
        );
        return {
          history: { ...history, cost: price, took_stock: sale.tookStock ? 1 : 0 },
          balanceAfter,
          deliveryIds: [],
          held: queueHeld,
          extendedTo: endsAt,
          price,
        };
      }
      if (timed && stopCommand !== null) {
        await markTimed(tx, id, { durationSeconds: action.duration_seconds, stopCommand });
      }
      const deliveryIds: number[] = [];
      for (const endpoint of endpoints) {
        deliveryIds.push(
          await insertDelivery(tx, {
            historyId: id,
            endpointId: endpoint.id,
            command,
            now: at,
            lease: bornLeased,
            waiting: waits,
          }),
        );
      }
      const approvalExpiresAt = needsApproval ? at + action.approval_timeout_seconds * 1000 : null;
      const mark = needsApproval ? ('awaiting_approval' as const) : null;
      if (waits) await markQueued(tx, id, { mark, approvalExpiresAt, queueGroup });
      // The row as inserted: the worker's receipts and settlement need no read of it.
      const history: ActionHistoryRow = {
        id,
        user_id: user.id,
        action_id: action.id,
        action_name: action.name,
        cost: price,
        target,
        is_test: 0,
        success: null,
        refunded: 0,
        request_id: requestId,
        balance_after: balanceAfter,
        created_at: at,
        transaction_id: debited,
        queue_state: mark,
        approval_expires_at: approvalExpiresAt,
        queue_group: waits ? queueGroup : null,
        queue_rank: 0,
        duration_seconds: timed ? action.duration_seconds : 0,
        stop_command: stopCommand,
        ends_at: null,
        effect_state: null,
        extends_id: null,
        took_stock: sale.tookStock ? 1 : 0,
      };
      return { history, balanceAfter, deliveryIds, held: queueHeld, extendedTo: null, price };
    });
  } catch (error) {
    // The twin request committed first: this one was rolled back whole (no charge), so answer what
    // the first one answered. A refusal for coins can also be the twin's doing: its debit came first.
    // So can a cooldown: the twin's trigger is what started it. And a pause that began after the
    // first request was accepted must not turn its retry into a refusal.
    const isTwin =
      isUniqueViolation(error) ||
      (error instanceof AppError &&
        (error.code === 'INSUFFICIENT_COINS' || error.code === 'TOO_MANY_REQUESTS' || error.code === 'CONFLICT'));
    if (requestId && isTwin) {
      const earlier = await findHistoryByRequestId(db.kysely, user.id, requestId);
      if (earlier) return replay(services, earlier, input.actionId);
    }
    throw error;
  }
  const historyId = written.history.id;

  // Every viewer hears of it; one that awaits approval only once approved (control-room/decisions.ts).
  if (!needsApproval) {
    services.realtime.broadcast({
      type: 'action_triggered',
      action: { name: action.name, cost: written.price },
      user: { username: user.username, displayName: user.display_name || null },
      timestamp: new Date(now()).toISOString(),
      success: true,
    });
  }
  const reply = replyOf(written);
  const { state } = reply;
  const extended = written.extendedTo !== null;
  sendReceipt(
    services,
    { id: historyId, user_id: user.id, action_name: action.name, is_test: 0, cost: written.price },
    {
      status: state,
      attempt: 0,
      approvalExpiresAt: written.history.approval_expires_at,
      ...(extended && { endsAt: written.extendedTo }),
    },
  );
  // An ordinary trigger that goes out at once moves nobody's place in a line.
  services.controlRoom.notifier.changed([historyId], waits || written.held || extended);
  if (extended) {
    // Nothing to send: the running effect's stop, now later, ends this one too.
  } else if (!waits && !written.held) {
    // Straight to this process's worker; polling only picks up what a crash or another process left.
    services.deliveryWorker.takeCommitted({
      history: written.history,
      user,
      action,
      command,
      lease,
      deliveries: endpoints.map((endpoint, i) => ({ id: deliveryIdAt(written.deliveryIds, i), endpoint })),
    });
  } else if (!needsApproval && !written.held) {
    // Its group may be free: the worker's next pass gives it its turn.
    services.deliveryWorker.wake();
  }
  return reply;
}

/**
 * The running effect an 'extend' trigger lengthens, decided under the effect's lock: null once it
 * is over (the trigger is an effect of its own), 409 while it is ending (the debit rolls back). An
 * approval action never gets here: each of its triggers waits for the streamer's approval.
 */
async function effectToExtend(tx: Executor, effectId: number, at: number): Promise<{ id: number } | null> {
  const verdict = extendVerdict(await lockEffect(tx, effectId), at);
  if (verdict === 'ending') throw new AppError('CONFLICT', EFFECT_ENDING_MESSAGE);
  return verdict === 'extend' ? { id: effectId } : null;
}

/** The stop command of a timed effect, rendered with the trigger's placeholders as its start is. */
function stopCommandFor(user: UserRow, action: StreamActionRow, target: string | null): string {
  return commandFor(user, { ...action, webhook_action: action.stop_command ?? '' }, target);
}

/** An 'extend' trigger's row as written: delivered at once, as part of the effect it lengthened. */
function extensionRow(
  id: number,
  user: UserRow,
  action: StreamActionRow,
  target: string | null,
  requestId: string | null,
  balanceAfter: number,
  transactionId: number,
  at: number,
  extendsId: number,
  endsAt: number,
): ActionHistoryRow {
  return {
    id,
    user_id: user.id,
    action_id: action.id,
    action_name: action.name,
    cost: action.cost,
    target,
    is_test: 0,
    success: 1,
    refunded: 0,
    request_id: requestId,
    balance_after: balanceAfter,
    created_at: at,
    transaction_id: transactionId,
    queue_state: null,
    approval_expires_at: null,
    queue_group: null,
    queue_rank: 0,
    duration_seconds: action.duration_seconds,
    stop_command: null,
    ends_at: endsAt,
    effect_state: 'running',
    extends_id: extendsId,
    took_stock: 0,
  };
}

const TRIGGER_ACCEPTED = 'Your action has been sent to the streamer.';

/** The reply's words: a trigger that waits says what it waits for. */
function acceptedMessage(state: TTriggerState): string {
  if (state === 'awaiting_approval') return "Your action is waiting for the streamer's approval.";
  if (state === 'held') return 'The streamer is holding the queue: your action goes out when it is released.';
  return TRIGGER_ACCEPTED;
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

/** The first request's answer, as it was kept; nothing is charged or sent again. */
async function replay(
  services: Pick<RoutingDeps, 'db'>,
  earlier: ActionHistoryRow,
  actionId: number,
): Promise<TriggerResult> {
  if (earlier.action_id !== actionId) {
    throw new AppError('CONFLICT', 'This requestId was already used for another action');
  }
  const requestId = earlier.request_id ?? '';
  const first = await firstReply<TriggerResult>(services.db, {
    userId: earlier.user_id,
    command: 'trigger',
    requestId,
  });
  if (first) return first;
  // Written before first replies were kept: rebuilt from the rows, as near as they still tell it.
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
    message: acceptedMessage(state),
    historyId: earlier.id,
    balance: Number(earlier.balance_after ?? 0),
    deliveries: deliveries.length,
    state,
  };
}
