import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TStreamAction } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { startTwitchStandIn, type TwitchStandIn } from './stand-ins/twitch-server';

describe.each(testDialects())('stock, per-stream limits and surge pricing on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let twitch: TwitchStandIn | null = null;

  async function start(withTwitch: boolean) {
    twitch = withTwitch
      ? await startTwitchStandIn({ initial: { live: true, startedAt: '2026-01-01T00:00:00Z' } })
      : null;
    t = await createTestApp(dialect, { admin: TEST_ADMIN, ...(twitch && { twitch: twitch.config }) });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
  }
  beforeEach(() => start(false));
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
    await twitch?.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stream-actions',
      headers: { cookie: admin },
      payload: { description: 'x', webhookAction: 'go', cost: 10, waitForTarget: false, ...fields },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }
  const listed = async (id: number, cookie?: string): Promise<TStreamAction> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stream-actions', headers: cookie ? { cookie } : {} });
    const found = (res.json() as TStreamAction[]).find((a) => a.id === id);
    if (!found) throw new Error('not listed');
    return found;
  };

  it('sells exactly the stock to 50 racing triggers, charges only those, and a refund puts one back', async () => {
    const id = await createAction({ name: 'Golden Egg', stock: 3 });
    const viewers = await Promise.all(Array.from({ length: 10 }, (_, i) => viewerWithCoins(t, `egg${i}`, 100)));
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.trigger((viewers[i % 10] as { cookie: string }).cookie, id)),
    );
    const sold = replies.filter((r) => r.statusCode === 200);
    expect(sold).toHaveLength(3);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(47);
    expect(refused[0]?.json()).toEqual({ status: 'error', message: 'Sold out' });
    const balances = await Promise.all(viewers.map((v) => t.balanceOf(v.cookie)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(1000 - 30);
    expect(await listed(id)).toMatchObject({ stock: 0, stockLeft: 0 });

    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refund-action/${sold[0]?.json().historyId}`,
      headers: { cookie: admin },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await listed(id)).stockLeft).toBe(1);
    // The admin restocks by editing it.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/stream-actions/${id}`,
      headers: { cookie: admin },
      payload: { stock: 5 },
    });
    expect((await listed(id)).stockLeft).toBe(5);
  });

  it('limits triggers per day without Twitch, for everyone and per viewer; refunded ones do not count', async () => {
    const id = await createAction({ name: 'Earthquake', perStreamLimit: 3, perViewerPerStreamLimit: 2 });
    const ann = await viewerWithCoins(t, 'ann', 100);
    const bob = await viewerWithCoins(t, 'bob', 100);
    expect(await listed(id, ann.cookie)).toMatchObject({
      limitWindow: 'day',
      streamLimitLeft: 3,
      viewerLimitLeft: 2,
    });
    expect((await t.trigger(ann.cookie, id)).statusCode).toBe(200);
    expect((await t.trigger(ann.cookie, id)).statusCode).toBe(200);
    const third = await t.trigger(ann.cookie, id);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You can trigger this action 2 times today, and you have');
    expect(await t.balanceOf(ann.cookie)).toBe(80);
    const bobs = await t.trigger(bob.cookie, id);
    expect(bobs.statusCode).toBe(200);
    const over = await t.trigger(bob.cookie, id);
    expect(over.json().message).toBe('This action can be triggered 3 times per day, and that is reached');
    expect(await listed(id, bob.cookie)).toMatchObject({ streamLimitLeft: 0, viewerLimitLeft: 1 });

    // A refund gives the slot back.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/refund-action/${bobs.json().historyId}`,
      headers: { cookie: admin },
    });
    expect((await t.trigger(bob.cookie, id)).statusCode).toBe(200);
    // The next UTC day starts over.
    t.clock.advance(24 * 3_600_000);
    expect(await listed(id, ann.cookie)).toMatchObject({ streamLimitLeft: 3, viewerLimitLeft: 2 });
  });

  it('counts per Twitch broadcast, and a new broadcast resets the limit', async () => {
    await t.close();
    await start(true);
    await t.services.stream.get();
    const id = await createAction({ name: 'Flood', perStreamLimit: 1 });
    const ann = await viewerWithCoins(t, 'annie', 100);
    t.clock.advance(3_600_000);
    expect((await listed(id)).limitWindow).toBe('stream');
    expect((await t.trigger(ann.cookie, id)).statusCode).toBe(200);
    expect((await t.trigger(ann.cookie, id)).json().message).toBe(
      'This action can be triggered 1 time per stream, and that is reached',
    );
    // The streamer goes live again a minute later: a new started_at.
    t.clock.advance(60_000);
    // A read started earlier (the list above refreshes in the background) must land first.
    await t.services.stream.refresh();
    twitch?.set({ startedAt: new Date(t.clock.now()).toISOString() });
    await t.services.stream.refresh();
    expect((await listed(id)).streamLimitLeft).toBe(1);
    expect((await t.trigger(ann.cookie, id)).statusCode).toBe(200);
  });

  it('lists as cost the price a trigger without expectedCost is charged, and the base as baseCost', async () => {
    const id = await createAction({
      name: 'Stampede',
      cost: 40,
      surgePercent: 50,
      surgeDecaySeconds: 600,
      surgeMaxMultiplier: 2,
    });
    const viewer = await viewerWithCoins(t, 'stampeder', 1000);
    expect(await listed(id)).toMatchObject({ cost: 40, baseCost: 40 });
    expect((await t.trigger(viewer.cookie, id)).statusCode).toBe(200);
    const shown = await listed(id, viewer.cookie);
    expect(shown).toMatchObject({ cost: 60, baseCost: 40 });
    // No expectedCost, as every client of the spec sends: charged exactly what the list said.
    const second = await t.trigger(viewer.cookie, id);
    expect(second.statusCode).toBe(200);
    expect(await t.balanceOf(viewer.cookie)).toBe(1000 - 40 - shown.cost);
    // The admin's list and an edit of another field leave the streamer's price where it was.
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/stream-actions', headers: { cookie: admin } });
    expect((all.json() as TStreamAction[]).find((a) => a.id === id)).toMatchObject({ cost: 80, baseCost: 40 });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/stream-actions/${id}`,
      headers: { cookie: admin },
      payload: { name: 'Big Stampede' },
    });
    expect(renamed.json()).toMatchObject({ cost: 80, baseCost: 40 });
    const [row] = await t.db.kysely.selectFrom('stream_actions').select('cost').where('id', '=', id).execute();
    expect(row?.cost).toBe(40);
  });

  it('raises the price with each trigger, lets it fade, and refuses a stale expectedCost charging nothing', async () => {
    const id = await createAction({
      name: 'Hype',
      cost: 100,
      surgePercent: 10,
      surgeDecaySeconds: 60,
      surgeMaxMultiplier: 1.25,
    });
    const viewer = await viewerWithCoins(t, 'hyped', 10_000);
    const prices: number[] = [];
    for (let i = 0; i < 4; i++) {
      prices.push((await listed(id)).currentCost);
      expect((await t.trigger(viewer.cookie, id)).statusCode).toBe(200);
    }
    // 100, 110, 120, then capped at 1.25x.
    expect(prices).toEqual([100, 110, 120, 125]);
    expect(await t.balanceOf(viewer.cookie)).toBe(10_000 - 455);
    // Four steps, one fading each minute: three minutes later one is left.
    t.clock.advance(180_000);
    expect((await listed(id)).currentCost).toBe(110);

    const stale = await t.trigger(viewer.cookie, id, { expectedCost: 100 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'error', message: 'The price changed to 110 coins', currentCost: 110 });
    expect(await t.balanceOf(viewer.cookie)).toBe(10_000 - 455);
    const fresh = await t.trigger(viewer.cookie, id, { expectedCost: 110 });
    expect(fresh.statusCode).toBe(200);
    const [row] = await t.db.kysely
      .selectFrom('action_history')
      .select('cost')
      .where('id', '=', fresh.json().historyId)
      .execute();
    expect(row?.cost).toBe(110);
  });
});
