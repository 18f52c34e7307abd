import {
  adjustSupporterTotals,
  debit,
  findActionWithCategory,
  findUserById,
  insertDelivery,
  insertHistory,
  listActiveEndpoints,
  type UserRow,
} from '@shop/db';
import type { TEndpointGameType, TGameType, TTargetType } from '@shop/domain';
import {
  AppError,
  endpointTakesAction,
  INSUFFICIENT_COINS,
  needsTarget,
  renderCommand,
  SELECT_PLAYER_MESSAGE,
} from '@shop/domain';
import type { Services } from '../services';

export interface TriggerResult {
  status: 'success';
  message: string;
  historyId: number;
  balance: number;
  deliveries: number;
}

/**
 * One DB transaction: the debit (conditional, so concurrent triggers cannot overdraw), the ledger
 * row, the history record, the supporter totals and one queued delivery per matching target.
 * A test run writes the same rows without charging. Delivery itself happens in the worker.
 */
export async function triggerAction(
  services: Services,
  user: UserRow,
  input: { actionId: number; targetSteamId?: string | null | undefined },
  mode: 'paid' | 'test',
): Promise<TriggerResult> {
  const { db, now } = services;
  const action = await findActionWithCategory(db.kysely, input.actionId);
  if (!action || (mode === 'paid' && action.active !== 1)) throw new AppError('NOT_FOUND', 'Action not found');
  const target = input.targetSteamId?.trim() || null;
  if (mode === 'paid' && needsTarget(action.target_type as TTargetType, target)) {
    throw new AppError('BAD_REQUEST', SELECT_PLAYER_MESSAGE);
  }
  const endpoints = (await listActiveEndpoints(db.kysely)).filter((e) =>
    endpointTakesAction(e.game_type as TEndpointGameType, action.game_type as TGameType),
  );
  if (endpoints.length === 0) {
    // Refuse before charging: coins taken for an action nobody can receive would only come back as a refund.
    throw new AppError('SERVICE_UNAVAILABLE', 'No game server is connected for this action right now');
  }
  const command = renderCommand(action.webhook_action, {
    username: user.username,
    displayName: user.display_name || user.username,
    target: target ?? '',
    actionName: action.name,
  });

  // The debit comes first: it takes the user row's exclusive lock before any insert whose foreign
  // key would take a shared one, so concurrent triggers queue up instead of deadlocking on MySQL.
  const historyId = await db.kysely.transaction().execute(async (tx) => {
    const at = now();
    if (mode === 'paid') {
      const debited = await debit(tx, {
        userId: user.id,
        amount: action.cost,
        type: 'action',
        description: `Triggered ${action.name}`,
        now: at,
      });
      if (debited === null) throw new AppError('INSUFFICIENT_COINS', INSUFFICIENT_COINS);
      await adjustSupporterTotals(tx, user.id, 1, action.cost);
    }
    const id = await insertHistory(tx, {
      userId: user.id,
      actionId: action.id,
      actionName: action.name,
      cost: mode === 'paid' ? action.cost : 0,
      target,
      isTest: mode === 'test',
      now: at,
    });
    for (const endpoint of endpoints) {
      await insertDelivery(tx, { historyId: id, endpointId: endpoint.id, command, now: at });
    }
    return id;
  });

  if (mode === 'paid') {
    services.realtime.broadcast({
      type: 'action_triggered',
      action: { name: action.name, cost: action.cost },
      user: { username: user.display_name || user.username },
      timestamp: new Date(now()).toISOString(),
      success: true,
    });
  }
  services.deliveryWorker.wake();
  const fresh = await findUserById(db.kysely, user.id);
  return {
    status: 'success',
    message:
      mode === 'paid' ? 'Your action has been sent to the streamer.' : `Test sent to ${endpoints.length} endpoint(s)`,
    historyId,
    balance: Number(fresh?.coin_balance ?? 0),
    deliveries: endpoints.length,
  };
}
