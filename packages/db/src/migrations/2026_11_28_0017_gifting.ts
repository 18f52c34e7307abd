import type { Kysely } from 'kysely';

/**
 * Gifting coins between viewers (viewer-spec section 12):
 * - gifts: one row per gift. The unique (from_user_id, request_id) key makes a sender's requestId
 *   their idempotency key: of two identical requests exactly one commits, on any number of processes.
 *   balance_after is the sender's balance right after it, the reply a replay answers again. Its two
 *   ledger rows point back at it by reference: gift:<id>:sent and gift:<id>:received.
 * - (from_user_id, created_at) serves the daily cap's sum of what a sender gave today.
 * - shop_settings.gifting_enabled: the admin's switch, on by default.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gifts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coins', 'bigint', (c) => c.notNull())
    .addColumn('message', 'varchar(255)')
    .addColumn('request_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gifts_from_request')
    .on('gifts')
    .columns(['from_user_id', 'request_id'])
    .unique()
    .execute();
  await db.schema.createIndex('gifts_from_created').on('gifts').columns(['from_user_id', 'created_at']).execute();
  await db.schema.createIndex('gifts_to_user').on('gifts').column('to_user_id').execute();

  await db.schema
    .alterTable('shop_settings')
    .addColumn('gifting_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_settings').dropColumn('gifting_enabled').execute();
  await db.schema.dropTable('gifts').execute();
}
