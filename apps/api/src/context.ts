import type {} from '@fastify/cookie';
import type { UserRow } from '@shop/db';
import type { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, validateSessionToken } from './auth/session';
import type { Services } from './services';

/** How a procedure sets or clears the session cookie without knowing about HTTP. */
export interface SessionCookies {
  set(token: string, expiresAt: number): void;
  clear(): void;
}

/** Facts about the HTTP request itself, for the SSL check; protocol and host honour TRUST_PROXY. */
export interface RequestFacts {
  protocol: 'http' | 'https';
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Context {
  services: Services;
  user: UserRow | null;
  sessionId: string | null;
  ip: string;
  cookies: SessionCookies;
  request: RequestFacts;
  /**
   * Set by the REST adapter when the HTTP body cannot become input (not JSON, missing, not an
   * object, an unknown media type). The procedure's access check throws it only once the caller
   * is let in, so nobody learns about a route's input before being allowed to call it.
   */
  inputRefusal?: TRPCError;
}

const noCookies: SessionCookies = { set: () => {}, clear: () => {} };

/** The testable part: everything a procedure needs, without a request. */
export function createContextInner(opts: {
  services: Services;
  user?: UserRow | null;
  sessionId?: string | null;
  ip?: string;
  cookies?: SessionCookies;
  request?: RequestFacts;
}): Context {
  return {
    services: opts.services,
    user: opts.user ?? null,
    sessionId: opts.sessionId ?? null,
    ip: opts.ip ?? '127.0.0.1',
    cookies: opts.cookies ?? noCookies,
    request: opts.request ?? { protocol: 'http', host: 'localhost', headers: {} },
  };
}

export function sessionCookies(secure: boolean, reply: FastifyReply): SessionCookies {
  return {
    set: (token, expiresAt) =>
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: new Date(expiresAt),
      }),
    clear: () => reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' }),
  };
}

/** The thin request wrapper: reads the cookie, validates the session, renews it when due. */
export async function createRequestContext(services: Services, req: FastifyRequest, reply: FastifyReply) {
  const cookies = sessionCookies(services.config.nodeEnv === 'production', reply);
  const request: RequestFacts = {
    protocol: req.protocol === 'https' ? 'https' : 'http',
    host: req.host,
    headers: req.headers,
  };
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return createContextInner({ services, ip: req.ip, cookies, request });
  const session = await validateSessionToken(services.db.kysely, token, services.now());
  if (!session) {
    cookies.clear();
    return createContextInner({ services, ip: req.ip, cookies, request });
  }
  if (session.renewed) cookies.set(token, session.expiresAt);
  return createContextInner({
    services,
    user: session.user,
    sessionId: session.sessionId,
    ip: req.ip,
    cookies,
    request,
  });
}
