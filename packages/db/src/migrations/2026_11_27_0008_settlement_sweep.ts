import type { Kysely } from 'kysely';

/**
 * The settlement sweep looks for triggers still pending (success NULL) whose deliveries all ended.
 * Pending triggers are few at any time, settled ones many: an index on success finds the few
 * without walking the history.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('action_history_unsettled').on('action_history').columns(['success', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('action_history_unsettled').on('action_history').execute();
}
