import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainRouteDocs } from '../src/openapi/register';
import { pathParamsOf, restEndpoints } from '../src/rest/endpoints';
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

// The document is built from the procedures alone; one dialect is enough to serve it.
const [dialect] = testDialects();
const endpoints = restEndpoints();

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

  it.each(endpoints.map((r) => [r.method, r.path] as const))('documents %s %s', (method, path) => {
    const route = endpoints.find((r) => r.method === method && r.path === path);
    const operation = doc.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is missing from the document`).toBeDefined();
    if (!operation || !route) return;
    expect(operation.summary).toBe(route.summary);
    expect(operation['x-access']).toBe(route.access);
    expect(operation.responses['200']?.content).toBeTruthy();
    if (route.fieldsFrom === 'body') expect(operation.requestBody?.content['application/json'].schema).toBeTruthy();
    for (const name of pathParamsOf(path)) {
      expect(operation.parameters?.some((p) => p.in === 'path' && p.name === name)).toBe(true);
    }
    // Honest failure statuses by access level, each pointing at the shared error reply.
    if (route.access !== 'public') expect(operation.responses['401']?.$ref).toBe('#/components/responses/Error401');
    if (route.access === 'admin') expect(operation.responses['403']?.$ref).toBe('#/components/responses/Error403');
    for (const response of Object.values(operation.responses)) {
      if (response.$ref) expect(doc.components.responses[response.$ref.split('/').pop() ?? '']).toBeDefined();
    }
  });

  it('documents the plain /api routes too (PayPal webhook, the document itself, the reference page)', () => {
    for (const route of plainRouteDocs) expect(doc.paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
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
    for (const route of endpoints)
      expect(res.body).toContain(route.summary.replace(/'/g, '&#39;').replace(/"/g, '&quot;'));
  });

  // The response schemas are the real shapes: every GET without path parameters answers what its doc says.
  it('describes real replies: each parameterless GET answer parses with its response schema', async () => {
    const cookie = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    let checked = 0;
    for (const route of endpoints) {
      if (route.method !== 'GET' || route.pathParams.length > 0) continue;
      const res = await t.app.inject({ method: 'GET', url: route.path, headers: { cookie } });
      // Routes that need an outside service (the Rust server) answer an error here; their errors are documented.
      if (res.statusCode !== 200) {
        expect(Object.keys(doc.paths[route.path]?.get?.responses ?? {})).toContain(String(res.statusCode));
        continue;
      }
      // A paged reply is the page's items; its cursor travels in a header.
      const parsed = route.output.safeParse(route.paged ? { items: res.json(), nextCursor: null } : res.json());
      expect(parsed.success, `${route.path}: ${parsed.error?.message}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
