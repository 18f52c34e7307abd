import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../src/openapi/document';
import { plainRouteDocs } from '../src/openapi/plain-routes';
import { restRoutes } from '../src/rest/routes';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';

type Operation = {
  summary: string;
  'x-access': string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: { type?: string } } } };
  responses: Record<string, { $ref?: string; description?: string; content?: unknown }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
};

// The document is built from the route table alone; one dialect is enough to serve it.
const [dialect] = testDialects();

describe(`GET /api/openapi.json and /api/docs (${dialect})`, () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp(dialect ?? 'sqlite', { admin: TEST_ADMIN, seedDemoData: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t?.close());

  it('is an OpenAPI 3.1 document with info, paths, the error schema and the session cookie', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
    expect(doc.components.schemas.Error).toMatchObject({ required: ['status', 'message'] });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session' });
  });

  // Fails as soon as a REST route is added without a doc: undocumented routes are not in the document.
  it.each(restRoutes.map((r) => [r.method, r.url] as const))('documents %s %s', (method, url) => {
    const route = restRoutes.find((r) => r.method === method && r.url === url);
    expect(route?.doc, `${method} ${url} has no doc`).toBeDefined();
    const operation = doc.paths[openApiPath(url).path]?.[method.toLowerCase()];
    expect(operation, `${method} ${url} is missing from the document`).toBeDefined();
    if (!operation || !route?.doc) return;
    expect(operation.summary).toBe(route.doc.summary);
    expect(operation['x-access']).toBe(route.doc.access);
    // A reply schema, or a note saying what the reply is.
    expect(operation.responses['200']?.content ?? route.doc.unstructured).toBeTruthy();
    if (route.doc.body) expect(operation.requestBody?.content['application/json'].schema).toBeTruthy();
    for (const name of openApiPath(url).params) {
      expect(operation.parameters?.some((p) => p.in === 'path' && p.name === name)).toBe(true);
    }
    // Honest failure statuses by access level, each pointing at the shared error reply.
    if (route.doc.access !== 'public') expect(operation.responses['401']?.$ref).toBe('#/components/responses/Error401');
    if (route.doc.access === 'admin') expect(operation.responses['403']?.$ref).toBe('#/components/responses/Error403');
    for (const response of Object.values(operation.responses)) {
      if (response.$ref) expect(doc.components.responses[response.$ref.split('/').pop() ?? '']).toBeDefined();
    }
  });

  it('documents the plain /api routes too (PayPal webhook, the document itself, the reference page)', () => {
    for (const route of plainRouteDocs) {
      expect(doc.paths[openApiPath(route.url).path]?.[route.method.toLowerCase()]).toBeDefined();
    }
    expect(doc.paths['/api/paypal/webhook']?.post?.requestBody).toBeDefined();
  });

  it('lists only paths under /api, in OpenAPI {param} form', () => {
    for (const path of Object.keys(doc.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      expect(path).not.toContain(':');
    }
  });

  it('leaves path fields out of request bodies (the adapter takes them from the URL)', () => {
    const patch = doc.paths['/api/admin/webhook-endpoints/{id}']?.patch;
    const schema = patch?.requestBody?.content['application/json'].schema as { properties?: Record<string, unknown> };
    expect(schema.properties).toBeDefined();
    expect(schema.properties).not.toHaveProperty('id');
  });

  it('documents query parameters from the same zod schema the procedure uses', () => {
    const overview = doc.paths['/api/admin/overview']?.get;
    expect(overview?.parameters).toContainEqual(
      expect.objectContaining({ name: 'days', in: 'query', required: false }),
    );
  });

  it('serves /api/docs: readable HTML listing every path, without scripts, under the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.body).not.toMatch(/<script/i);
    for (const path of Object.keys(doc.paths)) expect(res.body).toContain(`<code>${path}</code>`);
    for (const route of restRoutes)
      expect(res.body).toContain(route.doc?.summary.replace(/'/g, '&#39;').replace(/"/g, '&quot;') ?? '~none~');
  });

  // The response schemas are the real shapes: every GET without path parameters answers what its doc says.
  it('describes real replies: each parameterless GET answer parses with its response schema', async () => {
    const cookie = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    let checked = 0;
    for (const route of restRoutes) {
      if (route.method !== 'GET' || route.url.includes(':') || !route.doc?.response) continue;
      const res = await t.app.inject({ method: 'GET', url: route.url, headers: { cookie } });
      // Routes that need an outside service (the Rust server) answer an error here; their errors are documented.
      if (res.statusCode !== 200) {
        expect(Object.keys(doc.paths[openApiPath(route.url).path]?.get?.responses ?? {})).toContain(
          String(res.statusCode),
        );
        continue;
      }
      const parsed = route.doc.response.safeParse(res.json());
      expect(parsed.success, `${route.url}: ${parsed.error?.message}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
