import type { ActionHistoryRow, InsertedLease, StreamActionRow, UserRow, WebhookEndpointRow } from '@shop/db';
import { sendReceipt } from '../../delivery/receipts';
import type { TriggerDeps } from '../../trigger/trigger';

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
