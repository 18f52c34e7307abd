import { compiledOnce } from '../compiled-once';
import type { Executor } from '../executor';

export interface ShopSettings {
  paused: boolean;
  autoPauseWhenOffline: boolean;
  /** The control room's hold: triggers are accepted and charged, nothing is sent. */
  queueHeld: boolean;
  /** Raised by every admin change to an action (bumpCatalogVersion). */
  catalogVersion: number;
}

/** The streamer's pause switch (one row, made by the migration). */
// Every trigger reads it (inside its transaction): built once.
const selectShopSettings = compiledOnce(0, (db) =>
  db
    .selectFrom('shop_settings')
    .select(['paused', 'auto_pause_when_offline', 'queue_held', 'catalog_version'])
    .where('id', '=', 1),
);

export async function readShopSettings(db: Executor): Promise<ShopSettings> {
  const [row] = (await selectShopSettings(db)).rows;
  return {
    paused: row?.paused === 1,
    autoPauseWhenOffline: row?.auto_pause_when_offline === 1,
    queueHeld: row?.queue_held === 1,
    catalogVersion: Number(row?.catalog_version ?? 0),
  };
}

export async function updateShopSettings(
  db: Executor,
  values: Partial<Omit<ShopSettings, 'queueHeld' | 'catalogVersion'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({
      ...(values.paused !== undefined && { paused: values.paused ? 1 : 0 }),
      ...(values.autoPauseWhenOffline !== undefined && {
        auto_pause_when_offline: values.autoPauseWhenOffline ? 1 : 0,
      }),
      updated_at: now,
    })
    .where('id', '=', 1)
    .execute();
}

/**
 * In the transaction of an admin change to an action: a trigger that reads the new version with the
 * pause switch knows its in-memory copy of the action may predate the change.
 */
export async function bumpCatalogVersion(tx: Executor): Promise<void> {
  await tx
    .updateTable('shop_settings')
    .set((eb) => ({ catalog_version: eb('catalog_version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
