import { type Kysely, sql } from 'kysely';

/**
 * Partial refunds at PayPal, each accounted for once, whenever they come:
 * - refund_shares: one row per PayPal refund or reversal accounted for, unique by PayPal's id, so
 *   a replayed or late event counts once. `cents` is the money it returned (NULL: everything that
 *   was left, a reversal), `coins` the coins it stands for, `coins_taken` / `coins_unrecovered`
 *   what its ledger row took back and what could not be taken (already spent). A share recorded
 *   before the order was credited has neither: it was left out of the credit.
 * - payments.refunded_cents: the money those refunds returned, and payments.coins_withheld: the
 *   coins left out of the credit for refunds seen before it. With coins_reclaimed and
 *   coins_unrecovered they are the running totals that decide the next share, all on the payment
 *   row that every such decision locks.
 *
 * A payment already reversed had all of its money returned; older partial take-backs cannot be
 * told apart, so their next refund is counted from the coins taken back so far.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refund_shares')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('refund_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('cents', 'integer')
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('coins_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coins_unrecovered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refund_shares_payment').on('refund_shares').column('payment_id').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('coins_withheld', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE payments SET refunded_cents = amount_cents WHERE status = 'reversed'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('coins_withheld').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute();
  await db.schema.dropTable('refund_shares').execute();
}
