import { connect, type Db, listDeliveries, parseDatabaseUrl } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { leaseMsFor } from '../src/delivery/lease';
import { DeliveryWorker, type HandOff, workerOptions } from '../src/delivery/worker';
import { addAction, addEndpoint, recordEvents, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp, testConfig } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';

const TIMEOUT_MS = 20_000;

describe.each(testDialects())('two workers on one %s database', (dialect) => {
  let t: TestApp;
  let second: BuiltApp;
  let secondDb: Db | null;
  let hook: ControlledWebhook;
  let actionId: number;

  beforeEach(async () => {
    const delivery = { autoStart: false, timeoutMs: TIMEOUT_MS };
    t = await createTestApp(dialect, { delivery });
    // On MySQL the second instance gets its own pool, as a second api process would.
    secondDb = t.db.url ? connect(parseDatabaseUrl(t.db.url)) : null;
    second = await buildApp(testConfig({ delivery }), { db: secondDb ?? t.db, now: t.clock.now });
    hook = await startControlledWebhook({ holding: true });
    await addEndpoint(t, hook.url, 'other');
    actionId = await addAction(t, { name: 'Quake', gameType: 'any', cost: 3 });
  });
  afterEach(async () => {
    hook.holding = false;
    hook.release();
    await assertLedgerInvariant(t.db);
    await second.app.close();
    await secondDb?.close();
    await t.close();
    await hook.close();
  });

  it('derives the lease from the transport timeout, with margin', () => {
    expect(t.services.deliveryWorker.options.leaseMs).toBe(leaseMsFor(TIMEOUT_MS));
    expect(leaseMsFor(TIMEOUT_MS)).toBeGreaterThan(TIMEOUT_MS * 2);
  });

  it('never lets a second worker take over an attempt that is still within its timeout', async () => {
    const viewer = await viewerWithCoins(t, 'single', 10);
    const historyId = (await trigger(t, viewer.cookie, actionId)).json().historyId as number;
    const log = recordEvents({ first: t.services.deliveryWorker, second: second.services.deliveryWorker });
    const firstPass = t.services.deliveryWorker.runOnce();
    await hook.waitForRequests(1);
    // However long the first attempt takes, its transport gives up after TIMEOUT_MS; a second later
    // the lease still holds, so the other worker finds nothing to do.
    t.clock.advance(TIMEOUT_MS + 1_000);
    expect(await second.services.deliveryWorker.runOnce()).toBe(0);
    hook.release();
    expect(await firstPass).toBe(1);
    expect(hook.received).toHaveLength(1);
    expect(log.events.filter((e) => e.type === 'recorded').map((e) => e.worker)).toEqual(['first']);
    const [row] = await listDeliveries(t.db.kysely, historyId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lease_token: null });
  });

  it('drops the late outcome of a worker whose lease lapsed while it was still sending', async () => {
    const viewer = await viewerWithCoins(t, 'stalled', 10);
    const historyId = (await trigger(t, viewer.cookie, actionId)).json().historyId as number;
    const log = recordEvents({ first: t.services.deliveryWorker, second: second.services.deliveryWorker });
    const firstPass = t.services.deliveryWorker.runOnce();
    await hook.waitForRequests(1);
    // The first process stalls past its whole lease (say, a long pause): the row is up for grabs.
    t.clock.advance(leaseMsFor(TIMEOUT_MS) + 1);
    const secondPass = second.services.deliveryWorker.runOnce();
    await hook.waitForRequests(2);
    hook.holding = false;
    hook.release();
    await Promise.all([firstPass, secondPass]);
    // At-least-once: the target saw the delivery twice, under one webhook-id it can de-duplicate by.
    expect(new Set(hook.received.map((r) => r.webhookId)).size).toBe(1);
    // Fencing: only the worker holding the lease recorded an outcome.
    expect(log.events.filter((e) => e.type === 'recorded').map((e) => e.worker)).toEqual(['second']);
    expect(log.events.filter((e) => e.type === 'lost').map((e) => e.worker)).toEqual(['first']);
    const [row] = await listDeliveries(t.db.kysely, historyId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lease_token: null });
  });

  it('lets another worker send a trigger whose own process died between its commit and the send', async () => {
    hook.holding = false;
    // The trigger's process takes the lease for its deliveries and commits, then dies before the hand-off.
    class DiesBeforeSending extends DeliveryWorker {
      override handOff(_jobs: readonly HandOff[]): void {}
    }
    const dying = new DiesBeforeSending(t.services, workerOptions(t.services.config.delivery, { pollMs: 3_600_000 }));
    t.services.deliveryWorker = dying;
    dying.start();
    const viewer = await viewerWithCoins(t, 'orphaned', 10);
    const reply = await trigger(t, viewer.cookie, actionId);
    expect(reply.statusCode, reply.body).toBe(200);
    const historyId = reply.json().historyId as number;
    const [born] = await listDeliveries(t.db.kysely, historyId);
    expect(born).toMatchObject({ status: 'in_flight', attempts: 0 });
    expect(born?.lease_token).toEqual(expect.any(String));
    // While the lease holds, nobody else may send it: its owner could still be at it.
    expect(await second.services.deliveryWorker.runOnce()).toBe(0);
    t.clock.advance(leaseMsFor(TIMEOUT_MS) + 1);
    expect(await second.services.deliveryWorker.runOnce()).toBe(1);
    await dying.stop();
    expect(hook.received).toHaveLength(1);
    const [row] = await listDeliveries(t.db.kysely, historyId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lease_token: null });
  });

  it('sends every delivery once when both workers drain the queue at the same time', async () => {
    hook.holding = false;
    const viewers = await Promise.all(
      ['drain1', 'drain2', 'drain3', 'drain4'].map((name) => viewerWithCoins(t, name, 30)),
    );
    const replies = await Promise.all(
      viewers.flatMap((v) => Array.from({ length: 10 }, () => trigger(t, v.cookie, actionId))),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const log = recordEvents({ first: t.services.deliveryWorker, second: second.services.deliveryWorker });
    const drain = async (app: { services: TestApp['services'] }) => {
      while ((await app.services.deliveryWorker.runOnce()) > 0);
    };
    await Promise.all([drain(t), drain(second)]);
    const recorded = log.events.filter((e) => e.type === 'recorded');
    expect(recorded).toHaveLength(40);
    expect(new Set(recorded.map((e) => e.deliveryId)).size).toBe(40);
    expect(hook.received).toHaveLength(40);
    expect(new Set(hook.received.map((r) => r.webhookId)).size).toBe(40);
  });
});
