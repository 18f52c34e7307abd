import { listActiveEndpoints, type StreamActionRow, type UserRow, type WebhookEndpointRow } from '@shop/db';
import type { TEndpointGameType, TGameType } from '@shop/domain';
import { AppError, endpointTakesAction, renderCommand } from '@shop/domain';
import type { Services } from '../services';

export const NO_TARGET_MESSAGE = 'No game server is connected for this action right now';

/** The active endpoints that take this action (DESIGN.md's routing rule); refused when there are none. */
export async function targetsFor(services: Services, action: StreamActionRow): Promise<WebhookEndpointRow[]> {
  const endpoints = (await listActiveEndpoints(services.db.kysely)).filter((e) =>
    endpointTakesAction(e.game_type as TEndpointGameType, action.game_type as TGameType),
  );
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
