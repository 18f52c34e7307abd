import { formatNumber, isEnded, type TTriggerState, viewerStateText } from '@shop/domain';
import { runningText } from './effect-countdown';
import type { ReceiptMessage } from './realtime-messages';

/** The spec's wording for an accepted trigger; the message line then follows the delivery. */
export const TRIGGERED_TITLE = 'Action Triggered!';

/**
 * Where the trigger was made: viewer-spec section 8 words the dashboard's toasts on their own
 * ('Action triggered! The action has been sent to the streamer.').
 */
export type TriggerSurface = 'shop' | 'dashboard';

const ACCEPTED: Record<TriggerSurface, { title: string; queued: string }> = {
  shop: { title: TRIGGERED_TITLE, queued: 'Sending...' },
  dashboard: { title: 'Action triggered!', queued: 'The action has been sent to the streamer.' },
};

/** A refused trigger's title (the message is the server's). */
export const TRIGGER_FAILED_TITLE: Record<TriggerSurface, string> = {
  shop: 'Action Failed',
  dashboard: 'Failed to trigger action',
};

export interface ReceiptToast {
  title: string;
  message: string;
  color: 'blue' | 'yellow' | 'green' | 'orange' | 'red';
  /** Still on its way: a spinner, and the toast stays until the outcome is known. */
  loading: boolean;
  autoClose: number | false;
}

/** The coins a refunded end gave back: the refund's own count, else what the trigger cost. */
const coinsBack = (receipt: ReceiptMessage) => receipt.refundedCoins ?? receipt.cost ?? 0;

/** How long until `iso`, from the receipt's own clock; null when there is no estimate. */
function msUntil(iso: string | null | undefined, timestamp: string): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso) - Date.parse(timestamp);
  return Number.isNaN(ms) ? null : ms;
}

/** The queue's words for the viewer (viewerStateText), with the place and the estimate the receipt carries. */
const stateText = (receipt: ReceiptMessage) =>
  viewerStateText(receipt.status, {
    cost: coinsBack(receipt),
    position: receipt.position,
    etaMs: msUntil(receipt.eta, receipt.timestamp),
  });

/**
 * What the trigger toast says for a receipt at `now` (viewer-spec sections 10 and 11): Sending... ->
 * Delivered | Retrying -> Refunded; the streamer's queue (approval, a place in line, and the refunded
 * ends of a decision); a timed effect's countdown, and the wait for a game server that is away.
 */
export function receiptToast(
  receipt: ReceiptMessage,
  surface: TriggerSurface = 'shop',
  now: number = Date.now(),
): ReceiptToast {
  const accepted = ACCEPTED[surface];
  const waiting = (color: ReceiptToast['color']): ReceiptToast => ({
    title: accepted.title,
    message: stateText(receipt),
    color,
    loading: true,
    autoClose: false,
  });
  switch (receipt.status) {
    case 'queued':
      // A place in line is worth saying; without one it is on its way at once, as before the queue.
      return receipt.position != null
        ? waiting('blue')
        : { title: accepted.title, message: accepted.queued, color: 'blue', loading: true, autoClose: false };
    case 'held':
      return receipt.waitingFor
        ? { ...waiting('yellow'), message: `Waiting for ${receipt.waitingFor}` }
        : waiting('blue');
    case 'awaiting_approval':
    case 'sending':
      return waiting('blue');
    case 'running':
      // The effect is on in the game: green, still loading until its stop has gone out.
      return { ...waiting('green'), message: runningText(receipt.endsAt, now) };
    case 'retrying':
      return {
        title: accepted.title,
        // `attempt` counts the tries that failed, so the one coming up is the next.
        message: `Retrying (${Math.min(receipt.attempt + 1, receipt.maxAttempts)} of ${receipt.maxAttempts})`,
        color: 'yellow',
        loading: true,
        autoClose: false,
      };
    case 'delivered':
      return {
        title: accepted.title,
        message: 'Delivered to the game',
        color: 'green',
        loading: false,
        autoClose: 5000,
      };
    case 'refunded': {
      const coins = coinsBack(receipt);
      return {
        title: `${receipt.actionName} could not be delivered`,
        message: `Refunded: ${formatNumber(coins)} ${coins === 1 ? 'coin is' : 'coins are'} back in your balance`,
        color: 'orange',
        loading: false,
        autoClose: 8000,
      };
    }
    case 'rejected':
    case 'expired':
    case 'skipped':
      return {
        title: `${receipt.actionName} was not sent`,
        message: stateText(receipt),
        color: 'orange',
        loading: false,
        autoClose: 8000,
      };
    case 'failed':
      return {
        title: `${receipt.actionName} could not be delivered`,
        message: receipt.message ? `Delivery failed: ${receipt.message}` : 'Delivery failed',
        color: 'red',
        loading: false,
        autoClose: 8000,
      };
  }
}

/**
 * The receipt a trigger starts with, before the server's first one arrives: the state the trigger's
 * reply named (awaiting approval, held...), queued when it named none.
 */
export function queuedReceipt(
  historyId: number,
  actionName: string,
  now: Date,
  state: TTriggerState = 'queued',
): ReceiptMessage {
  return {
    type: 'action_status',
    historyId,
    actionName,
    status: state,
    attempt: 0,
    maxAttempts: 1,
    nextAttemptAt: null,
    message: null,
    timestamp: now.toISOString(),
  };
}

/**
 * Receipts can overtake each other (the socket and the trigger's reply race): a final state is
 * never replaced, and a later attempt replaces an earlier one.
 */
export function supersedes(next: ReceiptMessage, current: ReceiptMessage | undefined): boolean {
  if (!current) return true;
  if (isEnded(current.status)) return false;
  if (isEnded(next.status)) return true;
  return next.attempt >= current.attempt;
}
