import type { Kysely } from 'kysely';

/**
 * Guards and demand (admin-spec section 12) on stream_actions:
 * - stock (NULL: unlimited): each accepted trigger takes one, a refund puts it back.
 * - per_stream_limit / per_viewer_per_stream_limit (NULL: none): triggers per broadcast, refunded
 *   ones not counted.
 * - surge_percent (0: off), surge_decay_seconds, surge_max_multiplier: each accepted trigger adds a
 *   step that fades linearly; surge_steps and surge_at are the steps as of that instant.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['stock', 'per_stream_limit', 'per_viewer_per_stream_limit']) {
    await db.schema.alterTable('stream_actions').addColumn(column, 'integer').execute();
  }
  for (const [column, withDefault] of [
    ['surge_percent', 0],
    ['surge_decay_seconds', 300],
  ] as const) {
    await db.schema
      .alterTable('stream_actions')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(withDefault))
      .execute();
  }
  await db.schema
    .alterTable('stream_actions')
    .addColumn('surge_max_multiplier', 'real', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable('stream_actions')
    .addColumn('surge_steps', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('stream_actions')
    .addColumn('surge_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The per-stream counts: an action's triggers since the broadcast began.
  await db.schema
    .createIndex('action_history_action_time')
    .on('action_history')
    .columns(['action_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('action_history_action_time').on('action_history').execute();
  for (const column of [
    'surge_at',
    'surge_steps',
    'surge_max_multiplier',
    'surge_decay_seconds',
    'surge_percent',
    'per_viewer_per_stream_limit',
    'per_stream_limit',
    'stock',
  ]) {
    await db.schema.alterTable('stream_actions').dropColumn(column).execute();
  }
}
