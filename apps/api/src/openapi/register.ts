import type { FastifyInstance } from 'fastify';
import { streamerbotWebhookDoc } from '../earning/streamerbot-route.doc';
import type { SecurityHeaders } from '../http/security-headers';
import { paypalWebhookDoc } from '../payments/webhook-route.doc';
import type { RestEndpoint } from '../rest/endpoints';
import { twitchOAuthDocs } from '../twitch/oauth-routes.doc';
import { buildOpenApiDocument, type OpenApiDocument } from './document';
import { renderReferenceHtml } from './html';
import { operationOfEndpoint } from './operations';
import { operationOfPlainRoute, type PlainRouteDoc } from './plain-route-doc';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const referenceDocs: PlainRouteDoc[] = [
  {
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This document: OpenAPI 3.1 of every /api path',
    tag: 'Reference',
    access: 'public',
    unstructured: 'An OpenAPI 3.1.0 document (JSON)',
  },
  {
    method: 'GET',
    path: DOCS_PATH,
    summary: 'The readable reference of every /api path (HTML)',
    tag: 'Reference',
    access: 'public',
    unstructured: 'An HTML page',
  },
];

/** The /api routes served outside the REST adapter, each documented beside its handler. */
export const plainRouteDocs: readonly PlainRouteDoc[] = [
  paypalWebhookDoc,
  streamerbotWebhookDoc,
  ...twitchOAuthDocs,
  ...referenceDocs,
];

/** The document of every /api path this app serves: the procedures' REST paths and the plain routes. */
export function openApiDocumentFor(endpoints: readonly RestEndpoint[]): OpenApiDocument {
  return buildOpenApiDocument([...endpoints.map(operationOfEndpoint), ...plainRouteDocs.map(operationOfPlainRoute)]);
}

/**
 * GET /api/openapi.json and GET /api/docs; both are built once, on first request.
 * The docs are a page under /api: they carry the pages' headers (its CSP lets their inline styles in).
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  endpoints: readonly RestEndpoint[],
  pageHeaders: SecurityHeaders,
): void {
  let document: OpenApiDocument | null = null;
  let html: string | null = null;
  const current = () => {
    document ??= openApiDocumentFor(endpoints);
    return document;
  };
  app.get(OPENAPI_PATH, async () => current());
  app.get(DOCS_PATH, { config: { securityHeaders: pageHeaders } }, async (_req, reply) => {
    html ??= renderReferenceHtml(current());
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
