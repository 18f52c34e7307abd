import { testDialects } from '@shop/db/testing';
import { DEFAULT_CATEGORY_COLOR, type TCategory } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDialects())('category management on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  const api = (method: Method | 'PATCH', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const list = async (): Promise<TCategory[]> => (await api('GET', '/api/categories', admin)).json();
  const createCategory = async (fields: object): Promise<TCategory> => {
    const res = await api('POST', '/api/categories', admin, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const createAction = async (fields: object) =>
    api('POST', '/api/admin/stream-actions', admin, {
      name: 'Boom',
      description: 'Makes a noise',
      webhookAction: 'say boom',
      gameType: 'minecraft',
      ...fields,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewer = (await registerUser(t.app, 'viewer1')).cookie;
  });
  afterAll(async () => t?.close());

  it('lets anyone read the list, and only an admin change it', async () => {
    expect((await api('GET', '/api/categories')).statusCode).toBe(200);
    expect((await api('GET', '/api/categories', viewer)).statusCode).toBe(200);
    const existing = await createCategory({ name: 'Guarded' });
    const writes: [Method, string, object | undefined][] = [
      ['POST', '/api/categories', { name: 'Sneaky' }],
      ['PUT', `/api/categories/${existing.id}`, { name: 'Sneaky' }],
      ['DELETE', `/api/categories/${existing.id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const anonymous = await api(method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().status).toBe('error');
      const forbidden = await api(method, url, viewer, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toEqual({ status: 'error', message: 'Admin access required' });
    }
    // Nothing the refused calls sent reached the table.
    const names = (await list()).map((c) => c.name);
    expect(names).toContain('Guarded');
    expect(names).not.toContain('Sneaky');
  });

  it('creates a category with a colour, or the default one, and lists it with its action count', async () => {
    const created = await createCategory({
      name: 'Chaos',
      description: 'Anything goes',
      color: '#FF8800',
      active: true,
    });
    expect(created).toMatchObject({
      name: 'Chaos',
      description: 'Anything goes',
      color: '#FF8800',
      active: true,
      actionCount: 0,
    });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);

    const plain = await createCategory({ name: 'Plain' });
    expect(plain).toMatchObject({ color: DEFAULT_CATEGORY_COLOR, description: null, active: true });

    const listed = await list();
    expect(listed.find((c) => c.id === created.id)).toEqual(created);
  });

  it('answers bad input with a clear 400 and a taken name (any case) with 409', async () => {
    const noName = await api('POST', '/api/categories', admin, { name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Name is required');

    const badColour = await api('POST', '/api/categories', admin, { name: 'Colourful', color: 'red' });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().message).toContain('Color must be a hex colour like #6B7280');

    await createCategory({ name: 'Loud' });
    const taken = await api('POST', '/api/categories', admin, { name: 'LOUD' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: 'error', message: 'A category with this name already exists' });
  });

  it('updates every field with PUT, refuses a rename onto another name, and 404s an unknown id', async () => {
    const category = await createCategory({ name: 'Draft', color: '#111111' });
    const res = await api('PUT', `/api/categories/${category.id}`, admin, {
      name: 'Final',
      description: 'Now described',
      color: '#222222',
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: category.id,
      name: 'Final',
      description: 'Now described',
      color: '#222222',
      active: false,
    });
    expect((await list()).find((c) => c.id === category.id)?.active).toBe(false);

    await createCategory({ name: 'Other' });
    const clash = await api('PUT', `/api/categories/${category.id}`, admin, { name: 'other' });
    expect(clash.statusCode).toBe(409);

    const missing = await api('PUT', '/api/categories/999999', admin, { name: 'Ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Category not found');
    const missingDelete = await api('DELETE', '/api/categories/999999', admin);
    expect(missingDelete.statusCode).toBe(404);
  });

  it('deleting a used category leaves its actions in place, uncategorised, and says how many', async () => {
    const category = await createCategory({ name: 'Doomed' });
    const first = await createAction({ name: 'One', category: 'Doomed' });
    const second = await createAction({ name: 'Two', categoryId: category.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect((await list()).find((c) => c.id === category.id)?.actionCount).toBe(2);

    const res = await api('DELETE', `/api/categories/${category.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', uncategorisedActions: 2 });
    expect((await list()).some((c) => c.id === category.id)).toBe(false);

    const actions: { id: number; category: string | null; categoryId: number | null }[] = (
      await api('GET', '/api/admin/stream-actions', admin)
    ).json();
    for (const id of [first.json().id, second.json().id]) {
      expect(actions.find((a) => a.id === id)).toMatchObject({ category: null, categoryId: null });
    }
  });
});

describe.each(testDialects())('fallback categories on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());

  it('are not rows until an admin files an action under one, which then creates it once', async () => {
    expect((await api('GET', '/api/categories')).json()).toEqual([]);
    const action = (name: string, category: string) =>
      api('POST', '/api/admin/stream-actions', {
        name,
        description: 'd',
        webhookAction: 'say hi',
        gameType: 'minecraft',
        category,
      });

    const first = await action('Horn', 'Sound Effect');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().category).toBe('Sound Effect');
    // Another spelling of the same fallback finds the row just made instead of making a second.
    const second = await action('Bell', 'sound effect');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().categoryId).toBe(first.json().categoryId);

    const categories: TCategory[] = (await api('GET', '/api/categories')).json();
    expect(categories).toHaveLength(1);
    expect(categories[0]).toMatchObject({ name: 'Sound Effect', color: DEFAULT_CATEGORY_COLOR, actionCount: 2 });

    // Any other unknown name is still refused: only the offered fallbacks are made on use.
    const unknown = await action('Mystery', 'Made Up');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("no category named 'Made Up'");
  });
});
