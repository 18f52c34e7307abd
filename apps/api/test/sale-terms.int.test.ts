import { readShopSettings } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TStreamAction } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createActionAsAdmin, createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';

// A second api process without Redis hears of no admin change, and its in-memory copy of an action
// may be old: what it sells, and at what price, still comes from the stored row.
describe.each(testDialects())('sales decided from the stored action, not a cached copy, on %s', (dialect) => {
  let t: TestApp;
  let other: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    other = await t.sibling();
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
    other.services.catalog.invalidate();
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await other.close();
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
  async function edit(id: number, fields: Record<string, unknown>): Promise<TStreamAction> {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/stream-actions/${id}`,
      headers: { cookie: admin },
      payload: fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TStreamAction;
  }
  const stored = (id: number) =>
    t.db.kysely.selectFrom('stream_actions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const charged = async (historyId: number) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('action_history')
          .select('cost')
          .where('id', '=', historyId)
          .executeTakeFirstOrThrow()
      ).cost,
    );

  it('sells only the stock an admin set a moment ago on the other process', async () => {
    const id = await createAction({ name: 'Crate' });
    const viewer = await viewerWithCoins(t, 'crates', 100);
    // The other process reads the action, without a stock, into memory.
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    await edit(id, { stock: 1 });
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    const soldOut = await other.trigger(viewer.cookie, id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('Sold out');
    expect((await stored(id)).stock).toBe(0);
    expect(await t.balanceOf(viewer.cookie)).toBe(80);
  });

  it('holds a limit set a moment ago on the other process', async () => {
    const id = await createAction({ name: 'Quake' });
    const viewer = await viewerWithCoins(t, 'quaker', 100);
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    await edit(id, { perViewerPerStreamLimit: 1 });
    const over = await other.trigger(viewer.cookie, id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can trigger this action 1 time today, and you have');
    expect(await t.balanceOf(viewer.cookie)).toBe(90);
  });

  it('charges the price an admin set a moment ago, and refuses the old one a viewer saw', async () => {
    const id = await createAction({ name: 'Parrot', cost: 10 });
    const viewer = await viewerWithCoins(t, 'parrots', 1000);
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    await edit(id, { cost: 50 });
    const stale = await other.trigger(viewer.cookie, id, { expectedCost: 10 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'error', message: 'The price changed to 50 coins', currentCost: 50 });
    const sold = await other.trigger(viewer.cookie, id);
    expect(sold.statusCode).toBe(200);
    expect(await charged(sold.json().historyId)).toBe(50);
    expect(await t.balanceOf(viewer.cookie)).toBe(1000 - 10 - 50);
  });

  it('prices surge from the stored settings when an admin changed them on the other process', async () => {
    const id = await createAction({ name: 'Rush', cost: 100, surgePercent: 10, surgeDecaySeconds: 600 });
    const viewer = await viewerWithCoins(t, 'rusher', 1000);
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    await edit(id, { surgePercent: 50, cost: 200 });
    const sold = await other.trigger(viewer.cookie, id);
    expect(sold.statusCode).toBe(200);
    // One step stands: 200 raised by 50%, not the old 100 raised by 10%.
    expect(await charged(sold.json().historyId)).toBe(300);
    // Surge turned off: the base price again, and no further step written.
    await edit(id, { surgePercent: 0 });
    const plain = await other.trigger(viewer.cookie, id);
    expect(await charged(plain.json().historyId)).toBe(200);
    expect(Number((await stored(id)).surge_steps)).toBe(2);
  });

  it('sells an unchanged ordinary action from memory, and stops trusting the copy after an edit', async () => {
    const id = await createAction({ name: 'Plain' });
    const viewer = await viewerWithCoins(t, 'plainly', 100);
    const version = async () => (await readShopSettings(t.db.kysely)).catalogVersion;
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    // The hot path: the copy is current, so no row lock is needed to know there is nothing to guard.
    expect(other.services.catalog.current(id, await version())).toBe(true);
    await edit(id, { description: 'y' });
    // A newer version than the copy was read at: not trusted, and the cache is emptied.
    expect(other.services.catalog.current(id, await version())).toBe(false);
    expect((await other.trigger(viewer.cookie, id)).statusCode).toBe(200);
    expect(other.services.catalog.current(id, await version())).toBe(true);
  });

  it('puts stock back on a refund only for a trigger that took some', async () => {
    const id = await createAction({ name: 'Lantern' });
    const viewer = await viewerWithCoins(t, 'lanterns', 100);
    const before = await t.trigger(viewer.cookie, id);
    expect(before.statusCode).toBe(200);
    await edit(id, { stock: 3 });
    const refund = (historyId: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/refund-action/${historyId}`, headers: { cookie: admin } });
    // Sold before there was a stock: it took none, so its refund adds none.
    expect((await refund(before.json().historyId)).statusCode).toBe(200);
    expect((await stored(id)).stock).toBe(3);
    const after = await t.trigger(viewer.cookie, id);
    expect((await stored(id)).stock).toBe(2);
    expect((await refund(after.json().historyId)).statusCode).toBe(200);
    expect((await stored(id)).stock).toBe(3);
    expect(await t.balanceOf(viewer.cookie)).toBe(100);
  });
});
