import type { Kysely } from 'kysely';

/**
 * Timed effects and waiting for the game (admin-spec section 11):
 * - stream_actions: how long an effect lasts and the command that ends it, what a second trigger
 *   does while one runs (queue, extend, refuse), and whether an unreachable target is waited for
 *   (wait_for_target, up to hold_max_seconds) instead of burning the retries. Existing actions keep
 *   today's behaviour (no waiting); new ones wait by default (the input schema's default).
 * - action_history: the trigger's snapshot of its duration and its rendered stop command, when the
 *   effect ends, where it stands (running, stopped, stop_failed), and the running trigger an
 *   'extend' trigger lengthened.
 * - deliveries.kind: 'start' (what every delivery was until now) or 'stop', a persisted delivery
 *   due at ends_at, so a restarted or another api process sends it. held_since: when the target
 *   first did not answer, for the hold's limit.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, withDefault] of [
    ['duration_seconds', 0],
    ['wait_for_target', 0],
    ['hold_max_seconds', 600],
  ] as const) {
    await db.schema
      .alterTable('stream_actions')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(withDefault))
      .execute();
  }
  await db.schema.alterTable('stream_actions').addColumn('stop_command', 'varchar(1000)').execute();
  await db.schema
    .alterTable('stream_actions')
    .addColumn('stack_mode', 'varchar(10)', (c) => c.notNull().defaultTo('queue'))
    .execute();

  await db.schema
    .alterTable('action_history')
    .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('action_history').addColumn('stop_command', 'varchar(1000)').execute();
  await db.schema.alterTable('action_history').addColumn('ends_at', 'bigint').execute();
  await db.schema.alterTable('action_history').addColumn('effect_state', 'varchar(12)').execute();
  await db.schema.alterTable('action_history').addColumn('extends_id', 'integer').execute();
  await db.schema
    .createIndex('action_history_effect')
    .on('action_history')
    .columns(['effect_state', 'action_id'])
    .execute();

  await db.schema
    .alterTable('deliveries')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('start'))
    .execute();
  await db.schema.alterTable('deliveries').addColumn('held_since', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').dropColumn('held_since').execute();
  await db.schema.alterTable('deliveries').dropColumn('kind').execute();
  await db.schema.dropIndex('action_history_effect').on('action_history').execute();
  for (const column of ['extends_id', 'effect_state', 'ends_at', 'stop_command', 'duration_seconds']) {
    await db.schema.alterTable('action_history').dropColumn(column).execute();
  }
  for (const column of ['stack_mode', 'stop_command', 'hold_max_seconds', 'wait_for_target', 'duration_seconds']) {
    await db.schema.alterTable('stream_actions').dropColumn(column).execute();
  }
}
