import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * @fastify/websocket keeps the upgrade's HTTP exchange alive for as long as the socket is open: the
 * ServerResponse it made stays assigned to the TCP socket, and its 'error' listener closes over the
 * Fastify request and reply (and so the raw request, its headers and a child logger). That was
 * ~5 KB of heap per open socket that nothing reads again, 11 MB at 2,000 sockets. `keep` notes the
 * response before the upgrade; `release` lets it all go once the socket is taken, keeping the
 * plugin's behaviour on error (log it, terminate the socket) without the request.
 */
export function upgradeRelease(log: FastifyBaseLogger): {
  keep(req: FastifyRequest, reply: FastifyReply): void;
  release(socket: WebSocket, req: FastifyRequest): void;
} {
  const responses = new WeakMap<FastifyRequest, ServerResponse>();
  return {
    keep(req, reply) {
      responses.set(req, reply.raw);
    },
    release(socket, req) {
      const res = responses.get(req);
      responses.delete(req);
      if (res && req.raw.socket) res.detachSocket(req.raw.socket);
      // The plugin's listener is the only one at this point; a socket must never be left without one.
      socket.removeAllListeners('error');
      socket.on('error', (error) => {
        log.error(error);
        socket.terminate();
      });
    },
  };
}
