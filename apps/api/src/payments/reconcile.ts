import {
  claimPaymentCheck,
  endPaymentChecks,
  listPaymentsDueForCheck,
  lockPayment,
  markPaymentRefused,
  type PaymentRow,
  recordPaymentCheck,
  transactionWithRetry,
} from '@shop/db';
import type { PaymentDeps } from './deps';
import type { PaymentGateway } from './gateway';
import type { CaptureOutcome } from './paypal-client';
import { settleCapture } from './settle-capture';

/** Leave fresh orders to the browser that is still paying for them. */
export const RECONCILE_MIN_AGE_MS = 60_000;
/**
 * PayPal lets an order wait for the buyer about three hours; one still not approved (or gone)
 * after this long will never be paid, so it is closed as refused. A later capture webhook can
 * still credit a refused order, so closing it early could never lose money.
 */
export const RECONCILE_GIVE_UP_MS = 6 * 60 * 60_000;
/** The wait before the third check of an order that stays unsettled; it doubles with each check after. */
export const RECONCILE_BACKOFF_BASE_MS = 60_000;
/** The longest wait between two checks of one order. */
export const RECONCILE_BACKOFF_CAP_MS = 4 * 60 * 60_000;
/** Failed checks after which an order is no longer asked about and is handed to an admin. */
export const RECONCILE_MAX_CHECKS = 10;
/**
 * How long a check taken by one process keeps the others off the order: far longer than the few
 * PayPal calls of one check, each bounded by the client's timeout.
 */
const CHECK_LEASE_MS = 15 * 60_000;
const PAGE = 100;

/**
 * The wait after the `attempts`-th check that did not settle an order. One such check is often a
 * blip (a timeout, a 502), and passes are minutes apart already, so the next pass asks again; from
 * the second on the wait doubles from a minute up to the cap, so an order that cannot settle
 * costs a few calls a day instead of one every pass.
 */
export function reconcileBackoffMs(attempts: number): number {
  if (attempts <= 1) return 0;
  return Math.min(RECONCILE_BACKOFF_CAP_MS, RECONCILE_BACKOFF_BASE_MS * 2 ** (attempts - 2));
}

export interface ReconcileSummary {
  checked: number;
  credited: number;
  refunded: number;
  refused: number;
  failed: number;
  /** Orders given up on in this pass and left to an admin. */
  flagged: number;
}

/** What one check of one order came to. */
type Verdict =
  | { kind: 'credited' | 'refunded' | 'refused' }
  /** Nothing more to ask PayPal: settled meanwhile, or a refused order that can no longer be paid. */
  | { kind: 'done' }
  /**
   * Not settled yet. `failed`: PayPal could not answer, or what it answered cannot be acted on, and
   * enough of those end the checks; otherwise the order is waiting for its buyer, which the
   * give-up age bounds.
   */
  | { kind: 'unsettled'; reason: string; failed: boolean };

function describeCaptureFailure(outcome: Exclude<CaptureOutcome, { kind: 'captured' }>): string {
  return outcome.kind === 'not_found' ? 'not found' : outcome.message;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : 'unknown error';
}

/**
 * Settles orders that were created but never settled: the buyer closed the tab, the browser's call
 * was lost, the process died mid-capture. Each pass walks every order whose next check is due
 * (page by page, in id order, so no backlog can hide an order behind it), reads it at PayPal:
 * - COMPLETED: settled like any capture (coins, or a refund when it does not match the order);
 * - APPROVED: captured now. The buyer approved exactly this price for exactly these coins, and the
 *   browser captures right after approval anyway; leaving it would let the approval lapse and
 *   the buyer wonder where their coins are. The capture request id is the browser's, so a
 *   browser that comes back late cannot capture twice;
 * - VOIDED: closed as refused;
 * - CREATED and the like, or not found: left alone until RECONCILE_GIVE_UP_MS, then refused.
 * Refused orders whose refusal rested on the capture's reply alone are read too: if PayPal did take
 * the money they are credited (once, by the order's unique ledger reference) and flagged for the
 * admin. They are never captured here: the buyer was told the payment failed.
 *
 * An order that stays unsettled is asked about less and less often (reconcileBackoffMs); after
 * RECONCILE_MAX_CHECKS failed checks it is no longer asked about and is flagged with the reason.
 * Only orders of the provider now running are read: a demo order cannot be asked about at PayPal.
 */
