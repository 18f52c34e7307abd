import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { startWebhookStandIn, type WebhookStandIn } from '@shop/dispatch/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, type TestApp } from './helpers';

/** The history's Spending tab and the dashboard's Total Spent count the same coins: every way a viewer spends. */
describe.each(testDialects())('spending views on %s', (dialect) => {
  let t: TestApp;
  let hook: WebhookStandIn;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    hook = await startWebhookStandIn();
    await addEndpoint(t, hook.url, 'other', 'first');
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
    await hook.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function pooledAction(goal: number): Promise<number> {
    const id = await addAction(t, { name: `Crowd ${goal}`, gameType: 'any', cost: 10 });
    await t.db.kysely
      .updateTable('stream_actions')
      .set({ pool_goal: goal, pool_window_seconds: 600 })
      .where('id', '=', id)
      .execute();
    t.services.catalog.invalidate();
    return id;
  }

  async function spending(cookie: string): Promise<{ type: string; amount: number }[]> {
    const res = await get('/api/transactions?filter=spending', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { type: string; amount: number }[]).map(({ type, amount }) => ({ type, amount }));
  }

  it('lists gifts sent and crowd-goal shares under Spending, and Total Spent is the sum of those rows', async () => {
    const viewer = await viewerWithCoins(t, 'spender', 200);
    await viewerWithCoins(t, 'friend', 0);
    const crowd = await pooledAction(1000);
    const plain = await addAction(t, { name: 'Plain', gameType: 'any', cost: 10 });

    expect(
      (await post(`/api/pools/${crowd}/contribute`, viewer.cookie, { coins: 30, requestId: 'share-one' })).statusCode,
    ).toBe(200);
    t.clock.advance(1000);
    expect(
      (await post('/api/gifts', viewer.cookie, { toUsername: 'friend', coins: 25, requestId: 'gift-one' })).statusCode,
    ).toBe(200);
    t.clock.advance(1000);
    const trigger = await post('/api/trigger-action', viewer.cookie, { actionId: plain });
    expect(trigger.statusCode, trigger.body).toBe(200);
    await drainDeliveries(t);

    const rows = await spending(viewer.cookie);
    expect(rows).toEqual([
      { type: 'action', amount: -10 },
      { type: 'gift_sent', amount: -25 },
      { type: 'pool_contribution', amount: -30 },
    ]);
    const stats = (await get('/api/transactions/stats', viewer.cookie)).json();
    expect(stats).toMatchObject({ balance: 135, totalSpent: 65 });
    expect(-rows.reduce((sum, r) => sum + r.amount, 0)).toBe(stats.totalSpent);
  });

  it('shows a returned share beside the share it returns, so the tab still adds up to Total Spent', async () => {
    const viewer = await viewerWithCoins(t, 'unlucky', 100);
    const crowd = await pooledAction(1000);
    expect(
      (await post(`/api/pools/${crowd}/contribute`, viewer.cookie, { coins: 40, requestId: 'share-two' })).statusCode,
    ).toBe(200);
    // The window ends with the goal unmet: the share comes back.
    t.clock.advance(601_000);
    // Reading the list sweeps pools whose window ended.
    expect((await t.app.inject({ method: 'GET', url: '/api/pools' })).statusCode).toBe(200);

    const rows = await spending(viewer.cookie);
    expect(rows).toEqual([
      { type: 'pool_refund', amount: 40 },
      { type: 'pool_contribution', amount: -40 },
    ]);
    expect((await get('/api/transactions/stats', viewer.cookie)).json()).toMatchObject({ balance: 100, totalSpent: 0 });
  });
});
