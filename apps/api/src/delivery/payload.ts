import { type ActionHistoryRow, type Executor, findActionWithCategory, findUserById } from '@shop/db';
import type { DeliveryPayload } from '@shop/dispatch';
import { parseQueryStyleAction } from '@shop/domain';

/** What of the trigger a payload tells; the trigger has it in memory, a later attempt reads it. */
export type PayloadHistory = Pick<
  ActionHistoryRow,
  'id' | 'user_id' | 'action_id' | 'action_name' | 'cost' | 'target' | 'is_test'
>;

/**
 * What a target receives for one delivery of a trigger. `deliveryId` names the delivery row, so
 * every attempt of it (a retry, or a re-send after a crash) carries the same `webhook-id` and a
 * receiver can drop repeats.
 */
export function buildPayload(
  history: PayloadHistory,
  user: { username: string; display_name: string | null } | undefined,
  action: { webhook_action: string; image_url: string | null } | undefined,
  delivery: { id: number; command: string },
): DeliveryPayload {
  const webhookAction = action?.webhook_action ?? delivery.command;
  return {
    deliveryId: `delivery_${delivery.id}`,
    command: delivery.command,
    action: {
      id: history.action_id ?? 0,
      name: history.action_name,
      webhookAction,
      fields: parseQueryStyleAction(webhookAction),
      imageUrl: action?.image_url ?? null,
      cost: history.cost,
    },
    viewer: { id: history.user_id, username: user?.username ?? '', displayName: user?.display_name ?? null },
    target: history.target,
    triggerId: history.id,
    isTest: history.is_test === 1,
  };
}

/** The payload of a delivery the worker claimed: the viewer and the action read back from the database. */
export async function payloadFor(
  db: Executor,
  history: ActionHistoryRow,
  delivery: { id: number; command: string },
): Promise<{ payload: DeliveryPayload; viewerName: string }> {
  const [user, action] = await Promise.all([
    findUserById(db, history.user_id),
    history.action_id === null ? undefined : findActionWithCategory(db, history.action_id),
  ]);
  return {
    payload: buildPayload(history, user, action, delivery),
    viewerName: user?.display_name || user?.username || '',
  };
}
