import { assertLedgerInvariant } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers';

/** What N racing copies of a request answered, sorted for the assertions a race test makes. */
export interface RaceOutcome {
  replies: LightMyRequestResponse[];
  /** The 2xx replies, in the order the copies were sent. */
  accepted: LightMyRequestResponse[];
  /** The others, in the order the copies were sent. */
  refused: LightMyRequestResponse[];
  /** How many replies had each status code, e.g. `{ 200: 2, 409: 18 }`. */
  statuses: Record<number, number>;
  /** The refusals' messages, each once, sorted. */
  refusalMessages: string[];
}

/**
 * Fires `count` copies of a request at once (every copy is sent before any is awaited, so they meet in
 * the database, not one after another), waits for all of them, then checks the ledger invariant: a race
 * test asserts the exact outcome on top (how many accepted, who was charged, the domain's own counts).
 * `send(i)` makes copy i: different users, one user, the same or different keys, as the case needs.
 */
export async function race(
  t: Pick<TestApp, 'db'>,
  count: number,
  send: (i: number) => Promise<LightMyRequestResponse>,
): Promise<RaceOutcome> {
  const pending = Array.from({ length: count }, (_, i) => send(i));
  const replies = await Promise.all(pending);
  await assertLedgerInvariant(t.db);
  const accepted = replies.filter((r) => r.statusCode >= 200 && r.statusCode < 300);
  const refused = replies.filter((r) => r.statusCode < 200 || r.statusCode >= 300);
  const statuses: Record<number, number> = {};
  for (const reply of replies) statuses[reply.statusCode] = (statuses[reply.statusCode] ?? 0) + 1;
  const refusalMessages = [...new Set(refused.map(messageOf))].sort();
  return { replies, accepted, refused, statuses, refusalMessages };
}

function messageOf(reply: LightMyRequestResponse): string {
  try {
    const body = reply.json() as { message?: unknown };
    return typeof body.message === 'string' ? body.message : reply.body;
  } catch {
    return reply.body;
  }
}
