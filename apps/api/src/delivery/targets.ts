import { type Db, listActiveEndpoints, type StreamActionRow, type UserRow, type WebhookEndpointRow } from '@shop/db';
import type { TCurrentGame, TEndpointGameType, TGameType } from '@shop/domain';
import { AppError, endpointTakesAction, renderCommand } from '@shop/domain';
import type { StreamCache } from '../twitch/stream-cache';
import type { CatalogCache } from './catalog-cache';

/** What routing an action to its endpoints reads: the cached stream game and the active endpoints. */
export interface RoutingDeps {
  db: Db;
  stream: Pick<StreamCache, 'peekStatus'>;
  catalog: Pick<CatalogCache, 'activeEndpoints'>;
}

export const NO_TARGET_MESSAGE = 'No game server is connected for this action right now';

/**
 * The game being played, for routing universal actions: the live stream's game when it is Minecraft
 * or Rust, else null (unknown: universal actions go to every active endpoint). Read from the CACHED
 * stream status only: a trigger never waits on Twitch; a cold or expired cache refreshes in the
 * background and answers what it knows now.
 */
export async function currentGameForRouting(services: Pick<RoutingDeps, 'stream'>): Promise<TCurrentGame> {
  const status = services.stream.peekStatus();
  if (!status?.isLive || status.gameType === 'any') return null;
  return status.gameType;
}

/** The active endpoints that would take an action of this game type now (DESIGN.md's routing rule). */
export async function endpointsTaking(
  services: RoutingDeps,
  gameType: TGameType,
  /** From the in-memory catalog (the trigger's hot path) instead of a fresh read (admin screens and tests). */
  cached = false,
): Promise<{ endpoints: WebhookEndpointRow[]; currentGame: TCurrentGame }> {
  const currentGame = await currentGameForRouting(services);
  const active = cached ? await services.catalog.activeEndpoints() : await listActiveEndpoints(services.db.kysely);
  const endpoints = active.filter((e) => endpointTakesAction(e.game_type as TEndpointGameType, gameType, currentGame));
  return { endpoints, currentGame };
}

/** The active endpoints that take this action; refused when there are none. */
export async function targetsFor(
  services: RoutingDeps,
  action: StreamActionRow,
  cached = false,
): Promise<WebhookEndpointRow[]> {
  const { endpoints } = await endpointsTaking(services, action.game_type as TGameType, cached);
  if (endpoints.length === 0) throw new AppError('SERVICE_UNAVAILABLE', NO_TARGET_MESSAGE);
  return endpoints;
}

/** The action's command with the viewer's (sanitised) names and the chosen player filled in. */
export function commandFor(user: UserRow, action: StreamActionRow, target: string | null): string {
  return renderCommand(action.webhook_action, {
    username: user.username,
    displayName: user.display_name || user.username,
    target: target ?? '',
    actionName: action.name,
  });
}
