import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RealtimeHub, SocketViewer } from './hub';
import { resumeReceipts, resumeSince } from './receipt-resume';
import { type SocketViewerDeps, socketViewer } from './socket-user';
import { upgradeRelease } from './upgrade-release';

/**
 * The /ws route. The session is read in preValidation, before the upgrade, so the socket is
 * registered with its viewer in the same tick it opens: an event that follows the client's
 * 'open' never misses an authenticated socket. Anonymous upgrades cost no lookup at all. The mark
 * taken before the lookup lets registration refuse a session that ended while it was looked up.
 */
export function registerSocketRoute(
  app: FastifyInstance,
  services: SocketViewerDeps & { realtime: RealtimeHub },
): void {
  const viewers = new WeakMap<FastifyRequest, { viewer: SocketViewer; mark: number }>();
  const upgrades = upgradeRelease(app.log);
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        upgrades.keep(req, reply);
        if (services.realtime.isFull(req.ip)) return;
        const mark = services.realtime.revocationMark();
        const viewer = await socketViewer(services, req);
        if (viewer) viewers.set(req, { viewer, mark });
      },
    },
    (socket, req) => {
      upgrades.release(socket, req);
      if (!services.realtime.add(socket, req.ip)) return;
      const found = viewers.get(req);
      if (!found) return;
      services.realtime.identify(socket, found.viewer, found.mark);
      const since = resumeSince(req.query, services.now());
      if (since !== null) {
        resumeReceipts(services, socket, found.viewer.userId, since).catch((error: unknown) =>
          app.log.warn({ err: error }, 'receipts could not be resumed'),
        );
      }
    },
  );
}
