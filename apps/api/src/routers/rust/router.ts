import { firstActiveEndpointOfGame } from '@shop/db';
import { rustPlayerList } from '@shop/dispatch';
import { AppError } from '@shop/domain';
import { authedProcedure, router } from '../../trpc';

const PLAYER_CACHE_MS = 10_000;

/** Online players of the first active Rust server, for individual-target actions. */
const players = authedProcedure.query(async ({ ctx }) => {
  const { services } = ctx;
  const cached = services.rustPlayers;
  if (cached && services.now() - cached.fetchedAt < PLAYER_CACHE_MS) return cached.players;
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
  services.rustPlayers = { fetchedAt: services.now(), players: result.players };
  return result.players;
});

export const rustRouter = router({ players });
