import type { Kysely } from 'kysely';

/**
 * What going live on stream needs:
 * - per-action cooldowns (global and per viewer) and the instant the global one last started, which
 *   the trigger moves forward with one conditional UPDATE, so two triggers cannot both pass;
 * - an index to find a viewer's latest trigger of an action (the per-viewer cooldown);
 * - the trigger's ledger row on its history record, so the viewer's ledger shows delivery states;
 * - the shop's pause switch, one row;
 * - the secret token of each built-in overlay endpoint (the OBS browser source URL).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('stream_actions')
    .addColumn('cooldown_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('stream_actions')
    .addColumn('user_cooldown_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('stream_actions').addColumn('last_triggered_at', 'bigint').execute();
  await db.schema
    .createIndex('action_history_user_action')
    .on('action_history')
    .columns(['user_id', 'action_id', 'created_at'])
    .execute();

  // The ledger row a trigger's debit wrote: the viewer's history shows each action's delivery state.
  await db.schema.alterTable('action_history').addColumn('transaction_id', 'integer').execute();
  await db.schema.createIndex('action_history_transaction').on('action_history').column('transaction_id').execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_pause_when_offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('shop_settings')
    .values({ id: 1, paused: 0, auto_pause_when_offline: 0, updated_at: 0 })
    .execute();

  await db.schema.alterTable('webhook_endpoints').addColumn('overlay_token', 'varchar(64)').execute();
  // NULLs never collide in a unique index on either dialect: only overlay endpoints carry a token.
  await db.schema
    .createIndex('webhook_endpoints_overlay_token')
    .on('webhook_endpoints')
    .column('overlay_token')
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_endpoints_overlay_token').on('webhook_endpoints').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('overlay_token').execute();
  await db.schema.dropTable('shop_settings').execute();
  await db.schema.dropIndex('action_history_transaction').on('action_history').execute();
  await db.schema.alterTable('action_history').dropColumn('transaction_id').execute();
  await db.schema.dropIndex('action_history_user_action').on('action_history').execute();
  await db.schema.alterTable('stream_actions').dropColumn('last_triggered_at').execute();
  await db.schema.alterTable('stream_actions').dropColumn('user_cooldown_seconds').execute();
  await db.schema.alterTable('stream_actions').dropColumn('cooldown_seconds').execute();
}
