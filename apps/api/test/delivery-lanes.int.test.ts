import { listDeliveries } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Lanes } from '../src/delivery/lanes';
import { DeliveryWorker, workerOptions } from '../src/delivery/worker';
import { addAction, addEndpoint, handOffOnlyWorker, recordEvents, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';

describe.each(testDialects())('delivery without head-of-line blocking on %s', (dialect) => {
  let t: TestApp;
  let slow: ControlledWebhook;
  let healthy: ControlledWebhook;

  beforeEach(async () => {
    // Far longer than any test step: the slow target answers only when the test lets it.
    t = await createTestApp(dialect, { delivery: { autoStart: false, timeoutMs: 20_000 } });
    slow = await startControlledWebhook({ holding: true });
    healthy = await startControlledWebhook();
  });
  afterEach(async () => {
    slow.holding = false;
    slow.release();
    await assertLedgerInvariant(t.db);
    await t.close();
    await Promise.all([slow.close(), healthy.close()]);
  });

  it('delivers to a healthy target while another target has not answered', async () => {
    const slowId = await addEndpoint(t, slow.url, 'minecraft', 'slow');
    const healthyId = await addEndpoint(t, healthy.url, 'other', 'healthy');
    const both = await addAction(t, { name: 'Zombie', gameType: 'minecraft', cost: 10 });
    const viewer = await viewerWithCoins(t, 'patient', 100);
    const worker = handOffOnlyWorker(t);
    const log = recordEvents({ worker });

    const first = await trigger(t, viewer.cookie, both);
    expect(first.statusCode, first.body).toBe(200);
    await slow.waitForRequests(1);
    await log.waitFor((e) => e.type === 'recorded' && e.endpointId === healthyId);
    // A second trigger while the slow target still holds the first: the healthy one must not wait for it.
    const second = await trigger(t, viewer.cookie, both);
    expect(second.statusCode, second.body).toBe(200);
    await log.waitFor((e) => e.type === 'recorded' && e.endpointId === healthyId, 2);
    expect(log.events.filter((e) => e.type === 'recorded' && e.endpointId === slowId)).toEqual([]);

    slow.release();
    slow.holding = false;
    await log.waitFor((e) => e.type === 'recorded' && e.endpointId === slowId, 2);
    const order = log.events
      .filter((e) => e.type === 'recorded')
      .map((e) => `${e.endpointId === healthyId ? 'healthy' : 'slow'}#${e.historyId}`);
    const [h1, h2] = [first.json().historyId, second.json().historyId];
    // Both healthy deliveries were recorded before either slow one (which answer in either order).
    expect(order.slice(0, 2)).toEqual([`healthy#${h1}`, `healthy#${h2}`]);
    expect(order.slice(2).sort()).toEqual([`slow#${h1}`, `slow#${h2}`].sort());
    expect(healthy.received).toHaveLength(2);
  });

  it('hands every trigger straight to the worker, with no poll to wait for', async () => {
    const healthyId = await addEndpoint(t, healthy.url, 'other', 'healthy');
    const action = await addAction(t, { name: 'Horn', gameType: 'any', cost: 1 });
    const viewer = await viewerWithCoins(t, 'eager', 100);
    // No poll within the test: only the hand-off after each commit (and wake-ups during a pass) can deliver.
    const worker = handOffOnlyWorker(t);
    const log = recordEvents({ worker });
    const replies = await Promise.all(Array.from({ length: 20 }, () => trigger(t, viewer.cookie, action)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await log.waitFor((e) => e.type === 'recorded' && e.status === 'delivered', 20);
    for (const reply of replies) {
      const [row] = await listDeliveries(t.db.kysely, reply.json().historyId);
      expect(row).toMatchObject({ endpoint_id: healthyId, status: 'delivered', attempts: 1 });
    }
    expect(new Set(healthy.received.map((r) => r.webhookId)).size).toBe(20);
  });

  it('runs at most a bounded number of attempts at once against one endpoint, oldest first', async () => {
    await addEndpoint(t, slow.url, 'other', 'slow');
    const action = await addAction(t, { name: 'Drip', gameType: 'any', cost: 1 });
    const viewer = await viewerWithCoins(t, 'steady', 100);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await trigger(t, viewer.cookie, action)).json().historyId);
    const worker = handOffOnlyWorker(t);
    const log = recordEvents({ worker });
    await slow.waitForRequests(worker.options.laneConcurrency);
    // The others wait in the lane: the held replies keep the first four busy.
    expect(slow.received).toHaveLength(worker.options.laneConcurrency);
    slow.holding = false;
    slow.release();
    await log.waitFor((e) => e.type === 'recorded', 6);
    expect(slow.received).toHaveLength(6);
    const started = log.events.filter((e) => e.type === 'sending').map((e) => e.historyId);
    expect(started).toEqual(ids);
  });

  it("queues a trigger for later instead of handing it over while its endpoint's lane is full", async () => {
    await addEndpoint(t, slow.url, 'other', 'slow');
    const action = await addAction(t, { name: 'Flood', gameType: 'any', cost: 1 });
    const viewer = await viewerWithCoins(t, 'flooding', 100);
    const worker = new DeliveryWorker(
      t.services,
      workerOptions(t.services.config.delivery, { pollMs: 3_600_000, laneConcurrency: 1, laneBacklog: 2 }),
    );
    t.services.deliveryWorker = worker;
    worker.start();
    const log = recordEvents({ worker });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await trigger(t, viewer.cookie, action)).json().historyId);
    await slow.waitForRequests(1);
    const statuses = async () =>
      (await Promise.all(ids.map((id) => listDeliveries(t.db.kysely, id)))).flat().map((r) => r.status);
    // Two in the lane (one sending, one waiting) hold leases; the third is left queued for any worker.
    expect(await statuses()).toEqual(['in_flight', 'in_flight', 'queued']);
    slow.holding = false;
    slow.release();
    await log.waitFor((e) => e.type === 'recorded', 3);
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered']);
    expect(slow.received.map((r) => r.webhookId)).toHaveLength(3);
    await worker.stop();
  });

  it('on shutdown finishes the attempts under way and gives back the ones not started', async () => {
    await addEndpoint(t, slow.url, 'other', 'slow');
    const action = await addAction(t, { name: 'Last call', gameType: 'any', cost: 1 });
    const viewer = await viewerWithCoins(t, 'closing', 100);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await trigger(t, viewer.cookie, action)).json().historyId);
    const worker = handOffOnlyWorker(t);
    const log = recordEvents({ worker });
    await slow.waitForRequests(worker.options.laneConcurrency);
    const stopped = worker.stop();
    slow.holding = false;
    slow.release();
    await stopped;
    expect(log.events.filter((e) => e.type === 'recorded')).toHaveLength(4);
    expect(slow.received).toHaveLength(4);
    const rows = (await Promise.all(ids.map((id) => listDeliveries(t.db.kysely, id)))).flat();
    expect(rows.map((r) => [r.status, r.lease_token])).toEqual([
      ...Array(4).fill(['delivered', null]),
      ['queued', null],
      ['queued', null],
    ]);
  });
});

describe('endpoint lanes', () => {
  it('runs a bounded number of jobs per lane, in arrival order, and other lanes freely', async () => {
    const lanes = new Lanes(2);
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const job = (name: string) => (waited: boolean) =>
      new Promise<void>((resolve) => {
        log.push(`start ${name}${waited ? ' (waited)' : ''}`);
        gates.set(name, resolve);
      });
    const all = ['a1', 'a2', 'a3', 'a4'].map((n) => lanes.run('a', job(n)));
    const b = lanes.run('b', job('b1'));
    expect(log).toEqual(['start a1', 'start a2', 'start b1']);
    expect(lanes.load('a')).toBe(4);
    expect(lanes.fullKeys(3)).toEqual(['a']);
    gates.get('b1')?.();
    await b;
    gates.get('a2')?.();
    await all[1];
    expect(log.at(-1)).toBe('start a3 (waited)');
    gates.get('a1')?.();
    await all[0];
    expect(log.at(-1)).toBe('start a4 (waited)');
    gates.get('a3')?.();
    gates.get('a4')?.();
    await lanes.idle();
    expect(lanes.load('a')).toBe(0);
  });
});
