import { randomBytes } from 'node:crypto';
import type { TEndpointGameType } from '@shop/domain';
import type { Executor } from '../executor';
import type { WebhookEndpointRow, WebhookEndpointUpdate } from '../schema';

/** A new overlay token: 192 random bits, URL-safe (it is the last segment of the overlay page's URL). */
export function newOverlayToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The active overlay endpoint behind a token (the overlay socket's credential). */
export async function findOverlayEndpoint(db: Executor, token: string): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('overlay_token', '=', token)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/**
 * Gives an overlay endpoint a new token, only while it still holds `current`: of two rotations at
 * once, one wins and the other is told, rather than both answering a URL and one of them being dead.
 */
export async function replaceOverlayToken(db: Executor, id: number, current: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ overlay_token: next })
    .where('id', '=', id)
    .where('overlay_token', '=', current)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listEndpoints(db: Executor): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function findEndpoint(db: Executor, id: number): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(
  db: Executor,
  values: {
    url: string;
    secretKey: string;
    description: string;
    gameType: TEndpointGameType;
    active: boolean;
    /** overlay:// endpoints: the page's secret token. */
    overlayToken?: string | null;
    /** overlay:// endpoints: the page also lists the next triggers in line. */
    showUpNext?: boolean;
    now: number;
  },
): Promise<number> {
  const result = await db
    .insertInto('webhook_endpoints')
    .values({
      url: values.url,
      secret_key: values.secretKey,
      description: values.description,
      game_type: values.gameType,
      active: values.active ? 1 : 0,
      overlay_token: values.overlayToken ?? null,
      show_up_next: values.showUpNext ? 1 : 0,
      created_at: values.now,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateEndpoint(db: Executor, id: number, values: WebhookEndpointUpdate): Promise<boolean> {
  if (Object.keys(values).length > 0)
    await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).execute();
  return (await findEndpoint(db, id)) !== undefined;
}

export async function deleteEndpoint(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Active targets; which of them take an action is the domain's rule (endpointTakesAction). */
export async function listActiveEndpoints(db: Executor): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('active', '=', 1).orderBy('id').execute();
}

export async function firstActiveEndpointOfGame(
  db: Executor,
  gameType: string,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('active', '=', 1)
    .where('game_type', '=', gameType)
    .orderBy('id')
    .executeTakeFirst();
}
