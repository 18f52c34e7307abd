import type { Kysely } from 'kysely';

/**
 * The first reply of every paid idempotent command (a trigger, a crowd-goal contribution, a gift),
 * written in the transaction that did the work. A replay of its requestId answers these bytes, also
 * after a restart or on another process, never a view rebuilt from rows that have moved on since.
 * - (user_id, command, request_id): one requestId names one command of one viewer; the commands'
 *   own unique keys (action_history, pool_contributions, gifts) still decide which twin commits.
 * - body: the reply as JSON.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('first_replies')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('command', 'varchar(20)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('first_replies_pk', ['user_id', 'command', 'request_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('first_replies').execute();
}
