import type { Executor } from '../executor';
import type { GiftRow, UserRow } from '../schema';

/**
 * Takes the write lock on each user row, in ascending id order, and returns the rows. A gift writes
 * two users (the debit, the credit) and inserts a row whose foreign keys would take shared locks on
 * both; locking both first, always in the same order, keeps two gifts crossing each other (A to B
 * while B gives to A) or sharing a recipient from deadlocking on MySQL. SQLite runs one writer at a time.
 */
export async function lockUsers(tx: Executor, ids: readonly number[]): Promise<Map<number, UserRow>> {
  const rows = new Map<number, UserRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const query = tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate();
    const row = await query.executeTakeFirst();
    if (row) rows.set(id, row);
  }
  return rows;
}

export async function findGiftByRequestId(
  db: Executor,
  fromUserId: number,
  requestId: string,
): Promise<GiftRow | undefined> {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('from_user_id', '=', fromUserId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/**
 * Coins the sender has given since `since`. Call with the sender's row locked (lockUsers): on MySQL
 * the locking read sees every gift committed before the lock was granted, not the transaction's
 * older snapshot, so two gifts racing the daily cap cannot both pass.
 */
export async function coinsGiftedSince(tx: Executor, fromUserId: number, since: number): Promise<number> {
  const query = tx
    .selectFrom('gifts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('coins'), eb.lit(0)).as('total'))
    .where('from_user_id', '=', fromUserId)
    .where('created_at', '>=', since)
    .forUpdate();
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

export interface NewGift {
  fromUserId: number;
  toUserId: number;
  coins: number;
  message: string | null;
  requestId: string;
  balanceAfter: number;
  now: number;
}

/** The unique (from_user_id, request_id) key fails a repeat: the caller answers the first gift instead. */
export async function insertGift(tx: Executor, gift: NewGift): Promise<number> {
  const result = await tx
    .insertInto('gifts')
    .values({
      from_user_id: gift.fromUserId,
      to_user_id: gift.toUserId,
      coins: gift.coins,
      message: gift.message,
      request_id: gift.requestId,
      balance_after: gift.balanceAfter,
      created_at: gift.now,
    })
    .executeTakeFirst();
  if (result.insertId === undefined) throw new Error('the gift row was not written');
  return Number(result.insertId);
}

export interface GiftSettingsRow {
  enabled: boolean;
  /** Days bought coins wait before they can be gifted. */
  holdDays: number;
}

/** The admin's switch and the hold (shop_settings, one row made by the migrations). */
export async function readGiftSettings(db: Executor): Promise<GiftSettingsRow> {
  const row = await db
    .selectFrom('shop_settings')
    .select(['gifting_enabled', 'gift_hold_days'])
    .where('id', '=', 1)
    .executeTakeFirst();
  // No row would mean the migrations never ran; these are the columns' defaults.
  if (!row) return { enabled: true, holdDays: 7 };
  return { enabled: Number(row.gifting_enabled) === 1, holdDays: Number(row.gift_hold_days) };
}

export async function setGiftSettings(
  db: Executor,
  change: { enabled?: boolean | undefined; holdDays?: number | undefined },
  now: number,
): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({
      ...(change.enabled === undefined ? {} : { gifting_enabled: change.enabled ? 1 : 0 }),
      ...(change.holdDays === undefined ? {} : { gift_hold_days: change.holdDays }),
      updated_at: now,
    })
    .where('id', '=', 1)
    .execute();
}

/**
 * The user's purchase credits after `since`, oldest first: the coins still in their gifting hold.
 * Call with the user's row locked (lockUsers): a credit committed before the lock was granted is
 * seen, and none can land on the balance while the gift decides.
 */
export async function purchasesSince(
  tx: Executor,
  userId: number,
  since: number,
): Promise<{ coins: number; at: number }[]> {
  const rows = await tx
    .selectFrom('transactions')
    .select(['amount', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'purchase')
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ coins: Number(r.amount), at: Number(r.created_at) }));
}

/** The ledger references of a gift's two rows: unique, so a gift can never be booked twice. */
export const giftReference = (giftId: number, side: 'sent' | 'received'): string => `gift:${giftId}:${side}`;
