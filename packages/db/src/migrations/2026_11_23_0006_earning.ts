import type { Kysely } from 'kysely';

/**
 * Earning without paying (DESIGN.md):
 * - watch_time_settings: one row (id 1) the admin edits;
 * - watch_time_rewards: what each reward paid for, unique per (viewer, window) beside the ledger's own
 *   unique reference, so the admin list and the money can never disagree;
 * - twitch_authorization: one row (id 1), the broadcaster's user tokens, encrypted;
 * - twitch_oauth_states: short-lived single-use OAuth state values bound to the admin's session;
 * - app_secrets: named values such as the Streamer.bot secret (encrypted) and the webhook path segment.
 * Streamer.bot redemptions need no table: the ledger's unique reference is the record.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_time_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_interval', 'integer', (c) => c.notNull())
    .addColumn('coins_per_interval', 'integer', (c) => c.notNull())
    .addColumn('last_updated', 'bigint')
    .execute();
  await db
    .insertInto('watch_time_settings')
    .values({ id: 1, enabled: 0, reward_interval: 10, coins_per_interval: 5, last_updated: null })
    .execute();

  await db.schema
    .createTable('watch_time_rewards')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coins_awarded', 'integer', (c) => c.notNull())
    .addColumn('watch_duration', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('watch_time_rewards_user_window')
    .on('watch_time_rewards')
    .columns(['user_id', 'window_start'])
    .unique()
    .execute();
  await db.schema
    .createIndex('watch_time_rewards_created')
    .on('watch_time_rewards')
    .columns(['created_at', 'user_id', 'coins_awarded'])
    .execute();

  await db.schema
    .createTable('twitch_authorization')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('broadcaster_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('broadcaster_login', 'varchar(50)', (c) => c.notNull())
    .addColumn('access_token', 'varchar(1024)', (c) => c.notNull())
    .addColumn('refresh_token', 'varchar(1024)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('scopes', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('twitch_oauth_states')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(1024)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_secrets', 'twitch_oauth_states', 'twitch_authorization', 'watch_time_rewards']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('watch_time_settings').execute();
}
