import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { createRequestContext } from '../context';
import { toClientError } from '../errors';
import { appRouter } from '../routers/index';
import type { Services } from '../services';
import { createCallerFactory } from '../trpc';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Calls exactly one procedure; input validation happens inside it, as for /trpc. */
  call: (caller: Caller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** What GET /api/openapi.json says of the route: the same zod schemas the procedure uses. */
  doc?: RouteDoc;
}

export interface RouteDoc {
  summary: string;
  /** Groups routes in the reference (Accounts, Coins, Actions, Admin...). */
  tag: string;
  body?: ZodType;
  query?: ZodType;
  /** The reply on success. */
  response?: ZodType;
  /** Who may call it; shown in the reference. */
  access: 'public' | 'signed-in' | 'admin';
  /** Longer notes for the reference (headers read, special behaviour). */
  description?: string;
  /**
   * Failure statuses beyond those implied by access and input (400 for input, 401 signed-in,
   * 403 admin, 404 for a path parameter): 402, 409, 422, 429, 502, 503... as the procedure throws.
   */
  errors?: number[];
  /** Reply headers worth knowing, name -> meaning (e.g. X-Next-Cursor). */
  responseHeaders?: Record<string, string>;
  /** Request headers the route reads, name -> meaning (e.g. Idempotency-Key). */
  requestHeaders?: Record<string, string>;
  /** A reply without a fixed schema: say what it is instead of a response schema. */
  unstructured?: string;
}

/** The body or query as sent; the procedure's own schema is what checks it. */
export function unchecked<T>(value: unknown): T {
  return (value ?? {}) as T;
}

export function sendError(reply: FastifyReply, error: unknown, services: Services): FastifyReply {
  const client = toClientError(error);
  if (client.status >= 500) services.log.error({ err: error }, 'request failed');
  if (client.retryAfterSeconds !== undefined) reply.header('retry-after', String(client.retryAfterSeconds));
  return reply.code(client.status).send({ status: 'error', message: client.message });
}

/** Serves the fixed /api paths other clients already call by calling the same tRPC procedures. */
export function registerRestRoutes(app: FastifyInstance, services: Services, routes: RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        const ctx = await createRequestContext(services, req, reply);
        try {
          return await route.call(createCaller(ctx), req, reply);
        } catch (error) {
          return sendError(reply, error, services);
        }
      },
    });
  }
}
