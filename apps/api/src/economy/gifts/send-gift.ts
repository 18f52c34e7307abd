import {
  coinsGiftedSince,
  credit,
  type Db,
  debit,
  type Executor,
  findGiftByRequestId,
  findUserById,
  findUserByUsername,
  type GiftRow,
  giftReference,
  insertGift,
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
import { idempotent } from '../../idempotency/idempotent';
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
  // trim() already ran in the schema; an empty note is no note.
  const message = input.message ? input.message : null;
  return idempotent(deps, {
    key: { userId: sender.id, command: 'gift', requestId: input.requestId },
    findEarlier: () => findGiftByRequestId(db.kysely, sender.id, input.requestId),
    assertSameCommand: (gift) => assertSameGift(db, gift, input),
    rebuild: (gift) => rebuild(db, gift, input),
    // A refusal for coins or the cap can be the twin's doing too: its gift came first.
    twinCodes: ['INSUFFICIENT_COINS', 'CONFLICT'],
    prepare: async () => {
      const recipient = await findUserByUsername(db.kysely, input.toUsername);
      if (!recipient) throw new AppError('NOT_FOUND', unknownRecipientMessage(input.toUsername));
      if (recipient.id === sender.id) throw new AppError('BAD_REQUEST', GIFT_TO_SELF_MESSAGE);
      return recipient;
    },
    write: (tx, recipient) => writeGift(deps, tx, { sender, recipient, coins: input.coins, message, input }),
    reply: (written, recipient) => ({
      status: 'success',
      message: giftSentMessage(recipient.username, input.coins),
      giftId: written.giftId,
      toUsername: recipient.username,
      coins: input.coins,
      balance: written.balance,
    }),
    afterCommit: (written, recipient) =>
      deps.realtime.broadcast({
        type: 'balance_changed',
        userId: recipient.id,
        balance: written.recipientBalance,
        amount: input.coins,
        reason: 'gift',
        from: sender.display_name || sender.username,
        message,
        timestamp: new Date(written.at).toISOString(),
      }),
  });
}

/** The gift's transaction; with the requestId its gift row is the idempotency check: one of two twins commits. */
async function writeGift(
  deps: GiftDeps,
  tx: Executor,
  gift: { sender: UserRow; recipient: UserRow; coins: number; message: string | null; input: GiftInput },
): Promise<{ giftId: number; balance: number; recipientBalance: number; at: number }> {
  const { sender, recipient, input, message } = gift;
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
}

/** A requestId reused for a different gift is refused. */
async function assertSameGift(db: Db, gift: GiftRow, input: GiftInput): Promise<void> {
  const recipient = await findUserById(db.kysely, gift.to_user_id);
  const sameGift =
    recipient !== undefined &&
    recipient.username_key === usernameKey(input.toUsername) &&
    Number(gift.coins) === input.coins;
  if (!sameGift) throw new AppError('CONFLICT', GIFT_REQUEST_REUSED_MESSAGE);
}

/** A gift written before first replies were kept: its answer rebuilt from its row. */
async function rebuild(db: Db, gift: GiftRow, input: GiftInput): Promise<TGiftResult> {
  const recipient = await findUserById(db.kysely, gift.to_user_id);
  return {
    status: 'success',
    message: giftSentMessage(recipient?.username ?? input.toUsername, input.coins),
    giftId: gift.id,
    toUsername: recipient?.username ?? input.toUsername,
    coins: input.coins,
    balance: Number(gift.balance_after),
  };
}
