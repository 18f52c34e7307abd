import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createActionAsAdmin, createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { race } from './race';

// Many copies of one trigger meet in the database at once: what the streamer allowed is what is sold,
// and only what is sold is charged. Each case states its exact outcome.
describe.each(testDialects())('racing triggers against stock, limits and surge on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    return createActionAsAdmin(t, admin, {
      description: 'x',
      webhookAction: 'go',
      cost: 10,
      waitForTarget: false,
      ...fields,
    });
  }

  async function viewers(prefix: string, count: number, coins: number) {
    return Promise.all(Array.from({ length: count }, (_, i) => viewerWithCoins(t, `${prefix}${i}`, coins)));
  }

  /** The action's unrefunded sales, as (buyer, price) pairs. */
  async function sales(actionId: number): Promise<{ userId: number; cost: number }[]> {
    const rows = await t.db.kysely
      .selectFrom('action_history')
      .select(['user_id', 'cost'])
      .where('action_id', '=', actionId)
      .where('refunded', '=', 0)
      .execute();
    return rows.map((r) => ({ userId: Number(r.user_id), cost: Number(r.cost) }));
  }

  function perViewer(rows: { userId: number }[]): number[] {
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.userId, (counts.get(row.userId) ?? 0) + 1);
    return [...counts.values()];
  }

  it('sells exactly the stock of 3 to 20 viewers racing, charging only those 3', async () => {
    const id = await createAction({ name: 'Golden Egg', stock: 3 });
    const crowd = await viewers('egg', 20, 100);
    const outcome = await race(t, 20, (i) => t.trigger(crowd[i]?.cookie ?? '', id));
    expect(outcome.statuses).toEqual({ 200: 3, 409: 17 });
    expect(outcome.refusalMessages).toEqual(['Sold out']);
    const sold = await sales(id);
    expect(sold).toHaveLength(3);
    const balances = await Promise.all(crowd.map((v) => t.balanceOf(v.cookie)));
    expect(balances.filter((b) => b === 90)).toHaveLength(3);
    expect(balances.filter((b) => b === 100)).toHaveLength(17);
    const [row] = await t.db.kysely.selectFrom('stream_actions').select('stock').where('id', '=', id).execute();
    expect(row?.stock).toBe(0);
  });

  it('lets one viewer sending 20 at once through exactly once under a limit of 1 per viewer', async () => {
    const id = await createAction({ name: 'Once Each', perViewerPerStreamLimit: 1 });
    const viewer = await viewerWithCoins(t, 'eager', 1000);
    const outcome = await race(t, 20, () => t.trigger(viewer.cookie, id));
    expect(outcome.statuses).toEqual({ 200: 1, 409: 19 });
    expect(outcome.refusalMessages).toEqual(['You can trigger this action 1 time today, and you have']);
    expect(await sales(id)).toHaveLength(1);
    expect(await t.balanceOf(viewer.cookie)).toBe(990);
  });

  it('lets exactly 2 of 20 racing viewers through a limit of 2 per stream, charging only those', async () => {
    const id = await createAction({ name: 'Twice a Stream', perStreamLimit: 2 });
    const crowd = await viewers('rush', 20, 100);
    const outcome = await race(t, 20, (i) => t.trigger(crowd[i]?.cookie ?? '', id));
    expect(outcome.statuses).toEqual({ 200: 2, 409: 18 });
    expect(outcome.refusalMessages).toEqual(['This action can be triggered 2 times per day, and that is reached']);
    const sold = await sales(id);
    expect(sold).toHaveLength(2);
    expect(perViewer(sold)).toEqual([1, 1]);
    const balances = await Promise.all(crowd.map((v) => t.balanceOf(v.cookie)));
    expect(balances.filter((b) => b === 90)).toHaveLength(2);
    expect(balances.filter((b) => b === 100)).toHaveLength(18);
  });

  it('holds both limits at once: 5 viewers sending 4 each get exactly 3 through, at most 1 per viewer', async () => {
    const id = await createAction({ name: 'Both Limits', perStreamLimit: 3, perViewerPerStreamLimit: 1 });
    const crowd = await viewers('both', 5, 100);
    const outcome = await race(t, 20, (i) => t.trigger(crowd[i % 5]?.cookie ?? '', id));
    expect(outcome.accepted).toHaveLength(3);
    expect(outcome.statuses[409]).toBe(17);
    const sold = await sales(id);
    expect(sold).toHaveLength(3);
    expect(perViewer(sold)).toEqual([1, 1, 1]);
    const spent = (await Promise.all(crowd.map((v) => t.balanceOf(v.cookie)))).map((b) => 100 - b);
    expect(spent.sort((a, b) => a - b)).toEqual([0, 0, 10, 10, 10]);
  });

  it('charges 20 racing buyers 20 successive surge prices and records exactly 20 surge steps', async () => {
    const id = await createAction({
      name: 'Hype',
      cost: 100,
      surgePercent: 10,
      surgeDecaySeconds: 600,
      surgeMaxMultiplier: 5,
    });
    const crowd = await viewers('hype', 20, 1000);
    const outcome = await race(t, 20, (i) => t.trigger(crowd[i]?.cookie ?? '', id));
    expect(outcome.statuses).toEqual({ 200: 20 });
    // The clock stands still, so nothing fades: the k-th sale pays for the k steps before it.
    const prices = (await sales(id)).map((s) => s.cost).sort((a, b) => a - b);
    expect(prices).toEqual(Array.from({ length: 20 }, (_, k) => 100 + 10 * k));
    const spent = (await Promise.all(crowd.map((v) => t.balanceOf(v.cookie)))).map((b) => 1000 - b);
    expect(spent.sort((a, b) => a - b)).toEqual(prices);
    const [row] = await t.db.kysely.selectFrom('stream_actions').select('surge_steps').where('id', '=', id).execute();
    expect(Number(row?.surge_steps)).toBe(20);
  });

  it('sells once at the listed surge price when 20 buyers race with the price they saw', async () => {
    const id = await createAction({
      name: 'Hype Seen',
      cost: 100,
      surgePercent: 10,
      surgeDecaySeconds: 600,
      surgeMaxMultiplier: 5,
    });
    const crowd = await viewers('seen', 20, 1000);
    const outcome = await race(t, 20, (i) => t.trigger(crowd[i]?.cookie ?? '', id, { expectedCost: 100 }));
    expect(outcome.statuses).toEqual({ 200: 1, 409: 19 });
    expect(outcome.refusalMessages).toEqual(['The price changed to 110 coins']);
    expect((await sales(id)).map((s) => s.cost)).toEqual([100]);
    const [row] = await t.db.kysely.selectFrom('stream_actions').select('surge_steps').where('id', '=', id).execute();
    expect(Number(row?.surge_steps)).toBe(1);
  });
});
