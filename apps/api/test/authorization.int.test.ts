import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restEndpoints } from '../src/rest/endpoints';
import { createTestApp, registerUser, type TestApp } from './helpers';

/** Every admin capability is refused on the server: 401 for visitors, 403 for viewers. */
const adminRoutes = restEndpoints().filter(
  (r) => r.path.startsWith('/api/admin/') || (r.path.startsWith('/api/categories') && r.method !== 'GET'),
);

describe.each(testDialects())('admin paths on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    viewer = (await registerUser(t.app, 'nosy')).cookie;
  });
  afterAll(async () => t?.close());

  it('covers every admin path', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(18);
  });

  it.each(adminRoutes.map((r) => [r.method, r.path] as const))('%s %s', async (method, url) => {
    const path = url.replace('{id}', '1').replace('{orderId}', 'X');
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const anonymous = await t.app.inject({ method, url: path, ...(payload && { payload }) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe('error');
    const forbidden = await t.app.inject({
      method,
      url: path,
      headers: { cookie: viewer },
      ...(payload && { payload }),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ status: 'error', message: 'Admin access required' });
  });
});
