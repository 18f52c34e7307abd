import type { Kysely } from 'kysely';

/**
 * An admin's control over accounts, and the hold on bought coins before they can be gifted:
 * - users.disabled_at: when an admin disabled the account (null: active). A disabled account cannot
 *   sign in, and its sessions are deleted when it is disabled; paths that pay an account without a
 *   session (watch-time, Streamer.bot conversions) and gifts to it check it.
 * - shop_settings.gift_hold_days: how long coins bought with PayPal wait before they can be gifted,
 *   so a refund or dispute still finds them on the buyer's balance (0: no hold).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  await db.schema
    .alterTable('shop_settings')
    .addColumn('gift_hold_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_settings').dropColumn('gift_hold_days').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
