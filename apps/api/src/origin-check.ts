import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard of the Lucia recipe: a state-changing request that carries an Origin must come from
 * our own origin. Requests without Origin are not from a browser form or fetch, so cookies are
 * not being ridden; SameSite=Lax covers the rest.
 */
export function isForeignOrigin(req: FastifyRequest, publicOrigin: string | null): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  return isForeignOriginHeader(req, publicOrigin);
}

/** True when the request names an Origin that is not ours, whatever its method (a /ws upgrade is a GET). */
export function isForeignOriginHeader(req: FastifyRequest, publicOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  if (publicOrigin && originUrl.origin === publicOrigin) return false;
  return originUrl.host !== req.headers.host;
}

/** Server-to-server webhooks authenticated by their own signature, not by a browser session. */
const SIGNED_WEBHOOK_PREFIXES = ['/api/streamerbot/'];

export function originGuard(publicOrigin: string | null) {
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!SIGNED_WEBHOOK_PREFIXES.some((prefix) => req.url.startsWith(prefix)) && isForeignOrigin(req, publicOrigin)) {
      // Answered here: the request goes no further (Fastify's way for a callback hook is not to call done).
      reply.code(403).send({ status: 'error', message: 'Cross-site request refused' });
      return;
    }
    done();
  };
}
