import { listDeliveries, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { closedPort } from '@shop/dispatch/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

/** A double click, a retry after a lost reply, two api processes: one requestId is one charge. */
describe.each(testDialects())('trigger idempotency on %s', (dialect) => {
  let t: TestApp;
  let actionId = 0;
  let otherActionId = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    // A target that never answers: the worker is off here, so deliveries stay queued and countable.
    await post('/api/admin/webhook-endpoints', {
      url: `rcon://127.0.0.1:${await closedPort()}`,
      secretKey: 'pw',
      description: 'Minecraft',
      gameType: 'minecraft',
      active: true,
    });
    actionId = await post('/api/admin/stream-actions', {
      name: 'Spawn Creeper',
      description: 'Boom',
      webhookAction: 'say creeper for {username}',
      gameType: 'minecraft',
      cost: 7,
    });
    otherActionId = await post('/api/admin/stream-actions', {
      name: 'Night',
      description: 'Dark',
      webhookAction: 'time set night',
      gameType: 'minecraft',
      cost: 3,
    });
  });

  afterAll(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  it('answers 50 simultaneous identical requests alike and charges once', async () => {
    const viewer = await registerUser(t.app, 'doubleclicker');
    await grantCoins(t, viewer.id, 100);
    const body = { requestId: 'confirm-0001-abcdef' };
    const replies = await Promise.all(Array.from({ length: 50 }, () => t.trigger(viewer.cookie, actionId, body)));

    const bodies = new Set(replies.map((r) => r.body));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(bodies.size).toBe(1);
    const reply = replies[0]?.json();
    expect(reply).toMatchObject({ status: 'success', balance: 93, deliveries: 1 });

    const ledger = await listTransactions(t.db.kysely, viewer.id);
    expect(ledger.filter((r) => r.type === 'action')).toHaveLength(1);
    expect(await listDeliveries(t.db.kysely, reply.historyId)).toHaveLength(1);
    await assertLedgerInvariant(t.db);
  });

  it('answers a later retry with the first result, even when the balance no longer covers it', async () => {
    const viewer = await registerUser(t.app, 'retrier');
    await grantCoins(t, viewer.id, 7);
    const first = await t.trigger(viewer.cookie, actionId, { requestId: 'confirm-retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.trigger(viewer.cookie, actionId, { requestId: 'confirm-retry-1' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    // A new confirm is a new charge, refused honestly for want of coins.
    const fresh = await t.trigger(viewer.cookie, actionId, { requestId: 'confirm-retry-2' });
    expect(fresh.statusCode).toBe(402);
    expect(fresh.json()).toEqual({ status: 'error', message: 'Insufficient Coins' });
  });

  it('reads the key from an Idempotency-Key header', async () => {
    const viewer = await registerUser(t.app, 'headerkey');
    await grantCoins(t, viewer.id, 50);
    const headers = { 'idempotency-key': 'hdr-key-123456' };
    const [a, b] = await Promise.all([
      t.trigger(viewer.cookie, actionId, {}, headers),
      t.trigger(viewer.cookie, actionId, {}, headers),
    ]);
    expect(a?.statusCode).toBe(200);
    expect(b?.body).toBe(a?.body);
    expect((await listTransactions(t.db.kysely, viewer.id)).filter((r) => r.type === 'action')).toHaveLength(1);
  });

  it('keeps keys per viewer, and refuses a key reused for another action', async () => {
    const alice = await registerUser(t.app, 'alice_keys');
    const bob = await registerUser(t.app, 'bob_keys');
    await grantCoins(t, alice.id, 50);
    await grantCoins(t, bob.id, 50);
    const key = 'shared-key-0001';
    expect((await t.trigger(alice.cookie, actionId, { requestId: key })).statusCode).toBe(200);
    const bobs = await t.trigger(bob.cookie, actionId, { requestId: key });
    expect(bobs.statusCode).toBe(200);
    expect(bobs.json().balance).toBe(43);

    const reused = await t.trigger(alice.cookie, otherActionId, { requestId: key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This requestId was already used for another action');
    expect((await listTransactions(t.db.kysely, alice.id)).filter((r) => r.type === 'action')).toHaveLength(1);
  });

  it('refuses a malformed requestId with a clear message', async () => {
    const viewer = await registerUser(t.app, 'shortkey');
    await grantCoins(t, viewer.id, 50);
    const res = await t.trigger(viewer.cookie, actionId, { requestId: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('requestId must be 8 to 100 characters');
    expect(Number((await listTransactions(t.db.kysely, viewer.id)).length)).toBe(1);
  });

  it('charges once when the twins reach two app instances on one database', async () => {
    const second = await t.sibling({ admin: TEST_ADMIN });
    try {
      const viewer = await registerUser(t.app, 'twoprocs');
      await grantCoins(t, viewer.id, 100);
      const body = { requestId: 'two-procs-key-1' };
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? second : t).trigger(viewer.cookie, actionId, body)),
      );
      expect(new Set(replies.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
      expect(replies[0]?.statusCode).toBe(200);
      expect((await listTransactions(t.db.kysely, viewer.id)).filter((r) => r.type === 'action')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
