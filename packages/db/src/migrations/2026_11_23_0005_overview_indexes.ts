import type { Kysely } from 'kysely';

/**
 * The streamer overview reads whole periods across all users. These indexes hold every column its
 * queries touch, so each figure is a range read of one index instead of a walk over the table:
 * - transactions by (type, created_at) with the amount: coins sold per day;
 * - action_history by created_at with the flags, action, viewer and cost: triggers, refunds, top lists;
 * - deliveries by (status, created_at) with the endpoint: failures per day, success rate per endpoint.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('transactions_type_created')
    .on('transactions')
    .columns(['type', 'created_at', 'amount'])
    .execute();
  await db.schema
    .createIndex('action_history_overview')
    .on('action_history')
    .columns(['created_at', 'is_test', 'refunded', 'action_id', 'user_id', 'cost'])
    .execute();
  await db.schema
    .createIndex('deliveries_status_created')
    .on('deliveries')
    .columns(['status', 'created_at', 'endpoint_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_status_created').on('deliveries').execute();
  await db.schema.dropIndex('action_history_overview').on('action_history').execute();
  await db.schema.dropIndex('transactions_type_created').on('transactions').execute();
}
