import type { Kysely } from 'kysely';

/**
 * A typed Twitch name is a claim; 'Verify with Twitch' stores the Twitch user id it proved, unique
 * across accounts (NULLs never collide in a unique index on either dialect, so unverified links are
 * unaffected). The OAuth states now say which flow they belong to: the broadcaster's authorization
 * or a viewer's verification, both coming back to the one callback registered with Twitch.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('twitch_user_id', 'varchar(32)').execute();
  await db.schema.createIndex('users_twitch_user_id').on('users').column('twitch_user_id').unique().execute();
  await db.schema
    .alterTable('twitch_oauth_states')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().defaultTo('broadcaster'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('twitch_oauth_states').dropColumn('purpose').execute();
  await db.schema.dropIndex('users_twitch_user_id').on('users').execute();
  await db.schema.alterTable('users').dropColumn('twitch_user_id').execute();
}
