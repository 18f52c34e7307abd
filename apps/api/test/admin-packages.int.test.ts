import { testDialects } from '@shop/db/testing';
import type { TCoinPackage } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoinPackage, createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(testDialects())('coin package admin on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  const api = (method: Method, url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const adminList = async (): Promise<TCoinPackage[]> => (await api('GET', '/api/admin/coin-packages', admin)).json();
  const shopList = async (): Promise<TCoinPackage[]> => (await api('GET', '/api/coin-packages', viewer)).json();
  const create = async (fields: object): Promise<TCoinPackage> => {
    const res = await api('POST', '/api/admin/coin-packages', admin, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewer = (await registerUser(t.app, 'viewer1')).cookie;
  });
  afterAll(async () => t?.close());

  it('refuses every admin package path to visitors (401) and viewers (403), changing nothing', async () => {
    const id = await addCoinPackage(t, { name: 'Guarded', amount: 10, priceCents: 100 });
    const paths: [Method, string, object | undefined][] = [
      ['GET', '/api/admin/coin-packages', undefined],
      ['POST', '/api/admin/coin-packages', { name: 'Free', amount: 1_000_000, price: 1 }],
      ['PATCH', `/api/admin/coin-packages/${id}`, { price: 1 }],
      ['PUT', '/api/admin/coin-packages/order', { ids: [id] }],
      ['DELETE', `/api/admin/coin-packages/${id}`, undefined],
    ];
    for (const [method, url, payload] of paths) {
      const anonymous = await api(method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().status).toBe('error');
      const forbidden = await api(method, url, viewer, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toEqual({ status: 'error', message: 'Admin access required' });
    }
    const after = await adminList();
    expect(after.find((p) => p.id === id)).toMatchObject({ name: 'Guarded', price: 100 });
    expect(after.some((p) => p.name === 'Free')).toBe(false);
  });

  it('creates packages at the end of the order, in integer cents, and validates like the form', async () => {
    const before = await adminList();
    const created = await create({ name: 'Big Pack', description: 'Lots', amount: 5000, price: 4999 });
    expect(created).toMatchObject({ name: 'Big Pack', amount: 5000, price: 4999, active: true });
    expect(created.sortOrder).toBeGreaterThan(Math.max(-1, ...before.map((p) => p.sortOrder)));
    expect((await adminList()).at(-1)?.id).toBe(created.id);

    const bad = [
      [{ name: '', amount: 1, price: 1 }, 'Name is required'],
      [{ name: 'X', amount: 0, price: 1 }, 'Amount must be greater than 0'],
      [{ name: 'X', amount: 1, price: 4.99 }, 'Price must be a whole number'],
      [{ name: 'X', amount: 1, price: 100_000_01 }, 'Price must be at most $100,000.00'],
      [{ name: 'X', amount: 2_000_000, price: 100 }, 'Amount must be at most 1,000,000 coins'],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await api('POST', '/api/admin/coin-packages', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('edits a price the shop then shows, and disabling hides the package from viewers only', async () => {
    const pkg = await create({ name: 'Edit Me', amount: 100, price: 199 });
    const res = await api('PATCH', `/api/admin/coin-packages/${pkg.id}`, admin, { price: 249, amount: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: pkg.id, price: 249, amount: 120, name: 'Edit Me' });
    expect((await shopList()).find((p) => p.id === pkg.id)?.price).toBe(249);

    const off = await api('PATCH', `/api/admin/coin-packages/${pkg.id}`, admin, { active: false });
    expect(off.json().active).toBe(false);
    expect((await shopList()).some((p) => p.id === pkg.id)).toBe(false);
    expect((await adminList()).find((p) => p.id === pkg.id)?.active).toBe(false);

    const badSort = await api('PATCH', `/api/admin/coin-packages/${pkg.id}`, admin, { sortOrder: -1 });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toContain('Sort order must be 0 or more');
    const missing = await api('PATCH', '/api/admin/coin-packages/999999', admin, { price: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Coin package not found');
  });

  it('reorders the whole list in one call, and refuses an unknown or repeated id without moving anything', async () => {
    const ids = (await adminList()).map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const reversed = [...ids].reverse();
    const res = await api('PUT', '/api/admin/coin-packages/order', admin, { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TCoinPackage[]).map((p) => p.id)).toEqual(reversed);
    expect((await adminList()).map((p) => p.id)).toEqual(reversed);
    // The shop follows the same order, minus disabled packages.
    const shopIds = (await shopList()).map((p) => p.id);
    expect(shopIds).toEqual(reversed.filter((id) => shopIds.includes(id)));

    const unknown = await api('PUT', '/api/admin/coin-packages/order', admin, { ids: [reversed[1], 999999] });
    expect(unknown.statusCode).toBe(404);
    const repeated = await api('PUT', '/api/admin/coin-packages/order', admin, { ids: [ids[0], ids[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain('ids must not repeat a package');
    expect((await adminList()).map((p) => p.id)).toEqual(reversed);

    // A single move through PATCH sortOrder works too, for API clients.
    const last = reversed.at(-1) as number;
    const moved = await api('PATCH', `/api/admin/coin-packages/${last}`, admin, { sortOrder: 0 });
    expect(moved.json().sortOrder).toBe(0);
  });

  it('deletes a package, and a second delete is a 404', async () => {
    const pkg = await create({ name: 'Gone Soon', amount: 1, price: 1 });
    const res = await api('DELETE', `/api/admin/coin-packages/${pkg.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect((await adminList()).some((p) => p.id === pkg.id)).toBe(false);
    expect((await api('DELETE', `/api/admin/coin-packages/${pkg.id}`, admin)).statusCode).toBe(404);
  });
});
