import type { Kysely } from 'kysely';

/**
 * The control room (admin-spec section 10):
 * - stream_actions: whether a trigger waits for the streamer's approval and for how long, and the
 *   queue group whose triggers are sent one at a time, with a gap between two.
 * - action_history: the streamer's mark on a trigger (awaiting_approval, rejected, expired, skipped;
 *   NULL while it runs the ordinary way), when an approval expires, the group it was queued in, and
 *   its rank there ('move to the front' lowers it below the others').
 * - shop_settings.queue_held: while set, triggers are accepted and charged but nothing is sent.
 * - queue_groups: one row per group that has run, naming the trigger that holds it now; the
 *   conditional update that sets it lets one process, and one trigger, have the group at a time.
 * - webhook_endpoints.show_up_next: an overlay endpoint's page also lists the next triggers in line.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type, withDefault] of [
    ['requires_approval', 'integer', 0],
    ['approval_timeout_seconds', 'integer', 120],
    ['gap_seconds', 'integer', 0],
  ] as const) {
    await db.schema
      .alterTable('stream_actions')
      .addColumn(name, type, (c) => c.notNull().defaultTo(withDefault))
      .execute();
  }
  await db.schema.alterTable('stream_actions').addColumn('queue_group', 'varchar(40)').execute();

  await db.schema.alterTable('action_history').addColumn('queue_state', 'varchar(20)').execute();
  await db.schema.alterTable('action_history').addColumn('approval_expires_at', 'bigint').execute();
  await db.schema.alterTable('action_history').addColumn('queue_group', 'varchar(40)').execute();
  await db.schema
    .alterTable('action_history')
    .addColumn('queue_rank', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The expiry sweep's lookup: approvals whose time ran out.
  await db.schema
    .createIndex('action_history_queue_state')
    .on('action_history')
    .columns(['queue_state', 'approval_expires_at'])
    .execute();

  await db.schema
    .alterTable('shop_settings')
    .addColumn('queue_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('queue_groups')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('active_history_id', 'integer')
    .addColumn('free_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('show_up_next', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('show_up_next').execute();
  await db.schema.dropTable('queue_groups').execute();
  await db.schema.alterTable('shop_settings').dropColumn('queue_held').execute();
  await db.schema.dropIndex('action_history_queue_state').on('action_history').execute();
  for (const column of ['queue_rank', 'queue_group', 'approval_expires_at', 'queue_state']) {
    await db.schema.alterTable('action_history').dropColumn(column).execute();
  }
  for (const column of ['queue_group', 'gap_seconds', 'approval_timeout_seconds', 'requires_approval']) {
    await db.schema.alterTable('stream_actions').dropColumn(column).execute();
  }
}