export class PaymentReconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReconcileSummary> | null = null;

  constructor(
    private readonly services: PaymentDeps,
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
    const summary: ReconcileSummary = { checked: 0, credited: 0, refunded: 0, refused: 0, failed: 0, flagged: 0 };
    const provider = this.services.payments;
    if (provider.kind === 'unavailable') return summary;
    const now = this.services.now();
    let afterId = 0;
    for (;;) {
      const page = await listPaymentsDueForCheck(this.services.db.kysely, {
        provider: provider.kind,
        dueBy: now,
        createdBefore: now - RECONCILE_MIN_AGE_MS,
        afterId,
        limit: PAGE,
      });
      for (const payment of page) {
        try {
          await this.check(provider.gateway, payment, now, summary);
        } catch (err) {
          // A database failure while recording one order must not stop the others; its lease
          // runs out and a later pass takes it up again.
          summary.failed++;
          this.services.log.warn({ err, orderId: payment.order_id }, 'could not record a payment check');
        }
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) break;
      afterId = last.id;
    }
    if (summary.checked > 0) this.services.log.info(summary, 'payment reconciliation pass');
    return summary;
  }

  private async check(
    gateway: PaymentGateway,
    payment: PaymentRow,
    now: number,
    summary: ReconcileSummary,
  ): Promise<void> {
    const db = this.services.db.kysely;
    if (payment.next_check_at === null) return;
    // Another process is checking it, or it changed since the page was read.
    const leaseUntil = this.services.now() + CHECK_LEASE_MS;
    if (!(await claimPaymentCheck(db, payment.id, payment.next_check_at, leaseUntil))) return;
    summary.checked++;
    let verdict: Verdict;
    try {
      verdict = await this.settle(gateway, payment, now);
    } catch (err) {
      // One order PayPal cannot answer for must not stop the others; it is asked again after its backoff.
      summary.failed++;
      this.services.log.warn({ err, orderId: payment.order_id }, 'could not reconcile payment order');
      verdict = { kind: 'unsettled', reason: `PayPal could not be asked: ${errorText(err)}`, failed: true };
    }
    switch (verdict.kind) {
      case 'credited':
      case 'refunded':
      case 'refused':
        summary[verdict.kind]++;
        return;
      case 'done':
        await endPaymentChecks(db, payment.id);
        return;
      case 'unsettled':
        if (await this.noteUnsettled(payment, verdict)) summary.flagged++;
        return;
    }
  }

  /**
   * Counts a check that did not settle the order and sets its next one, or, at the limit of failed
   * checks, ends the checks and flags the order. Decides from the row's counters under its lock,
   * so a check recorded by another process at the same moment is not lost. True when flagged.
   */
  private async noteUnsettled(payment: PaymentRow, verdict: { reason: string; failed: boolean }): Promise<boolean> {
    const { db, log } = this.services;
    const flagged = await transactionWithRetry(db, async (tx) => {
      const now = this.services.now();
      const row = await lockPayment(tx, payment.order_id);
      // Settled, or taken off the list, by another path since the check began.
      if (!row || (row.status !== 'created' && row.status !== 'refused') || row.next_check_at === null) return false;
      const attempts = row.check_attempts + 1;
      const failures = row.check_failures + (verdict.failed ? 1 : 0);
      if (verdict.failed && failures >= RECONCILE_MAX_CHECKS) {
        const attentionReason = `Reconciliation stopped after ${failures} failed checks at PayPal: ${verdict.reason}`;
        await recordPaymentCheck(tx, row.id, { attempts, failures, nextCheckAt: null, attentionReason }, now);
        return true;
      }
      await recordPaymentCheck(
        tx,
        row.id,
        { attempts, failures, nextCheckAt: now + reconcileBackoffMs(attempts) },
        now,
      );
      return false;
    });
    if (flagged) log.error({ orderId: payment.order_id, reason: verdict.reason }, 'payment order needs an admin');
    return flagged;
  }

  private async settle(gateway: PaymentGateway, payment: PaymentRow, now: number): Promise<Verdict> {
    const { services } = this;
    const orderId = payment.order_id;
    const wasRefused = payment.status === 'refused';
    const tooOld = now - payment.created_at >= RECONCILE_GIVE_UP_MS;
    const waiting = (reason: string): Verdict => ({ kind: 'unsettled', reason, failed: false });
    const stuck = (reason: string): Verdict => ({ kind: 'unsettled', reason, failed: true });
    // Nothing was or will be captured: an open order is closed as refused, a refused one is left be.
    const neverPaid = async (reason: string): Promise<Verdict> => {
      if (wasRefused) return { kind: 'done' };
      return (await markPaymentRefused(services.db.kysely, orderId, reason, now))
        ? { kind: 'refused' }
        : { kind: 'done' };
    };

    let order = await gateway.getOrder(orderId);
    if (!order) {
      return tooOld ? neverPaid('The order no longer exists at PayPal') : waiting('The order was not found at PayPal');
    }
    if (order.status === 'APPROVED' && !wasRefused) {
      const captured = await gateway.captureOrder(orderId, `capture-${orderId}`);
      if (captured.kind !== 'captured') {
        return stuck(`The approved order could not be captured: ${describeCaptureFailure(captured)}`);
      }
      order = captured.order;
    }
    if (order.status === 'VOIDED') return neverPaid('The order was voided at PayPal');
    if (order.status !== 'COMPLETED') {
      return tooOld
        ? neverPaid(`The order was never paid (status ${order.status} after ${RECONCILE_GIVE_UP_MS / 3_600_000} hours)`)
        : waiting(`The order is ${order.status} at PayPal`);
    }
    const result = await settleCapture(services, gateway, payment, order.capture, order.customId, {
      flagIfRefused: true,
    });
    switch (result.kind) {
      case 'credited':
      case 'refunded':
        return { kind: result.kind };
      case 'refused':
        return wasRefused ? { kind: 'done' } : { kind: 'refused' };
      case 'pending':
        return stuck(result.reason);
      case 'already_credited':
      case 'closed':
        return { kind: 'done' };
    }
  }
}
