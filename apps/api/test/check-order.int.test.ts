import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestEndpoint, restEndpoints } from '../src/rest/endpoints';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

/**
 * Who may call a route is decided before anything about its input: an anonymous caller gets 401 and
 * a viewer 403 from a guarded route whatever body they send, so probing learns nothing of its input.
 */
const restRoutes = restEndpoints();
const accessOf = (route: RestEndpoint) => route.access;
const guarded = restRoutes.filter((r) => accessOf(r) === 'signed-in' || accessOf(r) === 'admin');
const adminOnly = guarded.filter((r) => accessOf(r) === 'admin');

const pathOf = (url: string) => url.replace(/\{\w+\}/g, '1');
const asCase = (r: RestEndpoint) => [r.method, r.path] as const;

type Method = RestEndpoint['method'];

/** Bodies that each fail a different step of reading input: JSON, its emptiness, its shape, the media type. */
const BAD_BODIES: [string, { contentType: string; payload: string }][] = [
  ['broken JSON', { contentType: 'application/json', payload: '{"name": ' }],
  ['an empty JSON body', { contentType: 'application/json', payload: '' }],
  ['a JSON array', { contentType: 'application/json', payload: '[1,2,3]' }],
  ['JSON null', { contentType: 'application/json', payload: 'null' }],
  ['wrong types', { contentType: 'application/json', payload: '{"displayName": 12, "paused": "yes"}' }],
  ['prototype poisoning', { contentType: 'application/json', payload: '{"__proto__": {"is_admin": 1}}' }],
  ['plain text', { contentType: 'text/plain', payload: 'hello' }],
  ['an unknown media type', { contentType: 'application/xml', payload: '<a/>' }],
];

const NOT_SIGNED_IN = { status: 'error', message: 'You must be logged in' };
const NOT_ADMIN = { status: 'error', message: 'Admin access required' };

describe.each(testDialects())('access is checked before input on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    viewer = (await registerUser(t.app, 'prober')).cookie;
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());

  const send = (method: Method, url: string, cookie: string | null, payload?: string, contentType?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie && { cookie }), ...(contentType && { 'content-type': contentType }) },
      ...(payload !== undefined && { payload }),
    });

  it('finds the guarded routes in the route table', () => {
    // Every endpoint states who may call it: its procedure's base sets it.
    expect(restRoutes.filter((r) => !r.access)).toEqual([]);
    expect(guarded.length).toBeGreaterThanOrEqual(50);
    expect(adminOnly.length).toBeGreaterThanOrEqual(38);
  });

  describe.each(BAD_BODIES)('with %s', (_name, { contentType, payload }) => {
    it.each(guarded.map(asCase))('anonymous %s %s answers 401', async (method, url) => {
      const res = await send(method, pathOf(url), null, payload, contentType);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(NOT_SIGNED_IN);
    });

    it.each(adminOnly.map(asCase))('a viewer at %s %s gets 403', async (method, url) => {
      const res = await send(method, pathOf(url), viewer, payload, contentType);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NOT_ADMIN);
    });
  });

  it('still tells an admin the body is not JSON, even where the route reads no body', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/admin/webhook-endpoints/1'],
      ['DELETE', '/api/categories/1'],
    ] as const) {
      const res = await send(method, url, admin, '{"a": ', 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: 'Request body is not valid JSON' });
    }
  });

  it('tells an admin which media type is refused, after the access check', async () => {
    const res = await send('PUT', '/api/admin/shop-status', admin, '<a/>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 'error', message: expect.stringContaining('application/xml') });
  });

  describe('over /trpc', () => {
    const input = (value: string) => `?input=${encodeURIComponent(value)}`;

    it('refuses an anonymous mutation with a broken or wrong body as not signed in', async () => {
      for (const payload of ['{"displayName": ', '[1,2,3]', '{"displayName": 12}']) {
        const res = await send('POST', '/trpc/user.updateProfile', null, payload, 'application/json');
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe(NOT_SIGNED_IN.message);
      }
    });

    it('refuses an anonymous query with broken input as not signed in', async () => {
      const res = await send('GET', `/trpc/transactions.list${input('{"limit": ')}`, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(NOT_SIGNED_IN.message);
    });

    it('refuses a viewer at admin procedures before reading their input', async () => {
      for (const [path, payload] of [
        ['endpoints.update', '{"id": '],
        ['endpoints.update', '[1,2,3]'],
        ['shop.setStatus', '{"paused": "yes"}'],
      ] as const) {
        const anonymous = await send('POST', `/trpc/${path}`, null, payload, 'application/json');
        expect(anonymous.statusCode).toBe(401);
        const res = await send('POST', `/trpc/${path}`, viewer, payload, 'application/json');
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(NOT_ADMIN.message);
      }
      const query = await send('GET', `/trpc/history.list${input('{"limit": ')}`, viewer);
      expect(query.statusCode).toBe(403);
    });
  });

  describe('body shape', () => {
    it('refuses a JSON array as the body of a webhook endpoint change, and changes nothing', async () => {
      const created = await send(
        'POST',
        '/api/admin/webhook-endpoints',
        admin,
        JSON.stringify({
          url: 'https://example.test/hook',
          secretKey: 's3cret',
          description: 'kept',
          gameType: 'other',
        }),
        'application/json',
      );
      expect(created.statusCode).toBe(200);
      const id = created.json().id as number;
      for (const payload of ['[1,2,3]', '["description", "changed"]', '"changed"', '12', 'null']) {
        const res = await send('PATCH', `/api/admin/webhook-endpoints/${id}`, admin, payload, 'application/json');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: 'error', message: 'Request body must be a JSON object' });
      }
      const list = await send('GET', '/api/admin/webhook-endpoints', admin);
      expect(list.json()).toContainEqual(expect.objectContaining({ id, description: 'kept' }));
      // An object still works, so the check is about the shape only.
      const changed = await send(
        'PATCH',
        `/api/admin/webhook-endpoints/${id}`,
        admin,
        JSON.stringify({ description: 'changed' }),
        'application/json',
      );
      expect(changed.statusCode).toBe(200);
      expect(changed.json().description).toBe('changed');
    });

    it('refuses a missing body where the route takes one', async () => {
      const cases: [Method, string, string][] = [
        ['PATCH', '/api/user/profile', viewer],
        ['PUT', '/api/admin/shop-status', admin],
      ];
      for (const [method, url, cookie] of cases) {
        for (const res of [await send(method, url, cookie), await send(method, url, cookie, '', 'application/json')]) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ status: 'error', message: 'Request body is required' });
        }
      }
      const status = await send('GET', '/api/shop-status', null);
      expect(status.json().paused).toBe(false);
    });

    it('lets a route that reads no body go without one, even with a JSON content type', async () => {
      const res = await send('POST', '/api/logout', null, '', 'application/json');
      expect(res.statusCode).toBe(200);
    });
  });
});
