import type { DialectName } from '../db';
import type { Executor } from '../executor';
import type { GiftRow, UserRow } from '../schema';

/**
 * Takes the write lock on each user row, in ascending id order, and returns the rows. A gift writes
 * two users (the debit, the credit) and inserts a row whose foreign keys would take shared locks on
 * both; locking both first, always in the same order, keeps two gifts crossing each other (A to B
 * while B gives to A) or sharing a recipient from deadlocking on MySQL. SQLite runs one writer at a time.
 */
export async function lockUsers(
  tx: Executor,
  dialect: DialectName,
  ids: readonly number[],
): Promise<Map<number, UserRow>> {
  const rows = new Map<number, UserRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    let query = tx.selectFrom('users').selectAll().where('id', '=', id);
    if (dialect === 'mysql') query = query.forUpdate();
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
export async function coinsGiftedSince(
  tx: Executor,
  dialect: DialectName,
  fromUserId: number,
  since: number,
): Promise<number> {
  let query = tx
    .selectFrom('gifts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('coins'), eb.lit(0)).as('total'))
    .where('from_user_id', '=', fromUserId)
    .where('created_at', '>=', since);
  if (dialect === 'mysql') query = query.forUpdate();
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

/** The admin's switch (shop_settings, one row made by the migrations). */
export async function readGiftingEnabled(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('shop_settings').select('gifting_enabled').where('id', '=', 1).executeTakeFirst();
  // No row would mean the migrations never ran; the column's default is on.
  return row ? row.gifting_enabled === 1 : true;
}

export async function setGiftingEnabled(db: Executor, enabled: boolean, now: number): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({ gifting_enabled: enabled ? 1 : 0, updated_at: now })
    .where('id', '=', 1)
    .execute();
}

/** The ledger references of a gift's two rows: unique, so a gift can never be booked twice. */
export const giftReference = (giftId: number, side: 'sent' | 'received'): string => `gift:${giftId}:${side}`;
