import type { Kysely } from 'kysely';

/**
 * Timed effects and their extends:
 * - action_history.extends_id is indexed: an effect finds the triggers that extended it (to end them
 *   with it, to keep their end in step, to list them) without reading the whole history.
 * - An extend recorded while its effect's stop was being recorded could stay 'running' for good
 *   after the effect ended; such extensions take their effect's end state (repairStuckExtensions).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('action_history_extends').on('action_history').column('extends_id').execute();
  await repairStuckExtensions(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('action_history_extends').on('action_history').execute();
}

/** Extensions still on whose effect has ended end as it did. Returns how many it ended. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function repairStuckExtensions(db: Kysely<any>): Promise<number> {
  const stuck = (await db
    .selectFrom('action_history as x')
    .innerJoin('action_history as e', 'e.id', 'x.extends_id')
    .select(['x.id as id', 'e.effect_state as ended'])
    .where('x.effect_state', 'in', ['running', 'stop_failed'])
    .where('e.effect_state', 'in', ['stopped', 'stop_failed'])
    .whereRef('x.effect_state', '!=', 'e.effect_state')
    .execute()) as { id: number; ended: string }[];
  for (const ended of new Set(stuck.map((r) => r.ended))) {
    const ids = stuck.filter((r) => r.ended === ended).map((r) => r.id);
    await db.updateTable('action_history').set({ effect_state: ended }).where('id', 'in', ids).execute();
  }
  return stuck.length;
}
