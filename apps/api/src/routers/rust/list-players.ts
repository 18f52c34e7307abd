import { firstActiveEndpointOfGame } from '@shop/db';
import { rustPlayerList } from '@shop/dispatch';
import { AppError } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { listPlayersMeta, ZListPlayersOutput } from './list-players.types';

/** Online players of the first active Rust server, for individual-target actions. */
export const listPlayers = authedProcedure
  .meta(listPlayersMeta)
  .output(ZListPlayersOutput)
  .query(async ({ ctx }) => {
    const { services } = ctx;
    const cached = services.rustPlayers.fresh();
    if (cached) return cached;
    const endpoint = await firstActiveEndpointOfGame(services.db.kysely, 'rust');
    if (!endpoint?.url.startsWith('webrcon://')) {
      throw new AppError('SERVICE_UNAVAILABLE', 'No Rust server is connected right now');
    }
    const result = await rustPlayerList(endpoint.url, endpoint.secret_key, {
      timeoutMs: services.config.delivery.timeoutMs,
    });
    if (!result.ok) {
      services.log.warn({ endpointId: endpoint.id, error: result.error }, 'rust player list failed');
      throw new AppError('UPSTREAM_FAILED', 'Failed to load players. Server may be offline.');
    }
    services.rustPlayers.remember(result.players);
    return result.players;
  });
