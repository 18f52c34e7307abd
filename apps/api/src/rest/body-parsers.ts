import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';

/** What the parsers below leave as the body when it cannot be input; never reaches a procedure. */
export class UnreadableBody {
  constructor(readonly refusal: TRPCError) {}
}

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * Fastify's own parsers answer 400 or 415 before the handler runs, that is before the session is
 * looked at; these keep the failure as the body instead so the procedure refuses it after its
 * access check. JSON still goes through Fastify's parser, prototype poisoning checks included.
 */
export function deferBodyFailures(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
    // parseAs 'string' hands a string; the parser's type does not say so.
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    // Clients often send the JSON content type on a request without a body: the same as no body.
    if (text.length === 0) return done(null, undefined);
    // Fastify's default parser answers through the callback and returns nothing; its type also allows
    // the promise form, hence the void.
    void parseJson(req, text, (error: Error | null, value?: unknown) =>
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
