import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request slower than this is logged (at warn) with its route, status and time; others are not. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify's own per-request info lines ('incoming request', 'request completed') cost a few percent of
 * every trigger under load and say nothing when all is well, so they are off (disableRequestLogging).
 * Kept: failures (5xx, logged where they are handled, and here with their timing) and slow requests.
 * A callback hook, as it runs after every request and never waits.
 */
export function logSlowOrFailed(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const ms = reply.elapsedTime;
  if (ms >= SLOW_REQUEST_MS || reply.statusCode >= 500) {
    const route = req.routeOptions.url ?? req.url.split('?')[0];
    const entry = { method: req.method, route, statusCode: reply.statusCode, ms: Math.round(ms) };
    if (reply.statusCode >= 500) req.log.error(entry, 'request failed');
    else req.log.warn(entry, 'slow request');
  }
  done();
}
