import type { ActionHistoryRow, InsertedLease, StreamActionRow, UserRow, WebhookEndpointRow } from '@shop/db';
import { sendReceipt } from '../../delivery/receipts';
import type { TriggerDeps } from '../../trigger/trigger';

/** A fired pool's trigger as inserted: the worker's receipts and settlement need no read of it. */
export function firedHistoryRow(
  id: number,
  user: UserRow,
  action: StreamActionRow,
  goal: number,
  at: number,
): ActionHistoryRow {
  return {
    id,
    user_id: user.id,
    action_id: action.id,
    action_name: action.name,
    cost: goal,
    target: null,
    is_test: 0,
    success: null,
    refunded: 0,
    request_id: null,
    balance_after: null,
    created_at: at,
    transaction_id: null,
    queue_state: null,
    approval_expires_at: null,
    queue_group: null,
    queue_rank: 0,
    duration_seconds: 0,
    stop_command: null,
    ends_at: null,
    effect_state: null,
    extends_id: null,
    took_stock: 0,
  };
}

/**
 * After the commit, as a trigger does: the feed event, the completing viewer's receipt, the control
 * room's notice, and the deliveries straight to this process's worker (unless the queue is held:
 * the worker sends them once it is released).
 */
export function fireCommitted(
  services: TriggerDeps,
  fired: {
    user: UserRow;
    history: ActionHistoryRow;
    action: StreamActionRow;
    command: string;
    endpoints: WebhookEndpointRow[];
    deliveryIds: number[];
    lease: InsertedLease | null;
    held: boolean;
  },
): void {
  const { user, history } = fired;
  services.realtime.broadcast({
    type: 'action_triggered',
    action: { name: history.action_name, cost: history.cost },
    user: { username: user.username, displayName: user.display_name || null },
    timestamp: new Date(services.now()).toISOString(),
    success: true,
  });
  sendReceipt(services, history, { status: fired.held ? 'held' : 'queued', attempt: 0 });
  services.controlRoom.notifier.changed([history.id]);
  if (fired.held) return;
  services.deliveryWorker.takeCommitted({
    history,
    user,
    action: fired.action,
    command: fired.command,
    lease: fired.lease,
    deliveries: fired.endpoints.map((endpoint, i) => ({ id: idAt(fired.deliveryIds, i), endpoint })),
  });
}

function idAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error('a delivery id for every endpoint');
  return id;
}
