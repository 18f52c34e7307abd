import { type ActionHistoryRow, type Executor, findActionWithCategory, findUserById } from '@shop/db';
import type { DeliveryPayload } from '@shop/dispatch';
import { parseQueryStyleAction, type TDeliveryKind } from '@shop/domain';

/** What of the trigger a payload tells; the trigger has it in memory, a later attempt reads it. */
export type PayloadHistory = Pick<
  ActionHistoryRow,
  'id' | 'user_id' | 'action_id' | 'action_name' | 'cost' | 'target' | 'is_test' | 'duration_seconds'
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
  delivery: { id: number; command: string; kind?: TDeliveryKind },
): DeliveryPayload {
  const webhookAction = action?.webhook_action ?? delivery.command;
  const effect =
    history.duration_seconds > 0
      ? {
          event: delivery.kind === 'stop' ? ('stopped' as const) : ('started' as const),
          durationSeconds: history.duration_seconds,
        }
      : undefined;
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
    ...(effect && { effect }),
  };
}

/** The payload of a delivery the worker claimed: the viewer and the action read back from the database. */
export async function payloadFor(
  db: Executor,
  history: ActionHistoryRow,
  delivery: { id: number; command: string; kind?: TDeliveryKind },
): Promise<{ payload: DeliveryPayload; viewerName: string; hold: HoldPolicy | null }> {
  const [user, action] = await Promise.all([
    findUserById(db, history.user_id),
    history.action_id === null ? undefined : findActionWithCategory(db, history.action_id),
  ]);
  return {
    payload: buildPayload(history, user, action, delivery),
    viewerName: user?.display_name || user?.username || '',
    hold: holdPolicyOf(action),
  };
}

/** Whether, and how long, an unreachable target is waited for (hold until ready). */
export interface HoldPolicy {
  holdMaxSeconds: number;
}

export function holdPolicyOf(
  action: { wait_for_target: number; hold_max_seconds: number } | undefined,
): HoldPolicy | null {
  return action?.wait_for_target === 1 ? { holdMaxSeconds: action.hold_max_seconds } : null;
}
