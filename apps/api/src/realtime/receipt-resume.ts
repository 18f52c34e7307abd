import { type Db, listTriggersSince } from '@shop/db';
import {
  deliveryStateOf,
  MAX_DELIVERY_ATTEMPTS,
  RECEIPT_WORDING,
  REFUNDED_ENDS,
  type TActionStatusMessage,
  type TReceiptStatus,
} from '@shop/domain';

const isRefundedEnd = (status: TReceiptStatus) => (REFUNDED_ENDS as readonly TReceiptStatus[]).includes(status);

import type { WebSocket } from 'ws';

/**
 * How far before the client's last message a resume looks: a trigger made just before the socket
 * dropped may settle long after (retries, a lease left by a crashed process).
 */
export const RESUME_LOOKBACK_MS = 10 * 60_000;
/** At most this many receipts per resume: the newest ones are the ones a viewer waits for. */
export const RESUME_LIMIT = 100;

/** `?since=<epoch ms>` of a reconnecting /ws client: the time of the last message it received. */
export function resumeSince(query: unknown, now: number): number | null {
  const raw = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).since : undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return null;
  const since = Number(raw);
  return Math.min(since, now);
}

/**
 * A viewer's socket came back (its process died, the network dropped): it is sent where each of its
 * recent triggers stands now, one receipt each, since receipts sent while it was away went nowhere.
 * Receipts are states, not events: hearing one twice changes nothing for the client.
 */
export async function resumeReceipts(
  services: { db: Db; now: () => number },
  socket: WebSocket,
  userId: number,
  since: number,
) {
  const triggers = await listTriggersSince(services.db.kysely, userId, since - RESUME_LOOKBACK_MS, RESUME_LIMIT);
  const timestamp = new Date(services.now()).toISOString();
  for (const trigger of triggers.reverse()) {
    const state = deliveryStateOf(
      {
        refunded: trigger.refunded === 1,
        isTest: false,
        success: trigger.success === null ? null : trigger.success === 1,
        mark: trigger.mark,
      },
      trigger.attempts > 0,
    );
    if (state === 'test') continue;
    const status: TReceiptStatus = state;
    const receipt: Omit<TActionStatusMessage, 'userId'> = {
      type: 'action_status',
      historyId: trigger.id,
      actionName: trigger.actionName,
      status,
      attempt: trigger.attempts,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      nextAttemptAt: null,
      message: status === 'retrying' || status === 'failed' ? RECEIPT_WORDING[status] : null,
      ...(isRefundedEnd(status) && { refundedCoins: trigger.cost }),
      cost: trigger.cost,
      timestamp,
    };
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(receipt));
  }
}
