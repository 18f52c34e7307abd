import { TRPCError } from '@trpc/server';
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
  /**
   * Calls exactly one procedure; input validation happens inside it, as for /trpc, and so does the
   * refusal of a body that cannot be input (after the procedure's access check).
   */
  call: (caller: Caller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** What GET /api/openapi.json says of the route: the same zod schemas the procedure uses. */
  doc?: RouteDoc;
}

export interface RouteDoc {
  summary: string;
  /** Groups routes in the reference (Accounts, Coins, Actions, Admin...). */
  tag: string;
  /** A route with a body schema requires a body, and a JSON object: the adapter refuses anything else. */
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

/** What the parsers below leave as the body when it cannot be input; never reaches a route's call. */
class UnreadableBody {
  constructor(readonly refusal: TRPCError) {}
}

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * Why this body cannot be the route's input, or null. Routes merge path parameters into the body
 * with a spread, which would turn an array or a string into an object of indexes and let it pass.
 */
function refusalOf(route: RestRoute, body: unknown): TRPCError | null {
  if (body instanceof UnreadableBody) return body.refusal;
  if (!route.doc?.body) return null;
  if (body === undefined) return badRequest('Request body is required');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return badRequest('Request body must be a JSON object');
  }
  return null;
}

/**
 * Fastify's own parsers answer 400 or 415 before the handler runs, that is before the session is
 * looked at; these keep the failure as the body instead so the procedure refuses it after its
 * access check. JSON still goes through Fastify's parser, prototype poisoning checks included.
 */
function deferBodyFailures(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
    // parseAs 'string' hands a string; the parser's type does not say so.
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    // Clients often send the JSON content type on a request without a body: the same as no body.
    if (text.length === 0) return done(null, undefined);
    parseJson(req, text, (error: Error | null, value?: unknown) =>
      done(null, error ? new UnreadableBody(badRequest('Request body is not valid JSON')) : value),
    );
  });
  // Read (within the body limit) and set aside; text/plain keeps Fastify's own parser.
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (req, _raw, done) => {
    const type = req.headers['content-type'];
    const message = `Request body must be application/json${type ? `, not ${type}` : ''}`;
    done(null, new UnreadableBody(new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message })));
  });
}

/** Serves the fixed /api paths other clients already call by calling the same tRPC procedures. */
export function registerRestRoutes(app: FastifyInstance, services: Services, routes: RestRoute[]): void {
  // A scope of their own, so the parsers above serve these routes only (tRPC and webhooks have theirs).
  app.register(async (scope) => {
    deferBodyFailures(scope);
    for (const route of routes) {
      scope.route({
        method: route.method,
        url: route.url,
        handler: async (req, reply) => {
          const ctx = await createRequestContext(services, req, reply);
          const inputRefusal = refusalOf(route, req.body);
          if (inputRefusal) req.body = undefined;
          try {
            return await route.call(createCaller(inputRefusal ? { ...ctx, inputRefusal } : ctx), req, reply);
          } catch (error) {
            return sendError(reply, error, services);
          }
        },
      });
    }
  });
}
