import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * The control room's repairs:
 * - The expiry sweep's lookup, with `refunded` inside the index: approvals refunded while they
 *   waited keep their mark (the public feed must know they were never approved), and the sweep
 *   skips them; with the flag in the index it skips them without reading them, however many.
 * - Triggers refunded by hand before a refund cancelled their unsent deliveries: those deliveries
 *   are cancelled now, or the worker would still send what was paid back.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'cancelled', locked_until: null, lease_token: null })
    .where('status', 'in', ['waiting', 'queued'])
    .where('is_resend', '=', 0)
    .where('history_id', 'in', db.selectFrom('action_history').select('id').where('refunded', '=', 1))
    .execute();
  await dropSweepIndex(db);
  await db.schema
    .createIndex('action_history_queue_state')
    .on('action_history')
    .columns(['queue_state', 'refunded', 'approval_expires_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await dropSweepIndex(db);
  await db.schema
    .createIndex('action_history_queue_state')
    .on('action_history')
    .columns(['queue_state', 'approval_expires_at'])
    .execute();
}

/** MySQL names the table of the index it drops; SQLite refuses the ON. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function dropSweepIndex(db: Kysely<any>): Promise<void> {
  const drop = db.schema.dropIndex('action_history_queue_state');
  await (dialectOf(db) === 'mysql' ? drop.on('action_history') : drop).execute();
}
