import type { Access } from '../procedure-meta';
import type { ApiTag, HttpMethod } from '../rest/mapping';
import type { JsonSchema } from './json-schema';

/**
 * One operation of the reference, with its schemas already in JSON Schema: built from a
 * procedure's REST endpoint (operations.ts) or from a plain route's doc entry (plain-route-doc.ts).
 */
export interface DocumentedOperation {
  method: HttpMethod;
  /** OpenAPI form: `/api/categories/{id}`. */
  path: string;
  summary: string;
  tag: ApiTag;
  access: Access;
  description?: string;
  pathParams: Record<string, JsonSchema>;
  /** An object schema whose properties are the query parameters. */
  query?: JsonSchema;
  body?: JsonSchema;
  /** The reply on success: a schema, or a note saying what the reply is instead. */
  response?: JsonSchema;
  unstructured?: string;
  /** The route answers 302 with a Location, never 200: what the redirect is for. */
  redirect?: string;
  /** Failure statuses beyond those its access, input and path imply. */
  errors: readonly number[];
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-access': Access;
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
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
  403: 'Refused: an admin-only route, another account’s order, or a change sent from another site’s page',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request body is larger than the route accepts',
  422: 'The payment was refused',
  429: 'Too many requests (Retry-After says when to come back)',
  502: 'An outside service failed',
  503: 'Not available on this shop right now',
};

const TAG_TEXT: Record<ApiTag, string> = {
  Accounts: 'Registration, sign-in and the signed-in user',
  Actions: 'Stream actions viewers trigger with coins, and the pause switch',
  Admin: 'User management and the streamer overview',
  Categories: 'Categories that group the actions',
  Coins: 'Coin packages and the coin ledger',
  Community: 'The leaderboard and public profiles',
  Diagnostics: 'Database, MySQL, SSL and RCON checks',
  Earning: 'Watch-time rewards, Streamer.bot conversions and the broadcaster’s Twitch authorization',
  Endpoints: 'Delivery targets: webhooks, RCON, WebRcon and overlays',
  History: 'Triggered actions, their deliveries, refunds and resends',
  Payments: 'Checkout, captures and PayPal’s webhook',
  Queue: 'The control room: triggers waiting to be sent, approvals, the hold switch, and a viewer’s place in line',
  Reference: 'This reference',
  Stream: 'The Twitch stream and the streamer’s videos',
};

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The failure statuses an operation can answer: those its shape implies, plus those it names. */
export function errorStatuses(op: DocumentedOperation): number[] {
  const statuses = new Set<number>(op.errors);
  const hasParams = Object.keys(op.pathParams).length > 0;
  if (op.body || op.query || hasParams) statuses.add(400);
  if (op.access !== 'public') statuses.add(401);
  if (op.access === 'admin') statuses.add(403);
  // The origin check refuses a state-changing request whose Origin is another site (origin-check.ts).
  if (op.method !== 'GET') statuses.add(403);
  if (hasParams) statuses.add(404);
  // Fastify refuses a body over the route's limit before anything else reads it.
  if (op.body) statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

const headerObjects = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  );

function successOf(op: DocumentedOperation): [string, JsonSchema] {
  if (op.redirect) {
    return ['302', { description: op.redirect, headers: headerObjects({ Location: 'where the browser goes next' }) }];
  }
  const headers = Object.keys(op.responseHeaders).length > 0 ? { headers: headerObjects(op.responseHeaders) } : {};
  return [
    '200',
    {
      description: op.unstructured ?? 'Success',
      ...(op.response && { content: { 'application/json': { schema: op.response } } }),
      ...headers,
    },
  ];
}

function queryParameters(query: JsonSchema): JsonSchema[] {
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
}

function operationOf(op: DocumentedOperation): OpenApiOperation {
  const parameters: JsonSchema[] = [
    ...Object.entries(op.pathParams).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
    ...(op.query ? queryParameters(op.query) : []),
    ...Object.entries(op.requestHeaders).map(([name, description]) => ({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string' },
    })),
  ];
  const [status, success] = successOf(op);
  const responses: Record<string, JsonSchema> = { [status]: success };
  for (const error of errorStatuses(op)) responses[String(error)] = { $ref: `#/components/responses/Error${error}` };
  responses['431'] = { $ref: '#/components/responses/HeadersTooLarge' };
  responses.default = { $ref: '#/components/responses/Unexpected' };
  return {
    operationId: operationId(op.method, op.path),
    summary: op.summary,
    ...(op.description && { description: op.description }),
    tags: [op.tag],
    'x-access': op.access,
    // Public routes need no cookie; the others name the session cookie (a public route may still read it).
    security: op.access === 'public' ? [] : [{ session: [] }],
    ...(parameters.length > 0 && { parameters }),
    ...(op.body && { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } }),
    responses,
  };
}

export function buildOpenApiDocument(operations: readonly DocumentedOperation[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<ApiTag>();
  const statuses = new Set<number>();
  for (const op of operations) {
    const operation = operationOf(op);
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operation };
    tags.add(op.tag);
    for (const error of errorStatuses(op)) statuses.add(error);
  }
  const errorResponses = Object.fromEntries(
    [...statuses]
      .sort((a, b) => a - b)
      .map((status) => [
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
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_TEXT[name] })),
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          properties: { status: { const: 'error' }, message: { type: 'string' } },
          required: ['status', 'message'],
        },
        FrameworkError: {
          type: 'object',
          properties: { error: { type: 'string' }, message: { type: 'string' }, statusCode: { type: 'integer' } },
          required: ['error', 'message', 'statusCode'],
        },
      },
      responses: {
        ...errorResponses,
        // Fastify answers these itself, before any route runs, in its own shape.
        HeadersTooLarge: {
          description: 'The request headers are larger than the server reads',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/FrameworkError' } } },
        },
        Unexpected: {
          description: 'An unexpected failure (5xx)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
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
