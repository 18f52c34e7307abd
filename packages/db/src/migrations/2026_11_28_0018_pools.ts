import type { Kysely } from 'kysely';

/**
 * Crowd goals (viewer-spec section 12):
 * - stream_actions.pool_goal: null for an ordinary action; else the coins viewers gather together
 *   before it fires, within pool_window_seconds of the first contribution.
 * - pools: one gathering per action at a time. `open_action_id` is the action's id while the pool
 *   is open and NULL once it fired or expired: its unique index lets the database itself refuse a
 *   second open pool of one action, whichever process inserts it (NULLs do not collide, on SQLite
 *   and MySQL alike). No foreign key to the action: deleting the action must not delete the record
 *   of coins still owed back; the sweep refunds its pool like any other. `action_name` is kept for that.
 *   `history_id` is the trigger a fired pool wrote.
 * - pool_contributions: one ledger debit each, unique per (user_id, request_id) so a replayed
 *   request moves coins once (balance_after is what its replay answers); `refunded` flips once, with a ledger row `pool-refund:<id>`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stream_actions').addColumn('pool_goal', 'integer').execute();
  await db.schema
    .alterTable('stream_actions')
    .addColumn('pool_window_seconds', 'integer', (c) => c.notNull().defaultTo(600))
    .execute();

  await db.schema
    .createTable('pools')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('action_id', 'integer', (c) => c.notNull())
    .addColumn('action_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('goal', 'integer', (c) => c.notNull())
    .addColumn('raised', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('open'))
    .addColumn('open_action_id', 'integer', (c) => c.unique())
    .addColumn('history_id', 'integer')
    .execute();
  await db.schema.createIndex('pools_state_ends').on('pools').columns(['state', 'ends_at']).execute();
  await db.schema.createIndex('pools_history').on('pools').column('history_id').execute();

  await db.schema
    .createTable('pool_contributions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('pool_id', 'integer', (c) => c.notNull().references('pools.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('pool_contributions_request', ['user_id', 'request_id'])
    .execute();
  await db.schema.createIndex('pool_contributions_pool').on('pool_contributions').column('pool_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pool_contributions').execute();
  await db.schema.dropTable('pools').execute();
  await db.schema.alterTable('stream_actions').dropColumn('pool_window_seconds').execute();
  await db.schema.alterTable('stream_actions').dropColumn('pool_goal').execute();
}
