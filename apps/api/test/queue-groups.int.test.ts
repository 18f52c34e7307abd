import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TQueue } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
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

describe.each(testDialects())('queue groups of actions with several targets, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let first: HookTarget;
  let second: HookTarget;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN, delivery: { ...testConfig().delivery, timeoutMs: 5_000 } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    first = await startHookTarget();
    second = await startHookTarget();
    await addEndpoint(t, first.url, 'other', 'First server');
    await addEndpoint(t, second.url, 'other', 'Second server');
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    await t.close();
  });

  async function createAction(name: string): Promise<number> {
    // Not waited for: each refused connection burns a retry, as a plain webhook target does.
    return createActionAsAdmin(t, admin, {
      name,
      description: name,
      webhookAction: name,
      cost: 10,
      queueGroup: 'mobs',
      waitForTarget: false,
    });
  }
  const queue = async (): Promise<TQueue> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: admin } })).json() as TQueue;
  const triggersAt = (target: HookTarget) => target.arrived.map((a) => a.triggerId);

  it('stays busy until every target of its trigger is done, and lists the trigger until then', async () => {
    const viewer = await viewerWithCoins(t, 'mobber', 100);
    const ids: number[] = [];
    for (const name of ['Zombies', 'Creepers', 'Skeletons']) {
      ids.push((await t.trigger(viewer.cookie, await createAction(name))).json().historyId as number);
    }
    const [x, y, z] = ids as [number, number, number];

    // The second server is down: the first takes the group's first trigger, the second retries it.
    await second.down();
    await drainDeliveries(t);
    expect(triggersAt(first)).toEqual([x]);
    expect((await queue()).items.map((i) => [i.historyId, i.state, i.position])).toEqual([
      [x, 'retrying', 1],
      [y, 'queued', 2],
      [z, 'queued', 3],
    ]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/queue/mine', headers: { cookie: viewer.cookie } });
    expect(mine.json().items.map((i: { historyId: number }) => i.historyId)).toEqual([x, y, z]);

    // Back: its retry comes first and alone; then the group moves on, one trigger at a time.
    await second.up();
    t.clock.advance(2_000);
    await t.services.deliveryWorker.runOnce();
    expect(triggersAt(first)).toEqual([x]);
    expect(triggersAt(second)).toEqual([x]);
    await t.services.deliveryWorker.runOnce();
    expect(triggersAt(first)).toEqual([x, y]);
    expect(triggersAt(second)).toEqual([x, y]);
    await drainDeliveries(t);
    expect(triggersAt(first)).toEqual([x, y, z]);
    expect(triggersAt(second)).toEqual([x, y, z]);
    expect((await queue()).items).toEqual([]);
    expect(await t.balanceOf(viewer.cookie)).toBe(70);
    await assertLedgerInvariant(t.db);
  });

  it('skipping the rest of a delivered trigger frees its group and refunds nothing', async () => {
    const viewer = await viewerWithCoins(t, 'skipper', 100);
    const x = (await t.trigger(viewer.cookie, await createAction('Ghasts'))).json().historyId as number;
    const y = (await t.trigger(viewer.cookie, await createAction('Slimes'))).json().historyId as number;
    await second.down();
    await drainDeliveries(t);
    expect((await queue()).items.map((i) => [i.historyId, i.state])).toEqual([
      [x, 'retrying'],
      [y, 'queued'],
    ]);
    const skipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/queue/${x}/skip`,
      headers: { cookie: admin },
    });
    expect(skipped.json()).toMatchObject({ historyId: x, state: 'delivered' });
    await second.up();
    await drainDeliveries(t);
    expect(triggersAt(first)).toEqual([x, y]);
    expect(triggersAt(second)).toEqual([y]);
    expect((await queue()).items).toEqual([]);
    expect(await t.balanceOf(viewer.cookie)).toBe(80);
    await assertLedgerInvariant(t.db);
  });

  it('a target that fails for good frees the group once its last try is done', async () => {
    const viewer = await viewerWithCoins(t, 'quitter', 100);
    const x = (await t.trigger(viewer.cookie, await createAction('Bats'))).json().historyId as number;
    const y = (await t.trigger(viewer.cookie, await createAction('Wolves'))).json().historyId as number;
    await second.down();
    for (const wait of [0, 2_000, 10_000]) {
      t.clock.advance(wait);
      await drainDeliveries(t);
      expect(triggersAt(first)).toEqual([x]);
    }
    // The last retry fails for good: the trigger was delivered (to the first), nothing is refunded.
    t.clock.advance(60_000);
    await drainDeliveries(t);
    expect(triggersAt(first)).toEqual([x, y]);
    expect((await queue()).items.map((i) => [i.historyId, i.state])).toEqual([[y, 'retrying']]);
    expect(await t.balanceOf(viewer.cookie)).toBe(80);
    await assertLedgerInvariant(t.db);
  });
});
