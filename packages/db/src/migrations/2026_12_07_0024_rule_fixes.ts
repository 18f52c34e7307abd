import type { Kysely } from 'kysely';

/**
 * Selling rules decided from the database, not from memory:
 * - action_history.took_stock: 1 when the sale took a unit of stock. A refund returns one only then,
 *   so a trigger sold before the admin set a stock no longer adds a unit that was never taken.
 *   Rows written before this column cannot say: those of actions that have a stock now are taken to
 *   have taken one (what a refund assumed until now), the others not.
 * - shop_settings.catalog_version: raised with every admin change to an action, read by each trigger
 *   with the pause switch, so a process whose copy of the action is older decides from the row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('action_history')
    .addColumn('took_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('action_history')
    .set({ took_stock: 1 })
    .where('refunded', '=', 0)
    .where('is_test', '=', 0)
    .where('action_id', 'in', db.selectFrom('stream_actions').select('id').where('stock', 'is not', null))
    .execute();
  await db.schema
    .alterTable('shop_settings')
    .addColumn('catalog_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_settings').dropColumn('catalog_version').execute();
  await db.schema.alterTable('action_history').dropColumn('took_stock').execute();
}
