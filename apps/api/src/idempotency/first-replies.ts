import {
  type Database,
  type Db,
  findFirstReply,
  insertFirstReply,
  type ReplyKey,
  transactionWithRetry,
} from '@shop/db';
import type { Transaction } from 'kysely';

export type { ReplyKey } from '@shop/db';

/**
 * Runs a paid command's transaction (retried whole as transactionWithRetry does) and, when the
 * command carries a requestId, keeps in that same transaction the reply its result makes. A replay
 * answers those bytes (the Idempotency-Key draft's and Stripe's rule), also after a restart or on
 * another process; where the command stands now is what the queue and receipts are for.
 */
export function transactionKeepingReply<W, R>(
  deps: { db: Db; now: () => number },
  key: ReplyKey | null,
  reply: (written: W) => R,
  work: (tx: Transaction<Database>) => Promise<W>,
): Promise<W> {
  return transactionWithRetry(deps.db, async (tx) => {
    const written = await work(tx);
    if (key) await insertFirstReply(tx, key, JSON.stringify(reply(written)), deps.now());
    return written;
  });
}

/** The reply the command's first request answered; undefined when it was written before replies were kept. */
export async function firstReply<R>(db: Db, key: ReplyKey): Promise<R | undefined> {
  const body = await findFirstReply(db.kysely, key);
  return body === undefined ? undefined : (JSON.parse(body) as R);
}
