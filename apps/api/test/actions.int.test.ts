import { createHmac } from 'node:crypto';
import { findHistory, listDeliveries, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import {
  closedPort,
  type RconStandIn,
  startRconStandIn,
  startWebhookStandIn,
  startWebRconStandIn,
  type WebhookStandIn,
  type WebRconStandIn,
} from '@shop/dispatch/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDeliveries } from '../src/delivery/claim';
import { createTestApp, drainDeliveries, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

describe.each(testDialects())('actions and delivery on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let rcon: RconStandIn;
  let webrcon: WebRconStandIn;
  let webhook: WebhookStandIn;
  const ids = { minecraft: 0, rust: 0, universal: 0, rconEndpoint: 0, webhookEndpoint: 0, webrconEndpoint: 0 };

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    rcon = await startRconStandIn({ password: 'mc-secret' });
    webrcon = await startWebRconStandIn({
      password: 'rust-secret',
      players: [{ steamId: '76561198000000001', username: 'Raider' }],
    });
    webhook = await startWebhookStandIn();
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const endpoint = async (url: string, secretKey: string, gameType: string) => {
      const res = await api('POST', '/api/admin/webhook-endpoints', admin, {
        url,
        secretKey,
        description: gameType,
        gameType,
        active: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    ids.rconEndpoint = await endpoint(rcon.url, 'mc-secret', 'minecraft');
    ids.webrconEndpoint = await endpoint(webrcon.url, 'rust-secret', 'rust');
    ids.webhookEndpoint = await endpoint(webhook.url, 'whsec_dGVzdC1zZWNyZXQ=', 'other');
    const action = async (fields: object) => {
      const res = await api('POST', '/api/admin/stream-actions', admin, fields);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    ids.minecraft = await action({
      name: 'Spawn Zombie',
      description: 'A zombie appears',
      webhookAction: 'say {displayName} spawned a zombie',
      gameType: 'minecraft',
      cost: 10,
    });
    ids.rust = await action({
      name: 'Gift Wood',
      description: 'Wood for a player',
      webhookAction: 'inventory.giveto {target} wood 1000',
      gameType: 'rust',
      targetType: 'individual',
      cost: 5,
    });
    ids.universal = await action({
      name: 'Air Horn',
      description: 'Loud',
      webhookAction: 'sound=airhorn&volume=80',
      gameType: 'any',
    });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await Promise.all([rcon?.close(), webrcon?.close(), webhook?.close()]);
  });

  it('lists active actions with the fields of the spec', async () => {
    const res = await api('GET', '/api/stream-actions');
    const zombie = (res.json() as { id: number }[]).find((a) => a.id === ids.minecraft);
    expect(zombie).toMatchObject({
      name: 'Spawn Zombie',
      cost: 10,
      gameType: 'minecraft',
      gameSpecific: true,
      targetType: 'global',
      active: true,
    });
    const horn = (res.json() as { id: number }[]).find((a) => a.id === ids.universal);
    expect(horn).toMatchObject({ cost: 50, gameSpecific: false });
  });

  it('validates actions as the admin form does', async () => {
    const zero = await api('POST', '/api/admin/stream-actions', admin, {
      name: 'X',
      description: 'Y',
      webhookAction: 'z',
      cost: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('cost: Cost must be at least 1');
    const noName = await api('POST', '/api/admin/stream-actions', admin, { description: 'Y', webhookAction: 'z' });
    expect(noName.json().message).toBe('name: Name is required');
    const target = await api('POST', '/api/admin/stream-actions', admin, {
      name: 'X',
      description: 'Y',
      webhookAction: 'z',
      gameType: 'minecraft',
      targetType: 'individual',
    });
    expect(target.statusCode).toBe(400);
    expect(target.json().message).toBe('targetType: Target type applies only to Rust actions');
  });

  it('never shows a stored secret', async () => {
    const list = await api('GET', '/api/admin/webhook-endpoints', admin);
    expect(list.body).not.toContain('mc-secret');
    expect(list.body).not.toContain('rust-secret');
    expect(list.json()[0]).toMatchObject({ secretKey: '••••••••', hasSecret: true });
    const toggled = await api('PATCH', `/api/admin/webhook-endpoints/${ids.rconEndpoint}`, admin, { active: false });
    expect(toggled.json().active).toBe(false);
    const back = await api('PATCH', `/api/admin/webhook-endpoints/${ids.rconEndpoint}`, admin, {
      url: rcon.url,
      secretKey: '••••••••',
      description: 'minecraft',
      gameType: 'minecraft',
      active: true,
    });
    expect(back.json().active).toBe(true);
    const test = await api('POST', `/api/admin/webhook-endpoints/${ids.rconEndpoint}/test`, admin, {
      command: 'give_wood',
    });
    expect(test.json()).toMatchObject({ success: true, message: 'Executed: give_wood' });
  });

  it('delivers a minecraft action to the RCON server and the all-games webhook, signed', async () => {
    const viewer = await registerUser(t.app, 'crafter');
    // Names refuse control characters (a newline) outright; what a name may hold that would change a
    // console command's meaning (a ';', spaces) is left out of the command instead.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: viewer.cookie },
      payload: { displayName: 'Crafty; op Crafty' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await grantCoins(t, viewer.id, 25);
    const before = webhook.received.length;
    const res = await api('POST', '/api/trigger-action', viewer.cookie, {
      actionId: ids.minecraft,
      targetSteamId: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', balance: 15, deliveries: 2 });
    await drainDeliveries(t);
    expect(rcon.commands.at(-1)).toBe('say CraftyopCrafty spawned a zombie');
    const hook = webhook.received.at(-1);
    expect(webhook.received.length).toBe(before + 1);
    const body = JSON.parse(hook?.body ?? '{}');
    expect(body).toMatchObject({
      command: 'say CraftyopCrafty spawned a zombie',
      action: { name: 'Spawn Zombie' },
      viewer: { username: 'crafter' },
    });
    const id = String(hook?.headers['webhook-id']);
    const timestamp = String(hook?.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from('dGVzdC1zZWNyZXQ=', 'base64'))
      .update(`${id}.${timestamp}.${hook?.body}`)
      .digest('base64');
    expect(hook?.headers['webhook-signature']).toBe(`v1,${expected}`);
    const history = await findHistory(t.db.kysely, res.json().historyId);
    expect(history?.success).toBe(1);
  });

  it('needs a player for individual actions and sends the Steam id to Rust', async () => {
    const viewer = await registerUser(t.app, 'raider');
    await grantCoins(t, viewer.id, 5);
    const missing = await api('POST', '/api/trigger-action', viewer.cookie, { actionId: ids.rust });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('You must select a player to target for this action.');
    const players = await api('GET', '/api/rust/players', viewer.cookie);
    expect(players.json()).toEqual([{ steamId: '76561198000000001', username: 'Raider' }]);
    const res = await api('POST', '/api/trigger-action', viewer.cookie, {
      actionId: ids.rust,
      targetSteamId: '76561198000000001',
    });
    expect(res.statusCode, res.body).toBe(200);
    await drainDeliveries(t);
    expect(webrcon.commands).toContain('inventory.giveto 76561198000000001 wood 1000');
  });

  it('refuses with Insufficient Coins and changes nothing', async () => {
    const viewer = await registerUser(t.app, 'broke');
    const res = await api('POST', '/api/trigger-action', viewer.cookie, { actionId: ids.minecraft });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ status: 'error', message: 'Insufficient Coins' });
    expect(await listTransactions(t.db.kysely, viewer.id)).toEqual([]);
  });

  it('lets exactly 7 of 200 concurrent triggers through for a viewer who can afford 7', async () => {
    const viewer = await registerUser(t.app, 'spammer');
    await grantCoins(t, viewer.id, 75);
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => api('POST', '/api/trigger-action', viewer.cookie, { actionId: ids.minecraft })),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 402)).toHaveLength(193);
    const me = await api('GET', '/api/user', viewer.cookie);
    expect(me.json().coinBalance).toBe(5);
    const ledger = await listTransactions(t.db.kysely, viewer.id);
    expect(ledger.filter((e) => e.type === 'action')).toHaveLength(7);
    await drainDeliveries(t);
  });

  it('retries a down target with backoff, then refunds exactly once', async () => {
    const port = await closedPort();
    const down = await api('POST', '/api/admin/webhook-endpoints', admin, {
      url: `rcon://127.0.0.1:${port}`,
      secretKey: 'x',
      description: 'down',
      gameType: 'rust',
    });
    // Only the broken endpoint takes rust actions now.
    await api('PATCH', `/api/admin/webhook-endpoints/${ids.webrconEndpoint}`, admin, { active: false });
    await api('PATCH', `/api/admin/webhook-endpoints/${ids.webhookEndpoint}`, admin, { active: false });
    // An action that does not wait for its game server: each refused connection burns a retry.
    await api('PATCH', `/api/admin/stream-actions/${ids.rust}`, admin, { waitForTarget: false });
    try {
      const viewer = await registerUser(t.app, 'unlucky');
      await grantCoins(t, viewer.id, 5);
      const res = await api('POST', '/api/trigger-action', viewer.cookie, {
        actionId: ids.rust,
        targetSteamId: '76561198000000001',
      });
      const historyId = res.json().historyId as number;
      const attempts: number[] = [];
      for (const wait of [0, 2_000, 10_000, 60_000]) {
        t.clock.advance(wait);
        await t.services.deliveryWorker.runOnce();
        attempts.push((await listDeliveries(t.db.kysely, historyId))[0]?.attempts ?? -1);
      }
      expect(attempts).toEqual([1, 2, 3, 4]);
      const [delivery] = await listDeliveries(t.db.kysely, historyId);
      expect(delivery?.status).toBe('failed');
      expect((await api('GET', '/api/user', viewer.cookie)).json().coinBalance).toBe(5);
      const ledger = await listTransactions(t.db.kysely, viewer.id);
      expect(ledger.filter((e) => e.type === 'refund')).toHaveLength(1);
      const again = await api('POST', `/api/admin/refund-action/${historyId}`, admin);
      expect(again.statusCode).toBe(409);
      const historyList = await api('GET', '/api/admin/action-history', admin);
      expect((historyList.json() as { id: number }[]).find((h) => h.id === historyId)).toMatchObject({
        refunded: true,
        success: false,
        username: 'unlucky',
      });
    } finally {
      await api('DELETE', `/api/admin/webhook-endpoints/${down.json().id}`, admin);
      await api('PATCH', `/api/admin/webhook-endpoints/${ids.webrconEndpoint}`, admin, { active: true });
      await api('PATCH', `/api/admin/webhook-endpoints/${ids.webhookEndpoint}`, admin, { active: true });
      await api('PATCH', `/api/admin/stream-actions/${ids.rust}`, admin, { waitForTarget: true });
    }
  });

  it('resumes a delivery whose worker died mid-way, after a restart, once its lease lapses', async () => {
    const viewer = await registerUser(t.app, 'patient');
    await grantCoins(t, viewer.id, 10);
    const res = await api('POST', '/api/trigger-action', viewer.cookie, { actionId: ids.minecraft });
    const historyId = res.json().historyId as number;
    // The process that claimed the deliveries dies before sending them.
    const claimed = await claimDeliveries(t.db, t.clock.now(), 100, 30_000);
    expect(claimed.length).toBeGreaterThan(0);
    // A freshly started process on the same database: nothing is due while the dead worker's lease holds.
    const restarted = await t.sibling({ admin: TEST_ADMIN });
    try {
      expect(await restarted.services.deliveryWorker.runOnce()).toBe(0);
      const sent = rcon.commands.length;
      t.clock.advance(30_001);
      while ((await restarted.services.deliveryWorker.runOnce()) > 0);
      expect(rcon.commands.length).toBe(sent + 1);
      const statuses = (await listDeliveries(t.db.kysely, historyId)).map((d) => d.status);
      expect(statuses).toEqual(['delivered', 'delivered']);
    } finally {
      await restarted.close();
    }
  });

  it('lets an admin refund by hand and resend without charging again', async () => {
    const viewer = await registerUser(t.app, 'refundee');
    await grantCoins(t, viewer.id, 10);
    const res = await api('POST', '/api/trigger-action', viewer.cookie, { actionId: ids.minecraft });
    const historyId = res.json().historyId as number;
    await drainDeliveries(t);
    const refund = await api('POST', `/api/admin/refund-action/${historyId}`, admin);
    expect(refund.json()).toMatchObject({ status: 'success' });
    expect((await api('GET', '/api/user', viewer.cookie)).json().coinBalance).toBe(10);
    const sent = rcon.commands.length;
    const resend = await api('POST', `/api/admin/resend-action/${historyId}`, admin);
    expect(resend.json()).toMatchObject({ status: 'success', message: 'Action resent' });
    await drainDeliveries(t);
    expect(rcon.commands.length).toBe(sent + 1);
    expect((await api('GET', '/api/user', viewer.cookie)).json().coinBalance).toBe(10);
  });

  it('tests an action without charging', async () => {
    const sent = rcon.commands.length;
    const res = await api('POST', '/api/admin/test-action', admin, { actionId: ids.minecraft });
    expect(res.json()).toMatchObject({ status: 'success', results: [{ success: true }, { success: true }] });
    // Delivered before the reply, and nothing left in the queue to fire later.
    expect(rcon.commands.length).toBe(sent + 1);
    await drainDeliveries(t);
    expect(rcon.commands.length).toBe(sent + 1);
    expect((await api('GET', '/api/user', admin)).json().coinBalance).toBe(0);
  });

  it('ranks supporters and shows public profiles', async () => {
    const board = await api('GET', '/api/leaderboard?limit=20');
    const entries = board.json() as { username: string; actionCount: number; totalCost: number }[];
    expect(entries.length).toBeGreaterThan(0);
    const costs = entries.map((e) => e.totalCost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const spammer = entries.find((e) => e.username === 'spammer');
    expect(spammer).toMatchObject({ actionCount: 7, totalCost: 70 });
    // A refunded trigger no longer counts.
    expect(entries.find((e) => e.username === 'unlucky')).toBeUndefined();
    expect((await api('GET', '/api/leaderboard?limit=101')).statusCode).toBe(400);
    expect((await api('GET', '/api/leaderboard')).json().length).toBeLessThanOrEqual(10);

    const viewer = await registerUser(t.app, 'profiled');
    await grantCoins(t, viewer.id, 10);
    await api('POST', '/api/trigger-action', viewer.cookie, { actionId: ids.minecraft });
    await drainDeliveries(t);
    const profile = await api('GET', `/api/users/${viewer.id}/profile`);
    expect(profile.json()).toMatchObject({
      username: 'profiled',
      actionCount: 1,
      actionHistory: [{ actionName: 'Spawn Zombie', cost: 10, success: true }],
    });
    for (const missing of ['0', '999999']) {
      const res = await api('GET', `/api/users/${missing}/profile`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'User not found' });
    }
  });

  it('manages categories and refuses viewers', async () => {
    const viewer = await registerUser(t.app, 'curious');
    const created = await api('POST', '/api/categories', admin, { name: 'Chaos', description: null, active: true });
    expect(created.json()).toMatchObject({ name: 'Chaos', color: '#6B7280', active: true });
    const id = created.json().id as number;
    const updated = await api('PUT', `/api/categories/${id}`, admin, {
      name: 'Chaos',
      description: 'Mayhem',
      color: '#FF0000',
      active: false,
    });
    expect(updated.json()).toMatchObject({ description: 'Mayhem', color: '#FF0000', active: false });
    expect((await api('POST', '/api/categories', viewer.cookie, { name: 'Mine' })).statusCode).toBe(403);
    expect((await api('DELETE', `/api/categories/${id}`, admin)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/categories/${id}`, admin)).statusCode).toBe(404);
  });
});
