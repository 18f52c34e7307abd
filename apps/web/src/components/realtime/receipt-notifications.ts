import { notifications, notificationsStore } from '@mantine/notifications';
import type { TTriggerState } from '@shop/domain';
import { CLOSE_BUTTON } from '../../lib/notify';
import { stillRunning } from './effect-countdown';
import type { ReceiptMessage } from './realtime-messages';
import { queuedReceipt, receiptToast, supersedes, type TriggerSurface } from './receipt-toast';

/**
 * The trigger toast of this tab, one per trigger, updated in place as receipts arrive over /ws.
 * Module state because the toasts themselves are global (Mantine's store), like the socket's
 * messages: the trigger's reply and its receipts reach different components in either order.
 */
const latest = new Map<number, ReceiptMessage>();
/** Triggers made in this tab, and where: only those get a toast (other tabs of the viewer show their own). */
const owned = new Map<number, TriggerSurface>();

/** The once-a-second redraw of a running effect's toast, per trigger. */
const tickers = new Map<number, ReturnType<typeof setInterval>>();

const toastId = (historyId: number) => `receipt-${historyId}`;
const isShowing = (id: string) => notificationsStore.getState().notifications.some((n) => n.id === id);

function render(receipt: ReceiptMessage, surface: TriggerSurface): void {
  const id = toastId(receipt.historyId);
  const data = { id, ...receiptToast(receipt, surface), ...CLOSE_BUTTON };
  countDown(receipt, surface);
  if (isShowing(id)) {
    notifications.update(data);
    return;
  }
  // One toast at a time (viewer-spec section 9): a new state replaces whatever else is showing,
  // including the failure toast of an earlier attempt.
  notifications.clean();
  notifications.show(data);
}

function stopTicking(historyId: number): void {
  clearInterval(tickers.get(historyId));
  tickers.delete(historyId);
}

/**
 * A running effect's toast says the seconds left, redrawn each second on this machine's clock
 * until the end; the next receipt (or the viewer closing the toast) stops it.
 */
function countDown(receipt: ReceiptMessage, surface: TriggerSurface): void {
  const { historyId } = receipt;
  stopTicking(historyId);
  if (receipt.status !== 'running' || !stillRunning(receipt.endsAt, Date.now())) return;
  const id = toastId(historyId);
  tickers.set(
    historyId,
    setInterval(() => {
      if (!isShowing(id)) {
        stopTicking(historyId);
        return;
      }
      const now = Date.now();
      notifications.update({ id, ...receiptToast(receipt, surface, now), ...CLOSE_BUTTON });
      if (!stillRunning(receipt.endsAt, now)) stopTicking(historyId);
    }, 1000),
  );
}

/**
 * The trigger's reply arrived: show its toast, already at the newest state if a receipt came first,
 * else at the state the reply named (awaiting approval, held...).
 */
export function showAcceptedTrigger(
  historyId: number,
  actionName: string,
  surface: TriggerSurface = 'shop',
  state?: TTriggerState,
): void {
  owned.set(historyId, surface);
  render(latest.get(historyId) ?? queuedReceipt(historyId, actionName, new Date(), state), surface);
}

/** A receipt from /ws; it updates the toast of a trigger made here. */
export function handleReceipt(receipt: ReceiptMessage): void {
  if (!supersedes(receipt, latest.get(receipt.historyId))) return;
  latest.set(receipt.historyId, receipt);
  const surface = owned.get(receipt.historyId);
  if (surface) render(receipt, surface);
}
