import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { closedPort } from '@shop/dispatch/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoinPackage, createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

/** The dashboard, the leaderboard and the public profile tell one story about a viewer's coins. */
describe.each(testDialects())('ledger views on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let actionId = 0;
  let packageId = 0;

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN, payments: { provider: 'demo' } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const endpoint = await post('/api/admin/webhook-endpoints', admin, {
      url: `rcon://127.0.0.1:${await closedPort()}`,
      secretKey: 'pw',
      description: 'Minecraft',
      gameType: 'minecraft',
      active: true,
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const action = await post('/api/admin/stream-actions', admin, {
      name: 'Anvil Rain',
      description: 'Look up',
      webhookAction: 'say anvils',
      gameType: 'minecraft',
      cost: 40,
    });
    actionId = action.json().id;
    packageId = await addCoinPackage(t, { name: 'Pile', amount: 500, priceCents: 499 });
  });

  afterAll(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  async function buy(cookie: string): Promise<void> {
    const order = await post('/api/paypal/order', cookie, { packageId, amount: '4.99' });
    expect(order.statusCode, order.body).toBe(200);
    const purchase = await post('/api/purchase', cookie, { packageId, paypalOrderId: order.json().id });
    expect(purchase.statusCode, purchase.body).toBe(200);
  }

  it('nets a refunded action out of the stat cards, the leaderboard and the profile alike', async () => {
    const viewer = await registerUser(t.app, 'consistent');
    await buy(viewer.cookie);
    const historyIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/trigger-action', viewer.cookie, { actionId });
      expect(res.statusCode, res.body).toBe(200);
      historyIds.push(res.json().historyId);
    }
    const refunded = historyIds[1] ?? 0;
    expect((await post(`/api/admin/refund-action/${refunded}`, admin)).statusCode).toBe(200);

    const stats = await get('/api/transactions/stats', viewer.cookie);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toEqual({ balance: 420, actionsTriggered: 2, totalSpent: 80, coinsPurchased: 500 });

    const board = (await get('/api/leaderboard?limit=100')).json() as {
      userId: number;
      actionCount: number;
      totalCost: number;
    }[];
    expect(board.find((e) => e.userId === viewer.id)).toMatchObject({ actionCount: 2, totalCost: 80 });

    const profile = (await get(`/api/users/${viewer.id}/profile`)).json();
    expect(profile.actionCount).toBe(2);
    const entries = profile.actionHistory as { id: number; refunded: boolean }[];
    expect(entries).toHaveLength(3);
    expect(entries.find((e) => e.id === refunded)?.refunded).toBe(true);
    expect(entries.filter((e) => e.refunded)).toHaveLength(1);
  });

  it('pages the ledger newest first with a cursor instead of stopping', async () => {
    const viewer = await registerUser(t.app, 'longledger');
    // 120 grants at distinct instants plus pairs sharing one instant, so the cursor must break ties by id.
    for (let i = 0; i < 120; i++) {
      if (i % 3 !== 0) t.clock.advance(1000);
      await grantCoins(t, viewer.id, i + 1);
    }
    const seen: number[] = [];
    let url: string | null = '/api/transactions?limit=50';
    let pages = 0;
    while (url) {
      const res = await get(url, viewer.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as { amount: number }[];
      seen.push(...rows.map((r) => r.amount));
      const link = res.headers.link;
      url = typeof link === 'string' ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
      if (url) expect(res.headers['x-next-cursor']).toBeTruthy();
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
  });

  it('filters pages to purchases or spending on the server', async () => {
    const viewer = await registerUser(t.app, 'filtered');
    await grantCoins(t, viewer.id, 100);
    await buy(viewer.cookie);
    expect((await post('/api/trigger-action', viewer.cookie, { actionId })).statusCode).toBe(200);
    const kinds = async (filter: string) =>
      ((await get(`/api/transactions?filter=${filter}`, viewer.cookie)).json() as { type: string }[]).map(
        (r) => r.type,
      );
    expect(await kinds('purchases')).toEqual(['purchase']);
    expect(await kinds('spending')).toEqual(['action']);
    expect((await kinds('all')).sort()).toEqual(['action', 'admin_grant', 'purchase']);
  });

  it('answers a cursor it did not make, or a silly page size, with a 400', async () => {
    const viewer = await registerUser(t.app, 'badcursor');
    const bad = await get('/api/transactions?cursor=not-a-cursor', viewer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: 'cursor: not a cursor from a previous page' });
    expect((await get('/api/transactions?limit=100000', viewer.cookie)).statusCode).toBe(400);
    expect((await get('/api/transactions/stats')).statusCode).toBe(401);
  });
});
