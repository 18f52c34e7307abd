import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestContext } from '../context';
import { toClientError } from '../errors';
import { sendError } from '../http/send-error';
import { appRouter } from '../routers/index';
import type { Services } from '../services';
import { createCallerFactory } from '../trpc';
import { deferBodyFailures, UnreadableBody } from './body-parsers';
import type { RestEndpoint } from './endpoints';
import { writePage } from './paging';

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;
type Call = (input: unknown) => Promise<unknown>;

/** A thrown error as the client sees it: logged when it is the server's fault, Retry-After on a 429. */
function sendThrown(reply: FastifyReply, error: unknown, log: FastifyBaseLogger): FastifyReply {
  const client = toClientError(error);
  if (client.status >= 500) log.error({ err: error }, 'request failed');
  if (client.retryAfterSeconds !== undefined) reply.header('retry-after', String(client.retryAfterSeconds));
  return sendError(reply, client.status, client.message, client.details);
}

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * Why this body cannot be the endpoint's input, or null. Path parameters are merged into the body
 * with a spread, which would turn an array or a string into an object of indexes and let it pass.
 */
function refusalOf(endpoint: RestEndpoint, body: unknown): TRPCError | null {
  if (body instanceof UnreadableBody) return body.refusal;
  if (endpoint.fieldsFrom !== 'body') return null;
  if (body === undefined) return badRequest('Request body is required');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return badRequest('Request body must be a JSON object');
  }
  return null;
}

/** `/api/categories/{id}` -> `/api/categories/:id`. */
const fastifyPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/**
 * The procedure's input as sent: fields from the body or query, path parameters over them (as
 * numbers where the input reads numbers), a header for a field the request left out. The
 * procedure's own schema is what checks all of it, as for /trpc.
 */
function inputOf(endpoint: RestEndpoint, req: FastifyRequest): unknown {
  if (!endpoint.input) return undefined;
  const source = endpoint.fieldsFrom === 'body' ? req.body : endpoint.fieldsFrom === 'query' ? req.query : null;
  const input: Record<string, unknown> = { ...(source as Record<string, unknown> | null) };
  const params = req.params as Record<string, string>;
  for (const { name, field, numeric } of endpoint.pathParams)
    input[field] = numeric ? Number(params[name]) : params[name];
  const fill = endpoint.headerInput;
  const header = fill && req.headers[fill.header.toLowerCase()];
  if (fill && input[fill.field] === undefined && typeof header === 'string') input[fill.field] = header;
  return input;
}

/** The caller's function for `coins.updatePackage`. */
function procedureOf(caller: Caller, path: string): Call {
  let node: unknown = caller;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'function') throw new Error(`No procedure at ${path}`);
  return node as Call;
}

/** Serves the fixed /api paths other clients already call by calling the same tRPC procedures. */
export function registerRestRoutes(app: FastifyInstance, services: Services, endpoints: readonly RestEndpoint[]): void {
  // A scope of their own, so the parsers serve these routes only (tRPC and webhooks have theirs).
  app.register(async (scope) => {
    deferBodyFailures(scope);
    for (const endpoint of endpoints) {
      scope.route({
        method: endpoint.method,
        url: fastifyPath(endpoint.path),
        handler: async (req, reply) => {
          const ctx = await createRequestContext(services, req, reply);
          const inputRefusal = refusalOf(endpoint, req.body);
          try {
            const caller = createCaller(inputRefusal ? { ...ctx, inputRefusal } : ctx);
            // A refused body is thrown by the procedure's access check, before its input is read.
            const result = await procedureOf(caller, endpoint.procedure)(inputRefusal ? {} : inputOf(endpoint, req));
            return endpoint.paged ? writePage(endpoint, req, reply, result) : result;
          } catch (error) {
            return sendThrown(reply, error, services.log);
          }
        },
      });
    }
  });
}
