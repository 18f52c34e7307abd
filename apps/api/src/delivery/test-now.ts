import { findActionWithCategory, insertHistory, settleHistory, type UserRow, type WebhookEndpointRow } from '@shop/db';
import type { DeliveryResult, Dispatcher } from '@shop/dispatch';
import { AppError, parseQueryStyleAction } from '@shop/domain';
import type { Config } from '../env';
import type { RealtimeHub } from '../realtime/hub';
import { commandFor, type RoutingDeps, targetsFor } from './targets';

export interface TestNowDeps extends RoutingDeps {
  dispatcher: Pick<Dispatcher, 'deliver'>;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  config: Pick<Config, 'delivery'>;
  now: () => number;
}

/** One target's answer to a test. */
export interface TestTargetResult {
  endpointId: number;
  description: string;
  success: boolean;
  /** The server's reply, or the error. */
  message: string;
  durationMs: number;
}

export interface TestActionResult {
  status: 'success';
  message: string;
  historyId: number;
  results: TestTargetResult[];
}

const summary = (r: TestTargetResult) => `${r.description}: ${r.success ? 'OK' : r.message}`;

/**
 * An admin's 'Test': sends the action to every matching active target at once, outside the queue,
 * and answers what each one said. Nothing is charged and nothing is queued to fire later; an
 * is_test history row keeps the record. When no target took it, the reply is an error (502) whose
 * message names each target's error.
 */
export async function testActionNow(services: TestNowDeps, user: UserRow, actionId: number): Promise<TestActionResult> {
  const { db, now } = services;
  const action = await findActionWithCategory(db.kysely, actionId);
  if (!action) throw new AppError('NOT_FOUND', 'Action not found');
  const endpoints = await targetsFor(services, action);
  const command = commandFor(user, action, null);
  const historyId = await insertHistory(db.kysely, {
    userId: user.id,
    actionId: action.id,
    actionName: action.name,
    cost: 0,
    target: null,
    isTest: true,
    now: now(),
  });
  const send = async (endpoint: WebhookEndpointRow): Promise<TestTargetResult> => {
    const result: DeliveryResult = await services.dispatcher.deliver(
      { url: endpoint.url, secret: endpoint.secret_key },
      {
        deliveryId: `test_${historyId}_${endpoint.id}`,
        command,
        action: {
          id: action.id,
          name: action.name,
          webhookAction: action.webhook_action,
          fields: parseQueryStyleAction(action.webhook_action),
        },
        viewer: { id: user.id, username: user.username, displayName: user.display_name },
        target: null,
        triggerId: historyId,
        isTest: true,
      },
      { timeoutMs: services.config.delivery.timeoutMs },
    );
    return {
      endpointId: endpoint.id,
      description: endpoint.description,
      success: result.ok,
      message: result.ok ? result.response || 'Delivered' : result.error,
      durationMs: result.durationMs,
    };
  };
  const results = await Promise.all(endpoints.map(send));
  const delivered = results.filter((r) => r.success).length;
  await settleHistory(db.kysely, historyId, delivered > 0);
  services.realtime.broadcast({
    type: 'action_tested',
    action: { name: action.name, cost: 0 },
    user: { username: user.username, displayName: user.display_name || null },
    timestamp: new Date(now()).toISOString(),
    success: delivered > 0,
  });
  const details = results.map(summary).join('; ');
  if (delivered === 0) throw new AppError('UPSTREAM_FAILED', `No target took the test. ${details}`);
  return {
    status: 'success',
    message: `Test delivered to ${delivered} of ${results.length} target(s). ${details}`,
    historyId,
    results,
  };
}
