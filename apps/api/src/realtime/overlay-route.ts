import { type Db, findOverlayEndpoint } from '@shop/db';
import { overlayName } from '@shop/dispatch';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type OverlayHub, UNKNOWN_OVERLAY } from './overlay-hub';
import { upgradeRelease } from './upgrade-release';

/** The overlay socket's path; the page at /overlay/<token> connects to it with its token. */
export const OVERLAY_SOCKET_PATH = '/ws/overlay';

/**
 * `/ws/overlay?token=<token>`: the built-in overlay page's socket. The token (the secret part of the
 * page's URL) is checked before the upgrade completes; an unknown one gets close 1008 'Unknown
 * overlay', and the page stops retrying. The mark taken before the lookup lets registration refuse a
 * token that was replaced (Rotate) or switched off while it was looked up.
 */
export function registerOverlaySocketRoute(
  app: FastifyInstance,
  services: { db: Db; overlays: Pick<OverlayHub, 'add' | 'disconnectMark' | 'upNextMark'> },
): void {
  const endpoints = new WeakMap<
    FastifyRequest,
    { name: string; token: string; mark: number; upNext: { on: boolean; mark: number } }
  >();
  const upgrades = upgradeRelease(app.log);
  app.get(
    OVERLAY_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (req, reply) => {
        upgrades.keep(req, reply);
        const token = (req.query as { token?: unknown }).token;
        if (typeof token !== 'string' || token.length === 0 || token.length > 64) return;
        const mark = services.overlays.disconnectMark();
        const upNextMark = services.overlays.upNextMark();
        const endpoint = await findOverlayEndpoint(services.db.kysely, token);
        if (endpoint) {
          const upNext = { on: endpoint.show_up_next === 1, mark: upNextMark };
          endpoints.set(req, { name: overlayName(endpoint.url), token, mark, upNext });
        }
      },
    },
    (socket, req) => {
      upgrades.release(socket, req);
      const endpoint = endpoints.get(req);
      if (!endpoint) {
        socket.close(UNKNOWN_OVERLAY.code, UNKNOWN_OVERLAY.reason);
        return;
      }
      services.overlays.add(endpoint.name, endpoint.token, socket, endpoint.mark, endpoint.upNext);
    },
  );
}
