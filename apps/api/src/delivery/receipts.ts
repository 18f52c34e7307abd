import { type ActionHistoryRow, type Db, findUserById, poolSharesOfHistory } from '@shop/db';
import { MAX_DELIVERY_ATTEMPTS, RECEIPT_WORDING, type TActionStatusMessage, type TReceiptStatus } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeHub } from '../realtime/hub';

/** What telling a viewer how a trigger went needs; each function takes the part it uses. */
export interface ReceiptDeps {
  /** Reads the balance after a refund, and the trigger behind a retry. */
  db: Db;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  now: () => number;
  log: FastifyBaseLogger;
}

/** A receipt step carries no free text: its words come from its status alone (RECEIPT_WORDING). */
export interface ReceiptStep {
  status: TReceiptStatus;
  attempt: number;
  nextAttemptAt?: number | null;
  refundedCoins?: number;
  balance?: number;
  /** While it waits in line (epoch ms for the times). */
  position?: number | null;
  eta?: number | null;
  approvalExpiresAt?: number | null;
  /** While a timed effect runs. */
  endsAt?: number | null;
  waitingFor?: string | null;
}

function wordingOf(status: TReceiptStatus): string | null {
  if (status === 'retrying' || status === 'failed') return RECEIPT_WORDING[status];
  return null;
}

/**
 * One step of a trigger's delivery, to the paying viewer's signed-in sockets only (audience.ts
 * routes on userId and strips it). Tests have no paying viewer: they never get receipts.
 */
export function sendReceipt(
  services: Pick<ReceiptDeps, 'realtime' | 'now'>,
  history: Pick<ActionHistoryRow, 'id' | 'user_id' | 'action_name' | 'is_test'> & { cost?: number },
  step: ReceiptStep,
): void {
  if (history.is_test === 1) return;
  const message: TActionStatusMessage = {
    type: 'action_status',
    historyId: history.id,
    userId: history.user_id,
    actionName: history.action_name,
    status: step.status,
    attempt: step.attempt,
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    nextAttemptAt: step.nextAttemptAt ? new Date(step.nextAttemptAt).toISOString() : null,
    message: wordingOf(step.status),
    ...(step.refundedCoins !== undefined && { refundedCoins: step.refundedCoins }),
    ...(step.balance !== undefined && { balance: step.balance }),
    ...(step.position !== undefined && { position: step.position }),
    ...(step.eta !== undefined && { eta: isoOrNull(step.eta) }),
    ...(step.approvalExpiresAt !== undefined && { approvalExpiresAt: isoOrNull(step.approvalExpiresAt) }),
    ...(step.endsAt !== undefined && { endsAt: isoOrNull(step.endsAt) }),
    ...(step.waitingFor !== undefined && { waitingFor: step.waitingFor }),
    ...(history.cost !== undefined && { cost: history.cost }),
    timestamp: new Date(services.now()).toISOString(),
  };
  services.realtime.broadcast(message);
}

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/**
 * The refund receipt carries the balance after it, so the viewer's pill updates without a reload.
 * `status` names the refunded end: the delivery failed, or the streamer (or the clock) decided.
 */
export async function sendRefundReceipt(
  services: Pick<ReceiptDeps, 'db' | 'realtime' | 'now'>,
  history: Pick<ActionHistoryRow, 'id' | 'user_id' | 'action_name' | 'is_test' | 'cost'>,
  attempt: number,
  status: Extract<TReceiptStatus, 'refunded' | 'rejected' | 'expired' | 'skipped'> = 'refunded',
): Promise<void> {
  // A fired crowd goal was paid by many: each contributor hears of their own share.
  const shares = await poolSharesOfHistory(services.db.kysely, history.id);
  if (shares.size > 0) {
    for (const [userId, coins] of shares) {
      const contributor = await findUserById(services.db.kysely, userId);
      sendReceipt(
        services,
        { ...history, user_id: userId, cost: coins },
        {
          status,
          attempt,
          refundedCoins: coins,
          ...(contributor && { balance: Number(contributor.coin_balance) }),
        },
      );
    }
    return;
  }
  const user = await findUserById(services.db.kysely, history.user_id);
  sendReceipt(services, history, {
    status,
    attempt,
    refundedCoins: history.cost,
    ...(user && { balance: Number(user.coin_balance) }),
  });
}
