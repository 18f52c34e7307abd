import type { Kysely } from 'kysely';

// Frozen in time: later changes come as new migrations, never as edits here.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)')
    .addColumn('profile_picture', 'varchar(2048)')
    .addColumn('coin_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('twitch_username', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('reference', 'varchar(191)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_user_created')
    .on('transactions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('coin_packages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(2048)')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('color', 'varchar(7)', (c) => c.notNull().defaultTo('#6B7280'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stream_actions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(2048)')
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('cost', 'integer', (c) => c.notNull())
    .addColumn('game_type', 'varchar(20)', (c) => c.notNull().defaultTo('any'))
    .addColumn('target_type', 'varchar(20)', (c) => c.notNull().defaultTo('global'))
    .addColumn('webhook_action', 'varchar(1000)', (c) => c.notNull())
    .addColumn('minecraft_server', 'varchar(255)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stream_actions', 'categories', 'coin_packages', 'transactions', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
