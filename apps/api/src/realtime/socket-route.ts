import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { socketUserId } from './socket-user';
import { upgradeRelease } from './upgrade-release';

/**
 * The /ws route. The session is read in preValidation, before the upgrade, so the socket is
 * registered with its viewer in the same tick it opens: an event that follows the client's
 * 'open' never misses an authenticated socket. Anonymous upgrades cost no lookup at all.
 */
export function registerSocketRoute(app: FastifyInstance, services: Services): void {
  const viewers = new WeakMap<FastifyRequest, number>();
  const upgrades = upgradeRelease(app.log);
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        upgrades.keep(req, reply);
        if (services.realtime.isFull(req.ip)) return;
        const userId = await socketUserId(services, req);
        if (userId !== null) viewers.set(req, userId);
      },
    },
    (socket, req) => {
      upgrades.release(socket, req);
      if (!services.realtime.add(socket, req.ip)) return;
      const userId = viewers.get(req);
      if (userId !== undefined) services.realtime.identify(socket, userId);
    },
  );
}
