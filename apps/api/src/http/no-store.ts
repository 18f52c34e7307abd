import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every /api and /trpc reply is marked no-store, public ones included: tRPC batches a public query
 * (the catalogue) with a personal one (the balance) into one URL and one reply, so a rule by path
 * could not tell them apart, and a shared cache holding someone's balance or order history is the
 * failure that matters. The catalogue is cheap to serve and the client caches it in memory anyway.
 * A route that chose its own Cache-Control keeps it. A callback hook: it runs on every reply and
 * never waits, and an async one costs a promise and a turn of the microtask queue each time.
 */
export function noStoreForApi(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const path = req.url.split('?')[0] ?? '';
  const isApi = path === '/api' || path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/');
  if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
}
