import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

const action = (overrides: Record<string, unknown> = {}) => ({
  name: 'Airhorn',
  description: 'loud',
  webhookAction: 'play airhorn',
  cost: 10,
  ...overrides,
});

describe.each(testDialects())('admin and profile input on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie }, payload });

  it('answers an unknown categoryId with a 400 that says so', async () => {
    const created = await send('POST', '/api/admin/stream-actions', action({ categoryId: 987_654 }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ status: 'error', message: 'Category not found' });

    const ok = await send('POST', '/api/admin/stream-actions', action());
    expect(ok.statusCode).toBe(200);
    const updated = await send('PATCH', `/api/admin/stream-actions/${ok.json().id}`, { categoryId: 987_654 });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toEqual({ status: 'error', message: 'Category not found' });
  });

  it('keeps category names unique in any case, and a name picks that category', async () => {
    const sound = await send('POST', '/api/categories', { name: 'Sound Effect' });
    expect(sound.statusCode).toBe(200);
    const twin = await send('POST', '/api/categories', { name: '  sound EFFECT ' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ status: 'error', message: 'A category with this name already exists' });

    const visual = await send('POST', '/api/categories', { name: 'Visual' });
    const renamed = await send('PUT', `/api/categories/${visual.json().id}`, { name: 'SOUND effect' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('A category with this name already exists');
    // Renaming a category to another case of its own name is no clash.
    const recased = await send('PUT', `/api/categories/${visual.json().id}`, { name: 'VISUAL' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe('VISUAL');

    const chosen = await send('POST', '/api/admin/stream-actions', action({ category: 'sound effect' }));
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ categoryId: sound.json().id, category: 'Sound Effect' });
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://img.example/a.png',
    '/relative.png',
    'not a url',
  ])('refuses the image URL %s on actions, packages and avatars', async (url) => {
    const created = await send('POST', '/api/admin/stream-actions', action({ imageUrl: url }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      status: 'error',
      message: 'imageUrl: Image URL must start with https:// or http://',
    });

    const pkg = await send('POST', '/api/admin/coin-packages', { name: 'P', amount: 10, price: 100, imageUrl: url });
    expect(pkg.statusCode).toBe(400);
    expect(pkg.json().message).toBe('imageUrl: Image URL must start with https:// or http://');

    const viewer = await registerUser(t.app, `pic${Math.abs(hash(url))}`);
    const profile = await send('PATCH', '/api/user/profile', { profilePicture: url }, viewer.cookie);
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe('profilePicture: Profile picture must start with https:// or http://');
  });

  it('takes http(s) image URLs, and an empty one as none', async () => {
    const created = await send('POST', '/api/admin/stream-actions', action({ imageUrl: 'https://img.example/a.png' }));
    expect(created.json().imageUrl).toBe('https://img.example/a.png');
    const cleared = await send('PATCH', `/api/admin/stream-actions/${created.json().id}`, { imageUrl: '' });
    expect(cleared.json().imageUrl).toBeNull();
    const viewer = await registerUser(t.app, 'picviewer');
    const profile = await send(
      'PATCH',
      '/api/user/profile',
      { profilePicture: 'http://img.example/me.png' },
      viewer.cookie,
    );
    expect(profile.statusCode).toBe(200);
  });

  it('bounds action costs, package coins and prices', async () => {
    const dear = await send('POST', '/api/admin/stream-actions', action({ cost: 1_000_001 }));
    expect(dear.statusCode).toBe(400);
    expect(dear.json()).toEqual({ status: 'error', message: 'cost: Cost must be at most 1,000,000 coins' });
    expect((await send('POST', '/api/admin/stream-actions', action({ cost: 1_000_000 }))).statusCode).toBe(200);

    const many = await send('POST', '/api/admin/coin-packages', { name: 'Whale', amount: 1_000_001, price: 100 });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('amount: Amount must be at most 1,000,000 coins');
    const pricey = await send('POST', '/api/admin/coin-packages', { name: 'Whale', amount: 10, price: 10_000_001 });
    expect(pricey.statusCode).toBe(400);
    expect(pricey.json().message).toBe('price: Price must be at most $100,000.00');
    const edge = await send('POST', '/api/admin/coin-packages', {
      name: 'Whale',
      amount: 1_000_000,
      price: 10_000_000,
    });
    expect(edge.statusCode).toBe(200);
  });
});

/** A short stable number for a test string, to build distinct usernames. */
function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h % 100_000;
}
