import { type ActionHistoryRow, type Executor, findActionWithCategory, findUserById } from '@shop/db';
import type { DeliveryPayload } from '@shop/dispatch';
import { parseQueryStyleAction } from '@shop/domain';

/**
 * What a target receives for one delivery of a trigger. `deliveryId` names the delivery row, so
 * every attempt of it (a retry, or a re-send after a crash) carries the same `webhook-id` and a
 * receiver can drop repeats.
 */
export async function payloadFor(
  db: Executor,
  history: ActionHistoryRow,
  delivery: { id: number; command: string },
): Promise<{ payload: DeliveryPayload; viewerName: string }> {
  const [user, action] = await Promise.all([
    findUserById(db, history.user_id),
    history.action_id === null ? undefined : findActionWithCategory(db, history.action_id),
  ]);
  const webhookAction = action?.webhook_action ?? delivery.command;
  return {
    payload: {
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
    },
    viewerName: user?.display_name || user?.username || '',
  };
}
