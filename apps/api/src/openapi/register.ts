import type { FastifyInstance } from 'fastify';
import type { SecurityHeaders } from '../http/security-headers';
import type { RestRoute } from '../rest/adapter';
import { buildOpenApiDocument, documentedRoutes, type OpenApiDocument } from './document';
import { renderReferenceHtml } from './html';
import { DOCS_PATH, OPENAPI_PATH, plainRouteDocs } from './plain-routes';

/** The document of the routes this app serves: the REST adapter's plus the plain /api routes. */
export function openApiDocumentFor(routes: readonly RestRoute[]): OpenApiDocument {
  return buildOpenApiDocument([...documentedRoutes(routes), ...plainRouteDocs]);
}

/**
 * GET /api/openapi.json and GET /api/docs; both are built once, on first request, from the route table.
 * The docs are a page under /api: they carry the pages' headers (its CSP lets their inline styles in).
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  routes: readonly RestRoute[],
  pageHeaders: SecurityHeaders,
): void {
  let document: OpenApiDocument | null = null;
  let html: string | null = null;
  const current = () => {
    document ??= openApiDocumentFor(routes);
    return document;
  };
  app.get(OPENAPI_PATH, async () => current());
  app.get(DOCS_PATH, { config: { securityHeaders: pageHeaders } }, async (_req, reply) => {
    html ??= renderReferenceHtml(current());
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
