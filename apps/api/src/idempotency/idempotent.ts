import { type Database, type Db, isUniqueViolation, type ReplyKey } from '@shop/db';
import { AppError, type TAppErrorCode } from '@shop/domain';
import type { Transaction } from 'kysely';
import { firstReply, transactionKeepingReply } from './first-replies';

/**
 * A paid command that carries the viewer's requestId: its own rules, and nothing of the frame.
 * `E` is its earlier record (found by the requestId), `P` what it checks and reads before the
 * transaction, `W` what the transaction wrote, `R` the reply.
 */
export interface PaidCommand<E, P, W, R> {
  /** Null when the request carries no requestId: the command simply runs. */
  key: ReplyKey | null;
  /** The record the key's first request wrote, if it committed. */
  findEarlier(): Promise<E | undefined>;
  /** Refuses a requestId reused for another command (throws); returns nothing when it is the same one. */
  assertSameCommand(earlier: E): void | Promise<void>;
  /** The reply rebuilt from the record, for a request written before replies were kept. */
  rebuild(earlier: E): Promise<R>;
  /**
   * Refusals that can be the twin's doing (its charge or its cooldown came first); a unique
   * violation on the key always is.
   */
  twinCodes: readonly TAppErrorCode[];
  /** Checks and reads before any coin moves; not run for a replay. */
  prepare(): Promise<P>;
  /** The transaction's work, retried whole as transactionWithRetry does. */
  write(tx: Transaction<Database>, prepared: P): Promise<W>;
  reply(written: W, prepared: P): R;
  /** What happens once it committed: broadcasts, receipts, the worker. Not run for a replay. */
  afterCommit?(written: W, prepared: P): void;
}

/**
 * The frame of every paid idempotent command: an earlier request with the same key is answered
 * with its stored first reply; otherwise one transaction does the work and keeps the reply beside
 * it; a twin that committed first (the key's unique row, or a refusal its charge caused) rolls this
 * one back whole, and it is answered as the twin was. Nothing is charged or sent twice.
 */
export async function idempotent<E, P, W, R>(
  deps: { db: Db; now: () => number },
  command: PaidCommand<E, P, W, R>,
): Promise<R> {
  const { key } = command;
  if (key) {
    const earlier = await command.findEarlier();
    if (earlier) return answerEarlier(deps.db, key, command, earlier);
  }
  const prepared = await command.prepare();
  let written: W;
  try {
    written = await transactionKeepingReply(
      deps,
      key,
      (w: W) => command.reply(w, prepared),
      (tx) => command.write(tx, prepared),
    );
  } catch (error) {
    if (key && isTwin(error, command.twinCodes)) {
      const twin = await command.findEarlier();
      if (twin) return answerEarlier(deps.db, key, command, twin);
    }
    throw error;
  }
  command.afterCommit?.(written, prepared);
  return command.reply(written, prepared);
}

function isTwin(error: unknown, codes: readonly TAppErrorCode[]): boolean {
  return isUniqueViolation(error) || (error instanceof AppError && codes.includes(error.code));
}

/** The first request's answer, as it was kept; nothing is charged or sent again. */
async function answerEarlier<E, R>(
  db: Db,
  key: ReplyKey,
  command: Pick<PaidCommand<E, unknown, unknown, R>, 'assertSameCommand' | 'rebuild'>,
  earlier: E,
): Promise<R> {
  await command.assertSameCommand(earlier);
  return (await firstReply<R>(db, key)) ?? command.rebuild(earlier);
}
