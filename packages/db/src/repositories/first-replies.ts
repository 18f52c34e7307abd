import type { Executor } from '../executor';

/** The paid commands a requestId makes idempotent; each keeps its own first replies. */
export type ReplyCommand = 'trigger' | 'contribute' | 'gift';

export interface ReplyKey {
  userId: number;
  command: ReplyCommand;
  requestId: string;
}

/**
 * Keeps a command's first reply (JSON), inside the transaction that did the command's work: it
 * commits with that work or not at all, so a replay never finds the one without the other.
 */
export async function insertFirstReply(tx: Executor, key: ReplyKey, body: string, now: number): Promise<void> {
  await tx
    .insertInto('first_replies')
    .values({ user_id: key.userId, command: key.command, request_id: key.requestId, body, created_at: now })
    .execute();
}

/** The first reply's JSON; undefined for a command written before replies were kept. */
export async function findFirstReply(db: Executor, key: ReplyKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('first_replies')
    .select('body')
    .where('user_id', '=', key.userId)
    .where('command', '=', key.command)
    .where('request_id', '=', key.requestId)
    .executeTakeFirst();
  return row?.body;
}
