import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { POOL_FIRING_MESSAGE, POOL_SELLING_MESSAGE, STOP_COMMAND_REQUIRED, type TStreamAction } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';

// Create and update answer to one rule set: an update is checked as the action it would save.
describe.each(testDialects())('action rules on create and on every update, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const create = (fields: object) =>
    api('POST', '/api/admin/stream-actions', { name: 'A', description: 'd', webhookAction: 'go', ...fields });
  async function created(fields: object): Promise<TStreamAction> {
    const res = await create(fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TStreamAction;
  }
  const patch = (id: number, fields: object) => api('PATCH', `/api/admin/stream-actions/${id}`, fields);
  const stored = async (id: number) =>
    t.db.kysely.selectFrom('stream_actions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => t?.close());

  it('refuses a crowd goal patched onto a timed or an approval action, as create does', async () => {
    const timedFields = { durationSeconds: 30, stopCommand: 'stop' };
    expect((await create({ ...timedFields, poolGoal: 500 })).json()).toEqual({
      status: 'error',
      message: `poolGoal: ${POOL_FIRING_MESSAGE}`,
    });
    const timed = await created(timedFields);
    const onTimed = await patch(timed.id, { poolGoal: 500 });
    expect(onTimed.statusCode).toBe(400);
    expect(onTimed.json()).toEqual({ status: 'error', message: `poolGoal: ${POOL_FIRING_MESSAGE}` });
    const approval = await created({ requiresApproval: true });
    const onApproval = await patch(approval.id, { poolGoal: 500 });
    expect(onApproval.statusCode).toBe(400);
    expect(onApproval.json().message).toBe(`poolGoal: ${POOL_FIRING_MESSAGE}`);
    // The other way round: a crowd goal cannot be made timed, or made to wait for approval.
    const pool = await created({ poolGoal: 500 });
    expect((await patch(pool.id, timedFields)).json().message).toBe(`poolGoal: ${POOL_FIRING_MESSAGE}`);
    expect((await patch(pool.id, { requiresApproval: true })).json().message).toBe(`poolGoal: ${POOL_FIRING_MESSAGE}`);
    // Nothing of a refused update was saved.
    expect(await stored(timed.id)).toMatchObject({ pool_goal: null, duration_seconds: 30 });
    expect(await stored(approval.id)).toMatchObject({ pool_goal: null, requires_approval: 1 });
    expect(await stored(pool.id)).toMatchObject({ pool_goal: 500, duration_seconds: 0, requires_approval: 0 });
    // A change that keeps every rule still saves.
    expect((await patch(pool.id, { poolGoal: 800 })).json().poolGoal).toBe(800);
  });

  it('checks a timed action its stop command on every update, whichever field it changes', async () => {
    const plain = await created({});
    expect((await patch(plain.id, { durationSeconds: 30 })).json().message).toBe(
      `stopCommand: ${STOP_COMMAND_REQUIRED}`,
    );
    const timed = await created({ durationSeconds: 30, stopCommand: 'stop' });
    expect((await patch(timed.id, { stopCommand: '' })).json().message).toBe(`stopCommand: ${STOP_COMMAND_REQUIRED}`);
    expect((await patch(timed.id, { durationSeconds: 0, stopCommand: '' })).statusCode).toBe(200);
  });

  it('refuses stock, limits, surge and queue groups on a crowd goal, on create and on update, saying why', async () => {
    const selling = [
      { stock: 5 },
      { perStreamLimit: 3 },
      { perViewerPerStreamLimit: 1 },
      { surgePercent: 10 },
      { queueGroup: 'arena' },
    ];
    const refusal = { status: 'error', message: `poolGoal: ${POOL_SELLING_MESSAGE}` };
    const pool = await created({ poolGoal: 500 });
    for (const fields of selling) {
      const onCreate = await create({ ...fields, poolGoal: 500 });
      expect(onCreate.statusCode, JSON.stringify(fields)).toBe(400);
      expect(onCreate.json()).toEqual(refusal);
      const onPool = await patch(pool.id, fields);
      expect(onPool.statusCode, JSON.stringify(fields)).toBe(400);
      expect(onPool.json()).toEqual(refusal);
      const sold = await created(fields);
      const goalOnSold = await patch(sold.id, { poolGoal: 500 });
      expect(goalOnSold.statusCode, JSON.stringify(fields)).toBe(400);
      expect(goalOnSold.json()).toEqual(refusal);
      expect((await stored(sold.id)).pool_goal).toBeNull();
    }
    expect(await stored(pool.id)).toMatchObject({
      stock: null,
      per_stream_limit: null,
      per_viewer_per_stream_limit: null,
      surge_percent: 0,
      queue_group: null,
    });
    // Turning the crowd goal off and the stock on in one update is a plain action: allowed.
    expect((await patch(pool.id, { poolGoal: null, stock: 5 })).json()).toMatchObject({ poolGoal: null, stock: 5 });
  });

  it('keeps the category named beside a null categoryId, on create and on update', async () => {
    const res = await create({ category: 'Game Effect', categoryId: null });
    expect(res.statusCode, res.body).toBe(200);
    const action = res.json() as TStreamAction;
    expect(action.category).toBe('Game Effect');
    expect(action.categoryId).not.toBeNull();
    const moved = await patch(action.id, { category: 'Sound Effect', categoryId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ category: 'Sound Effect' });
    const sound = (await stored(action.id)).category_id;
    // Back to a category that exists now, by name, the way the admin form sends it.
    const back = await patch(action.id, { category: 'game effect', categoryId: null });
    expect(back.json()).toMatchObject({ category: 'Game Effect', categoryId: action.categoryId });
    // An id still wins over a name, and a null id alone (or an empty name) clears the category.
    await patch(action.id, { categoryId: action.categoryId });
    expect((await stored(action.id)).category_id).toBe(action.categoryId);
    expect((await patch(action.id, { category: 'Game Effect', categoryId: sound })).json().category).toBe(
      'Sound Effect',
    );
    expect((await patch(action.id, { categoryId: null })).json()).toMatchObject({ category: null, categoryId: null });
    await patch(action.id, { category: 'Game Effect', categoryId: null });
    expect((await patch(action.id, { category: '', categoryId: null })).json().category).toBeNull();
    const listed = (await api('GET', '/api/admin/stream-actions')).json() as TStreamAction[];
    expect(listed.find((a) => a.id === action.id)?.category).toBeNull();
  });
});
