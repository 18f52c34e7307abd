import {
  coinsGiftedSince,
  credit,
  type Db,
  debit,
  findGiftByRequestId,
  findUserById,
  findUserByUsername,
  type GiftRow,
  giftReference,
  insertGift,
  isUniqueViolation,
  lockUsers,
  purchasesSince,
  readGiftSettings,
  type UserRow,
  usernameKey,
} from '@shop/db';
import {
  ACCOUNT_DISABLED_MESSAGE,
  AppError,
  dailyGiftCapMessage,
  GIFT_REQUEST_REUSED_MESSAGE,
  GIFT_TO_SELF_MESSAGE,
  GIFTING_OFF_MESSAGE,
  giftableCoins,
  giftHoldMessage,
  giftHoldMs,
  giftReceivedDescription,
  giftSentDescription,
  giftSentMessage,
  INSUFFICIENT_COINS,
  recipientDisabledMessage,
  type TGiftResult,
  unknownRecipientMessage,
  utcDayStart,
} from '@shop/domain';
import type { Config } from '../../env';
import { firstReply, transactionKeepingReply } from '../../idempotency/first-replies';
import type { RealtimeHub } from '../../realtime/hub';

/** What a gift uses. */
export interface GiftDeps {
  db: Db;
  now: () => number;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  config: Pick<Config, 'gifts'>;
}

export interface GiftInput {
  toUsername: string;
  coins: number;
  message?: string | null | undefined;
  requestId: string;
}

/**
 * Moves coins from the signed-in viewer to another account: the gift row and its two ledger rows in
 * one transaction, the debit conditional so the sender never goes below zero. The sender's requestId
 * is the idempotency key: a repeat answers the first gift and moves nothing.
 *
 * Everything it decides from is read after both user rows are locked (READ COMMITTED: the reads see
 * what earlier holders committed): either account disabled, the balance, the coins still in their
 * purchase hold (so a PayPal refund or dispute can still take them back) and the daily cap.
 */
