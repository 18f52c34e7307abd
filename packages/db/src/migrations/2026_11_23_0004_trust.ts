import { type Kysely, sql } from 'kysely';

/**
 * What the trust work needs from the schema:
 * - a viewer's requestId per trigger, unique per viewer, so a double click charges once even across processes;
 * - a lease token per delivery (fencing) and a flag for resend attempts, which never move money;
 * - the order snapshot (coins, package name) and the PayPal capture, plus what a refund took back;
 * - case-insensitive unique category names.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('action_history').addColumn('request_id', 'varchar(100)').execute();
  // The balance right after the debit, so a replayed requestId answers exactly what the first request did.
  await db.schema.alterTable('action_history').addColumn('balance_after', 'bigint').execute();
  // NULLs never collide in a unique index on either dialect, so triggers without a requestId are unaffected.
  await db.schema
    .createIndex('action_history_user_request')
    .on('action_history')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();

  await db.schema.alterTable('deliveries').addColumn('lease_token', 'varchar(36)').execute();
  await db.schema
    .alterTable('deliveries')
    .addColumn('is_resend', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('payments').addColumn('coins', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('package_name', 'varchar(100)').execute();
  await db.schema.alterTable('payments').addColumn('capture_id', 'varchar(64)').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('coins_reclaimed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('coins_unrecovered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_status_created').on('payments').columns(['status', 'created_at']).execute();
  // Orders created before the snapshot existed take their package's current coins, the best record there is.
  await sql`UPDATE payments SET coins = (SELECT amount FROM coin_packages WHERE coin_packages.id = payments.package_id),
    package_name = (SELECT name FROM coin_packages WHERE coin_packages.id = payments.package_id)`.execute(db);

  await db.schema.alterTable('categories').addColumn('name_key', 'varchar(100)').execute();
  // Existing duplicates (any case) keep their rows; every one after the first gets its id appended to the key.
  await sql`UPDATE categories SET name_key = LOWER(name)`.execute(db);
  const dupes = await sql<{ id: number }>`SELECT c.id FROM categories c WHERE EXISTS (
      SELECT 1 FROM (SELECT id, name_key FROM categories) o WHERE o.name_key = c.name_key AND o.id < c.id)`.execute(db);
  for (const row of dupes.rows) {
    await sql`UPDATE categories SET name_key = ${`#duplicate:${row.id}`} WHERE id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('categories_name_key').on('categories').column('name_key').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('categories_name_key').on('categories').execute();
  await db.schema.alterTable('categories').dropColumn('name_key').execute();
  await db.schema.dropIndex('payments_status_created').on('payments').execute();
  for (const column of ['coins_unrecovered', 'coins_reclaimed', 'capture_id', 'package_name', 'coins']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
  await db.schema.alterTable('deliveries').dropColumn('is_resend').execute();
  await db.schema.alterTable('deliveries').dropColumn('lease_token').execute();
  await db.schema.dropIndex('action_history_user_request').on('action_history').execute();
  await db.schema.alterTable('action_history').dropColumn('balance_after').execute();
  await db.schema.alterTable('action_history').dropColumn('request_id').execute();
}
