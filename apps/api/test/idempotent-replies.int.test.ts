import { listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { startWebhookStandIn, type WebhookStandIn } from '@shop/dispatch/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { until } from './live-helpers';
import { race } from './race';

/**
 * A replayed paid command answers the first reply exactly, however the thing it made has moved on
 * since: the current state is what the queue and receipts are for.
 */
describe.each(testDialects())('idempotent replies on %s', (dialect) => {
  let t: TestApp;
  let hook: WebhookStandIn;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    hook = await startWebhookStandIn();
    await addEndpoint(t, hook.url, 'other', 'overlay');
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
    await hook.close();
  });

  /** Every 2xx body of a race is the same bytes and the same JSON; answers that one body. */
  function oneBody(accepted: LightMyRequestResponse[], count: number): unknown {
    expect(accepted).toHaveLength(count);
    const first = accepted[0]?.json();
    for (const reply of accepted) {
      expect(reply.json()).toEqual(first);
      expect(reply.body).toBe(accepted[0]?.body);
    }
    return first;
  }

  const ledgerOf = async (userId: number, type: string) =>
    (await listTransactions(t.db.kysely, userId)).filter((r) => r.type === type);

  const holdQueue = async (held: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/queue/hold',
      headers: { cookie: admin },
      payload: { held },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('trigger: 20 copies of one requestId answer one body and charge once; a replay after delivery and a restart still answers it', async () => {
    const actionId = await addAction(t, { name: 'Confetti', gameType: 'any', cost: 7 });
    const viewer = await viewerWithCoins(t, 'replayer', 100);
    const body = { requestId: 'replay-trigger-0001' };
    const { accepted, statuses } = await race(t, 20, () => t.trigger(viewer.cookie, actionId, body));
    expect(statuses).toEqual({ 200: 20 });
    const first = oneBody(accepted, 20);
    expect(first).toMatchObject({ status: 'success', balance: 93, deliveries: 1, state: 'queued' });
    expect(await ledgerOf(viewer.id, 'action')).toHaveLength(1);

    await drainDeliveries(t);
    await until(() => hook.received.length >= 1);
    const later = await t.trigger(viewer.cookie, actionId, body);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(first);
    // Another process, as after a restart: nothing of the first reply lives in memory.
    const restarted = await t.sibling({ admin: TEST_ADMIN });
    try {
      expect((await restarted.trigger(viewer.cookie, actionId, body)).json()).toEqual(first);
    } finally {
      await restarted.close();
    }
    expect(await ledgerOf(viewer.id, 'action')).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
  });

  it('trigger: 20 copies of one Idempotency-Key while the queue is held answer the first body, also once released', async () => {
    const actionId = await addAction(t, { name: 'Fireworks', gameType: 'any', cost: 9 });
    const viewer = await viewerWithCoins(t, 'headerkey', 100);
    await holdQueue(true);
    const headers = { 'idempotency-key': 'replay-header-0001' };
    const { accepted, statuses } = await race(t, 20, () => t.trigger(viewer.cookie, actionId, {}, headers));
    expect(statuses).toEqual({ 200: 20 });
    const first = oneBody(accepted, 20);
    expect(first).toMatchObject({ balance: 91, state: 'held' });
    expect(await ledgerOf(viewer.id, 'action')).toHaveLength(1);

    await holdQueue(false);
    await drainDeliveries(t);
    await until(() => hook.received.length >= 1);
    expect((await t.trigger(viewer.cookie, actionId, {}, headers)).json()).toEqual(first);
    expect(await ledgerOf(viewer.id, 'action')).toHaveLength(1);
  });

  /** A crowd goal of `goal` coins with a long window, straight in the database. */
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

  const contribute = (cookie: string, actionId: number, coins: number, key: { body?: string; header?: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pools/${actionId}/contribute`,
      headers: { cookie, ...(key.header && { 'idempotency-key': key.header }) },
      payload: { coins, ...(key.body && { requestId: key.body }) },
    });

  it('contribute: 20 copies of one requestId, and of one header, answer one body each; replays after the goal fired still do', async () => {
    const actionId = await pooledAction(100);
    const viewer = await viewerWithCoins(t, 'chipper', 100);
    const byBody = await race(t, 20, () => contribute(viewer.cookie, actionId, 25, { body: 'replay-pool-body-1' }));
    expect(byBody.statuses).toEqual({ 200: 20 });
    const first = oneBody(byBody.accepted, 20);
    expect(first).toMatchObject({ coins: 25, balance: 75, pool: { raised: 25, state: 'open' }, historyId: null });
    const byHeader = await race(t, 20, () =>
      contribute(viewer.cookie, actionId, 30, { header: 'replay-pool-header-1' }),
    );
    expect(byHeader.statuses).toEqual({ 200: 20 });
    const second = oneBody(byHeader.accepted, 20);
    expect(second).toMatchObject({ coins: 30, balance: 45, pool: { raised: 55, contributors: 1, state: 'open' } });
    expect(await ledgerOf(viewer.id, 'pool_contribution')).toHaveLength(2);

    // Another viewer completes the goal: the pool the first replies showed has moved on.
    const closer = await viewerWithCoins(t, 'closer', 100);
    const last = await contribute(closer.cookie, actionId, 100, { body: 'replay-pool-closer' });
    expect(last.json()).toMatchObject({ coins: 45, pool: { raised: 100, state: 'fired' } });
    expect((await contribute(viewer.cookie, actionId, 25, { body: 'replay-pool-body-1' })).json()).toEqual(first);
    expect((await contribute(viewer.cookie, actionId, 30, { header: 'replay-pool-header-1' })).json()).toEqual(second);
    const restarted = await t.sibling();
    try {
      const again = await restarted.app.inject({
        method: 'POST',
        url: `/api/pools/${actionId}/contribute`,
        headers: { cookie: closer.cookie },
        payload: { coins: 100, requestId: 'replay-pool-closer' },
      });
      expect(again.json()).toEqual(last.json());
    } finally {
      await restarted.close();
    }
    expect(await ledgerOf(viewer.id, 'pool_contribution')).toHaveLength(2);
    expect(await ledgerOf(closer.id, 'pool_contribution')).toHaveLength(1);
  });

  const gift = (cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/gifts', headers: { cookie, ...headers }, payload: body });

  it('gift: 20 copies of one requestId, and of one header, move coins once each and answer one body; so does a later replay', async () => {
    const sender = await viewerWithCoins(t, 'giver', 1000);
    const recipient = await viewerWithCoins(t, 'taker', 0);
    const byBody = await race(t, 20, () =>
      gift(sender.cookie, { toUsername: 'taker', coins: 40, requestId: 'replay-gift-body-1' }),
    );
    expect(byBody.statuses).toEqual({ 200: 20 });
    const first = oneBody(byBody.accepted, 20);
    expect(first).toMatchObject({ coins: 40, balance: 960, toUsername: 'taker' });
    const headers = { 'idempotency-key': 'replay-gift-header-1' };
    const byHeader = await race(t, 20, () => gift(sender.cookie, { toUsername: 'TAKER', coins: 60 }, headers));
    expect(byHeader.statuses).toEqual({ 200: 20 });
    const second = oneBody(byHeader.accepted, 20);
    expect(second).toMatchObject({ coins: 60, balance: 900 });

    expect(
      (await gift(sender.cookie, { toUsername: 'taker', coins: 40, requestId: 'replay-gift-body-1' })).json(),
    ).toEqual(first);
    expect((await gift(sender.cookie, { toUsername: 'taker', coins: 60 }, headers)).json()).toEqual(second);
    expect(await ledgerOf(sender.id, 'gift_sent')).toHaveLength(2);
    expect(await ledgerOf(recipient.id, 'gift_received')).toHaveLength(2);
    expect(await t.balanceOf(recipient.cookie)).toBe(100);
  });
});