export async function sendGift(deps: GiftDeps, sender: UserRow, input: GiftInput): Promise<TGiftResult> {
  const { db } = deps;
  const earlier = await findGiftByRequestId(db.kysely, sender.id, input.requestId);
  if (earlier) return replay(db, earlier, input);

  const recipient = await findUserByUsername(db.kysely, input.toUsername);
  if (!recipient) throw new AppError('NOT_FOUND', unknownRecipientMessage(input.toUsername));
  if (recipient.id === sender.id) throw new AppError('BAD_REQUEST', GIFT_TO_SELF_MESSAGE);
  // trim() already ran in the schema; an empty note is no note.
  const message = input.message ? input.message : null;
  const senderName = sender.display_name || sender.username;

  let written: { giftId: number; balance: number; recipientBalance: number; at: number };
  // Kept with the gift in its transaction: a replay answers this reply.
  const replyOf = (w: typeof written): TGiftResult => ({
    status: 'success',
    message: giftSentMessage(recipient.username, input.coins),
    giftId: w.giftId,
    toUsername: recipient.username,
    coins: input.coins,
    balance: w.balance,
  });
  const replyKey = { userId: sender.id, command: 'gift' as const, requestId: input.requestId };
  try {
    written = await transactionKeepingReply(deps, replyKey, replyOf, async (tx) => {
      const at = deps.now();
      const settings = await readGiftSettings(tx);
      if (!settings.enabled) throw new AppError('CONFLICT', GIFTING_OFF_MESSAGE);
      const locked = await lockUsers(tx, [sender.id, recipient.id]);
      const from = locked.get(sender.id);
      const to = locked.get(recipient.id);
      if (!to) throw new AppError('NOT_FOUND', unknownRecipientMessage(input.toUsername));
      // The sender's session was checked before the lock; an admin may have disabled them since.
      if (!from || from.disabled_at !== null) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
      if (to.disabled_at !== null) throw new AppError('CONFLICT', recipientDisabledMessage(to.username));
      const balance = Number(from.coin_balance);
      if (balance < input.coins) throw new AppError('INSUFFICIENT_COINS', INSUFFICIENT_COINS);
      const holdMs = giftHoldMs(settings.holdDays);
      if (holdMs > 0) {
        const giftable = giftableCoins(balance, await purchasesSince(tx, sender.id, at - holdMs), at, holdMs);
        if (giftable.now < input.coins) {
          throw new AppError('CONFLICT', giftHoldMessage(settings.holdDays, giftable), {
            details: {
              giftableNow: giftable.now,
              ...(giftable.next && { giftableMore: giftable.next.coins, giftableFrom: giftable.next.at }),
            },
          });
        }
      }
      // Summed under the sender's lock: the sender's gifts are serialised, so the cap holds under any race.
      const cap = deps.config.gifts.maxPerDay;
      const sentToday = await coinsGiftedSince(tx, sender.id, utcDayStart(at));
      if (sentToday + input.coins > cap) throw new AppError('CONFLICT', dailyGiftCapMessage(cap, sentToday));

      // With the requestId this insert is the idempotency check: one of two twins commits.
      const giftId = await insertGift(tx, {
        fromUserId: sender.id,
        toUserId: recipient.id,
        coins: input.coins,
        message,
        requestId: input.requestId,
        balanceAfter: balance - input.coins,
        now: at,
      });
      const debited = await debit(tx, {
        userId: sender.id,
        amount: input.coins,
        type: 'gift_sent',
        description: giftSentDescription(recipient.username, message),
        reference: giftReference(giftId, 'sent'),
        now: at,
      });
      // The lock and the check above make this unreachable; the conditional debit is the last word anyway.
      if (debited === null) throw new AppError('INSUFFICIENT_COINS', INSUFFICIENT_COINS);
      await credit(tx, {
        userId: recipient.id,
        amount: input.coins,
        type: 'gift_received',
        description: giftReceivedDescription(sender.username, message),
        reference: giftReference(giftId, 'received'),
        now: at,
      });
      const recipientBalance = Number((await findUserById(tx, recipient.id))?.coin_balance ?? 0);
      return { giftId, balance: balance - input.coins, recipientBalance, at };
    });
  } catch (error) {
    // The twin request committed first: this one was rolled back whole, so answer what the first
    // answered. A refusal for coins or the cap can be the twin's doing too: its gift came first.
    const isTwin =
      isUniqueViolation(error) ||
      (error instanceof AppError && (error.code === 'INSUFFICIENT_COINS' || error.code === 'CONFLICT'));
    if (isTwin) {
      const twin = await findGiftByRequestId(db.kysely, sender.id, input.requestId);
      if (twin) return replay(db, twin, input);
    }
    throw error;
  }

  deps.realtime.broadcast({
    type: 'balance_changed',
    userId: recipient.id,
    balance: written.recipientBalance,
    amount: input.coins,
    reason: 'gift',
    from: senderName,
    message,
    timestamp: new Date(written.at).toISOString(),
  });
  return replyOf(written);
}

/** The first gift's answer, as it was kept; a requestId reused for a different gift is refused. */
async function replay(db: Db, gift: GiftRow, input: GiftInput): Promise<TGiftResult> {
  const recipient = await findUserById(db.kysely, gift.to_user_id);
  const sameGift =
    recipient !== undefined &&
    recipient.username_key === usernameKey(input.toUsername) &&
    Number(gift.coins) === input.coins;
  if (!sameGift) throw new AppError('CONFLICT', GIFT_REQUEST_REUSED_MESSAGE);
  const first = await firstReply<TGiftResult>(db, {
    userId: gift.from_user_id,
    command: 'gift',
    requestId: gift.request_id,
  });
  if (first) return first;
  // Written before first replies were kept: rebuilt from its row.
  return {
    status: 'success',
    message: giftSentMessage(recipient.username, input.coins),
    giftId: gift.id,
    toUsername: recipient.username,
    coins: input.coins,
    balance: Number(gift.balance_after),
  };
}
