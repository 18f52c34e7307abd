import { type ZodType, z } from 'zod';
import type { RestRoute, RouteDoc } from '../rest/adapter';

/** A path the reference lists: a REST route of restRoutes, or a plain route documented beside them. */
export interface DocumentedRoute {
  method: RestRoute['method'];
  url: string;
  doc: RouteDoc;
}

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-access': RouteDoc['access'];
  security?: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The input is not valid (the message names the field)',
  401: 'Not signed in',
  402: 'Not enough coins',
  403: 'Signed in, but not an admin',
  404: 'Not found',
  409: 'Conflicts with the current state',
  422: 'The payment was refused',
  429: 'Too many requests (Retry-After says when to come back)',
  502: 'An outside service failed',
  503: 'Not available on this shop right now',
};

/** OpenAPI 3.1 speaks JSON Schema 2020-12, which zod 4 emits directly. */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  // 'any' for the few things JSON Schema cannot say (a custom check): the schema stays honest about the rest.
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, ...rest } = json;
  return rest;
}

/** '/api/users/:id/profile' -> '/api/users/{id}/profile', and the parameter names. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

function queryParameters(schema: ZodType): JsonSchema[] {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/**
 * The body as a client sends it. A field the route fills from the path (`id` of PATCH .../:id) is left
 * out: the procedure's schema has it, but the adapter takes it from the URL.
 */
function bodySchema(schema: ZodType, pathParams: string[]): JsonSchema {
  const json = jsonSchemaOf(schema, 'input');
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties || !pathParams.some((p) => p in properties)) return json;
  const kept = Object.fromEntries(Object.entries(properties).filter(([name]) => !pathParams.includes(name)));
  const required = ((json.required ?? []) as string[]).filter((name) => !pathParams.includes(name));
  return { ...json, properties: kept, ...(json.required ? { required } : {}) };
}

/** The failure statuses a route can answer, from its access level and input, plus those it names. */
export function errorStatuses(route: DocumentedRoute, hasParams: boolean): number[] {
  const { doc } = route;
  const statuses = new Set<number>(doc.errors ?? []);
  if (doc.body || doc.query || hasParams) statuses.add(400);
  if (doc.access !== 'public') statuses.add(401);
  if (doc.access === 'admin') statuses.add(403);
  if (hasParams) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function operationOf(route: DocumentedRoute): { path: string; operation: OpenApiOperation } {
  const { doc } = route;
  const { path, params } = openApiPath(route.url);
  const parameters: JsonSchema[] = [
    ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(doc.query ? queryParameters(doc.query) : []),
    ...Object.entries(doc.requestHeaders ?? {}).map(([name, description]) => ({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string' },
    })),
  ];
  const success: JsonSchema = {
    description: doc.unstructured ?? 'Success',
    ...(doc.response && { content: { 'application/json': { schema: jsonSchemaOf(doc.response, 'output') } } }),
    ...(doc.responseHeaders && {
      headers: Object.fromEntries(
        Object.entries(doc.responseHeaders).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      ),
    }),
  };
  const responses: Record<string, JsonSchema> = { '200': success };
  for (const status of errorStatuses(route, params.length > 0)) {
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }
  const operation: OpenApiOperation = {
    operationId: operationId(route.method, route.url),
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    tags: [doc.tag],
    'x-access': doc.access,
    // Public routes need no cookie; the others name the session cookie (a public route may still read it).
    ...(doc.access === 'public' ? { security: [] } : { security: [{ session: [] }] }),
    ...(parameters.length > 0 && { parameters }),
    ...(doc.body && {
      requestBody: { required: true, content: { 'application/json': { schema: bodySchema(doc.body, params) } } },
    }),
    responses,
  };
  return { path, operation };
}

/** Routes without a doc are left out: the openapi test lists restRoutes and fails on any missing one. */
export function documentedRoutes(routes: readonly RestRoute[]): DocumentedRoute[] {
  return routes.flatMap((r) => (r.doc ? [{ method: r.method, url: r.url, doc: r.doc }] : []));
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const statuses = new Set<number>();
  for (const route of routes) {
    const { path, operation } = operationOf(route);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
    tags.add(route.doc.tag);
    for (const status of Object.keys(operation.responses)) if (status !== '200') statuses.add(Number(status));
  }
  const errorResponses = Object.fromEntries(
    [...statuses].map((status) => [
      `Error${status}`,
      {
        description: STATUS_TEXT[status] ?? 'Failed',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stream shop API',
      version: '1.0.0',
      description:
        'The REST layer of the stream shop. Every route calls the same procedure as the web app (tRPC at /trpc) ' +
        'and validates with the same schemas. Failures answer {"status":"error","message":"..."} with the status code ' +
        'listed. Sign in with POST /api/login: the session cookie it sets authorises the other calls; state-changing ' +
        'requests from a browser must come from the shop’s own origin.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          properties: { status: { const: 'error' }, message: { type: 'string' } },
          required: ['status', 'message'],
        },
      },
      responses: errorResponses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description: 'Set by POST /api/login or /api/register; HttpOnly, 30 days sliding.',
        },
      },
    },
  };
}
