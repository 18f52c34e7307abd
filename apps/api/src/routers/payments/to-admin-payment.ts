import type { PaymentWithUser } from '@shop/db';
import type { TAdminPayment } from '@shop/domain';

/** An order still open this long after creation has slipped past the browser and reconciliation. */
const STALE_OPEN_MS = 60 * 60_000;

export function toAdminPayment(row: PaymentWithUser, now: number): TAdminPayment {
  const createdAt = Number(row.created_at);
  return {
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    userId: row.user_id,
    username: row.username,
    packageName: row.package_name,
    coins: row.coins === null ? null : Number(row.coins),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    coinsReclaimed: Number(row.coins_reclaimed),
    coinsUnrecovered: Number(row.coins_unrecovered),
    reason: row.failure_reason,
    attentionReason: row.attention_reason,
    needsAttention:
      row.attention_reason !== null ||
      Number(row.coins_unrecovered) > 0 ||
      row.status === 'refunded' ||
      (row.status === 'created' && now - createdAt > STALE_OPEN_MS),
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}
