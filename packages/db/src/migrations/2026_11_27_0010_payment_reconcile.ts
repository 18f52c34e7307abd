import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Reconciliation keeps its own schedule per order, so one pass can walk every order that is due
 * instead of the same oldest hundred, and an order that never settles is asked about less and
 * less often and finally handed to an admin instead of being asked about forever:
 * - check_attempts: checks that did not settle the order (the exponent of its backoff);
 * - check_failures: those of them that failed (PayPal could not answer, or its answer could not be
 *   acted on); reaching the limit ends the checks and flags the order;
 * - next_check_at: when it may next be asked about; NULL when it is not to be asked again;
 * - attention_reason: why an admin should look at the order, NULL when nothing needs them.
 *
 * Open orders are due at once, as before. Refused PayPal orders are due once too: until now an
 * unexpected reply to a capture could refuse an order PayPal had in fact captured, and nothing
 * ever looked at a refused order again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('check_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payments').addColumn('next_check_at', 'bigint').execute();
  await db.schema.alterTable('payments').addColumn('attention_reason', 'varchar(255)').execute();
  await db.schema.createIndex('payments_next_check').on('payments').column('next_check_at').execute();
  await sql`UPDATE payments SET next_check_at = created_at WHERE status = 'created'`.execute(db);
  await sql`UPDATE payments SET next_check_at = updated_at WHERE status = 'refused' AND provider = 'paypal'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const index = db.schema.dropIndex('payments_next_check');
  // MySQL wants the index's table named; SQLite's index names are schema-wide and it refuses one.
  await (dialectOf(db) === 'mysql' ? index.on('payments') : index).execute();
  for (const column of ['attention_reason', 'next_check_at', 'check_failures', 'check_attempts']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
