import { findHistory, listDeliveries } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TQueue } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, recordEvents, viewerWithCoins } from './delivery-helpers';
import {
  createActionAsAdmin,
  createTestApp,
  drainDeliveries,
  loginAs,
  TEST_ADMIN,
  type TestApp,
  testConfig,
} from './helpers';
import { type HookTarget, startHookTarget } from './hook-target';
import { until } from './live-helpers';

describe.each(testDialects())('an admin refund of a trigger still on its way, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let target: HookTarget;

  beforeEach(async () => {
    // A minute per send: a target that holds its reply is slow, not failed.
    t = await createTestApp(dialect, { admin: TEST_ADMIN, delivery: { ...testConfig().delivery, timeoutMs: 60_000 } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    target = await startHookTarget();
    await addEndpoint(t, target.url, 'other');
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    return createActionAsAdmin(t, admin, { description: 'An effect', webhookAction: 'effect', cost: 40, ...fields });
  }
  const refund = (historyId: number) =>
    t.app.inject({ method: 'POST', url: `/api/admin/refund-action/${historyId}`, headers: { cookie: admin } });
  const queue = async (): Promise<TQueue> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: admin } })).json() as TQueue;
  const refunds = async (historyId: number) =>
    (await t.db.kysely.selectFrom('transactions').select('id').where('reference', '=', `refund:${historyId}`).execute())
      .length;
  const sentOf = (historyId: number) => target.arrived.filter((a) => a.triggerId === historyId).length;

  it('a held trigger refunded by hand is never sent when the game comes back', async () => {
    const actionId = await createAction({ name: 'Meteor', holdMaxSeconds: 600 });
    const viewer = await viewerWithCoins(t, 'patient', 100);
    await target.down();
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    await drainDeliveries(t);
    expect((await queue()).items).toMatchObject([{ historyId: id, state: 'held' }]);

    const refunded = await refund(id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await t.balanceOf(viewer.cookie)).toBe(100);
    expect((await listDeliveries(t.db.kysely, id)).map((d) => d.status)).toEqual(['cancelled']);
    expect((await queue()).items).toEqual([]);

    await target.up();
    t.clock.advance(60_000);
    await drainDeliveries(t);
    expect(sentOf(id)).toBe(0);
    expect(await findHistory(t.db.kysely, id)).toMatchObject({ refunded: 1, success: 0 });
    expect(await refunds(id)).toBe(1);
    expect((await refund(id)).json()).toEqual({ status: 'error', message: 'This action was already refunded' });
    await assertLedgerInvariant(t.db);
  });

  it('is refused while a delivery is being sent; once it lands the trigger is delivered, not refunded', async () => {
    const actionId = await createAction({ name: 'Anvil' });
    const viewer = await viewerWithCoins(t, 'anvil_fan', 100);
    const events = recordEvents({ main: t.services.deliveryWorker });
    target.hold = true;
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    const sending = t.services.deliveryWorker.runOnce();
    await events.waitFor((e) => e.type === 'sending' && e.historyId === id);

    const refused = await refund(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'This trigger cannot be refunded: a delivery is being sent',
    });
    expect(await t.balanceOf(viewer.cookie)).toBe(60);

    target.hold = false;
    target.release();
    await sending;
    events.stop();
    expect(sentOf(id)).toBe(1);
    expect(await findHistory(t.db.kysely, id)).toMatchObject({ refunded: 0, success: 1 });
    expect(await refunds(id)).toBe(0);
    await assertLedgerInvariant(t.db);
  });

  it('frees its queue group only once nothing of it is on its way', async () => {
    const first = await createAction({ name: 'Zombies', queueGroup: 'mobs', holdMaxSeconds: 600 });
    const second = await createAction({ name: 'Creepers', queueGroup: 'mobs', holdMaxSeconds: 600 });
    const viewer = await viewerWithCoins(t, 'mobber', 100);

    // The group's first trigger is being sent: a refund is refused, the next one keeps waiting.
    target.hold = true;
    const a = (await t.trigger(viewer.cookie, first)).json().historyId as number;
    const b = (await t.trigger(viewer.cookie, second)).json().historyId as number;
    const events = recordEvents({ main: t.services.deliveryWorker });
    const sending = t.services.deliveryWorker.runOnce();
    await events.waitFor((e) => e.type === 'sending' && e.historyId === a);
    await until(() => target.waiting() === 1);
    expect((await refund(a)).statusCode).toBe(409);
    await t.services.deliveryWorker.runOnce();
    expect(sentOf(b)).toBe(0);

    // The game goes away with the send: the trigger waits for another try, and still holds the group.
    await target.down();
    target.hold = false;
    await sending;
    events.stop();
    await drainDeliveries(t);
    const waiting = (await queue()).items;
    expect(waiting.map((i) => i.historyId)).toEqual([a, b]);
    expect(['held', 'retrying']).toContain(waiting[0]?.state);
    expect(waiting[1]?.state).toBe('queued');

    // Refunded by hand: nothing of it is left on its way, so the group goes to the next one.
    expect((await refund(a)).statusCode).toBe(200);
    await target.up();
    t.clock.advance(60_000);
    await drainDeliveries(t);
    expect(target.arrived.map((x) => x.triggerId)).toEqual([a, b]);
    expect(sentOf(a)).toBe(1);
    expect(await findHistory(t.db.kysely, a)).toMatchObject({ refunded: 1 });
    expect(await findHistory(t.db.kysely, b)).toMatchObject({ refunded: 0, success: 1 });
    expect(await t.balanceOf(viewer.cookie)).toBe(60);
    await assertLedgerInvariant(t.db);
  });
});
