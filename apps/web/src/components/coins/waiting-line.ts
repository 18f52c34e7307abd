import {
  type TDeliveryState,
  type TMyQueue,
  type TTransactionDelivery,
  type TTriggerState,
  viewerStateText,
} from '@shop/domain';

type TMyQueueItem = TMyQueue['items'][number];

/**
 * Ledger states of a trigger that has not started yet or is being tried again: only these rows ask
 * the control room where they stand. The ledger never says 'held' or 'sending' itself, but the
 * control room may; listed so a row stays covered if the ledger learns them.
 */
const WAITING: readonly TDeliveryState[] = ['awaiting_approval', 'queued', 'held', 'sending', 'retrying'];

/** States the line words; an item already running or at an end has its badge say enough. */
const WORDED: readonly TTriggerState[] = ['awaiting_approval', 'queued', 'held', 'sending', 'retrying'];

/** Whether a ledger row's trigger is still waiting, so its line is worth a look in the queue. */
export function isWaiting(delivery: TTransactionDelivery | null | undefined): delivery is TTransactionDelivery {
  return delivery != null && WAITING.includes(delivery.state);
}

/**
 * The short line under a waiting trigger's badge ('#3 in line, about 40 s'), from the viewer's own
 * queue; null when the queue does not know it (not loaded yet, or it ended since the list loaded).
 */
export function waitingLine(items: readonly TMyQueueItem[], historyId: number, now: number): string | null {
  const item = items.find((i) => i.historyId === historyId);
  if (!item || !WORDED.includes(item.state)) return null;
  // Held for a target that does not answer, not by the streamer: 'Held by the streamer' would blame them.
  if (item.state === 'held' && item.waitingFor) return `Waiting for ${item.waitingFor}`;
  const eta = item.eta === null ? Number.NaN : Date.parse(item.eta);
  // An estimate already past says nothing true about the wait: only the place in line is left.
  const etaMs = Number.isFinite(eta) && eta > now ? eta - now : null;
  return viewerStateText(item.state, { cost: item.cost, position: item.position, etaMs });
}
