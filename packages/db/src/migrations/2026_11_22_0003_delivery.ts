import type { Kysely } from 'kysely';

/**
 * Delivery targets, the history of triggers, one delivery row per target, and per-user supporter
 * totals kept on users (updated in the trigger's transaction under the row lock the debit takes)
 * so the public leaderboard is an index read, not a scan of millions of history rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('secret_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('game_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('action_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Kept by value: an action deleted later must not erase what viewers paid for.
    .addColumn('action_id', 'integer')
    .addColumn('action_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull())
    .addColumn('target', 'varchar(32)')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success', 'integer')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('action_history_user_created')
    .on('action_history')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('action_history_created').on('action_history').column('created_at').execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('history_id', 'integer', (c) => c.notNull().references('action_history.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.references('webhook_endpoints.id').onDelete('set null'))
    .addColumn('command', 'varchar(2000)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('response', 'varchar(2000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('deliveries_history').on('deliveries').column('history_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('action_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('coins_spent', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_leaderboard').on('users').columns(['coins_spent', 'action_count']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_leaderboard').on('users').execute();
  await db.schema.alterTable('users').dropColumn('coins_spent').execute();
  await db.schema.alterTable('users').dropColumn('action_count').execute();
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('action_history').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
