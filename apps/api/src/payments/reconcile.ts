import { listOpenPayments, markPaymentRefused, type PaymentRow } from '@shop/db';
import type { Services } from '../services';
import type { PaymentGateway } from './gateway';
import { settleCapture } from './settle-capture';

/** Leave fresh orders to the browser that is still paying for them. */
export const RECONCILE_MIN_AGE_MS = 60_000;
/**
 * PayPal lets an order wait for the buyer about three hours; one still not approved (or gone)
 * after this long will never be paid, so it is closed as refused. A later capture webhook can
 * still credit a refused order, so closing it early could never lose money.
 */
export const RECONCILE_GIVE_UP_MS = 6 * 60 * 60_000;
const BATCH = 100;

export interface ReconcileSummary {
  checked: number;
  credited: number;
  refunded: number;
  refused: number;
  failed: number;
}

/**
 * Settles orders that were created but never settled: the buyer closed the tab, the browser's call
 * was lost, the process died mid-capture. Each open order older than a minute is read at PayPal:
 * - COMPLETED: settled like any capture (coins, or a refund when it does not match the order);
 * - APPROVED: captured now. The buyer approved exactly this price for exactly these coins, and the
 *   browser captures right after approval anyway; leaving it would let the approval lapse and
 *   the buyer wonder where their coins are. The capture request id is the browser's, so a
 *   browser that comes back late cannot capture twice;
 * - VOIDED: closed as refused;
 * - CREATED and the like, or not found: left alone until RECONCILE_GIVE_UP_MS, then refused.
 * Only orders of the provider now running are read: a demo order cannot be asked about at PayPal.
 */
export class PaymentReconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReconcileSummary> | null = null;

  constructor(
    private readonly services: Services,
    private readonly intervalMs: number,
  ) {}

  /** One pass now, then one every interval; passes never overlap. */
  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    const tick = () => {
      this.runOnce().catch((err: unknown) => this.services.log.error({ err }, 'payment reconciliation failed'));
    };
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs one pass (or joins the one under way) and says what it did. */
  runOnce(): Promise<ReconcileSummary> {
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async pass(): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = { checked: 0, credited: 0, refunded: 0, refused: 0, failed: 0 };
    const provider = this.services.payments;
    if (provider.kind === 'unavailable') return summary;
    const now = this.services.now();
    const open = await listOpenPayments(this.services.db.kysely, {
      provider: provider.kind,
      createdBefore: now - RECONCILE_MIN_AGE_MS,
      limit: BATCH,
    });
    for (const payment of open) {
      summary.checked++;
      try {
        const outcome = await this.settle(provider.gateway, payment, now);
        if (outcome) summary[outcome]++;
      } catch (err) {
        // One order PayPal cannot answer for must not stop the others; the next pass tries again.
        summary.failed++;
        this.services.log.warn({ err, orderId: payment.order_id }, 'could not reconcile payment order');
      }
    }
    if (summary.checked > 0) this.services.log.info(summary, 'payment reconciliation pass');
    return summary;
  }

  private async settle(
    gateway: PaymentGateway,
    payment: PaymentRow,
    now: number,
  ): Promise<'credited' | 'refunded' | 'refused' | null> {
    const { services } = this;
    const orderId = payment.order_id;
    const tooOld = now - payment.created_at >= RECONCILE_GIVE_UP_MS;
    const refuse = async (reason: string) =>
      (await markPaymentRefused(services.db.kysely, orderId, reason, now)) ? ('refused' as const) : null;

    let order = await gateway.getOrder(orderId);
    if (!order) return tooOld ? refuse('The order no longer exists at PayPal') : null;
    if (order.status === 'APPROVED') {
      const captured = await gateway.captureOrder(orderId, `capture-${orderId}`);
      if (captured.kind !== 'captured') return null;
      order = captured.order;
    }
    if (order.status === 'VOIDED') return refuse('The order was voided at PayPal');
    if (order.status !== 'COMPLETED') {
      return tooOld
        ? refuse(`The order was never paid (status ${order.status} after ${RECONCILE_GIVE_UP_MS / 3_600_000} hours)`)
        : null;
    }
    const result = await settleCapture(services, gateway, payment, order.capture, order.customId);
    if (result.kind === 'credited') return 'credited';
    if (result.kind === 'refunded') return 'refunded';
    if (result.kind === 'refused') return 'refused';
    return null;
  }
}
