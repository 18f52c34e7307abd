import { createHmac } from 'node:crypto';
import { setVerifiedTwitchAccount } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint } from './delivery-helpers';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp, testRedisUrl } from './helpers';
import { closeOf, listen } from './live-helpers';

const SESSION_ENDED = { code: 1008, reason: 'Session ended' };
const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, message: res.json().message });

async function adminIdOf(t: TestApp, cookie: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().id as number;
}

const setState = (t: TestApp, cookie: string, userId: number, state: 'disable' | 'enable') =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/${state}`, headers: { cookie } });

/** The admin panel's read of one user (tRPC only). */
async function detail(t: TestApp, cookie: string, userId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/trpc/adminTools.getUser?input=${encodeURIComponent(JSON.stringify({ userId }))}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data as { disabledAt: string | null; unrecoveredCoins: number };
}

describe.each(testDialects())('disabling an account on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  it('ends every session and socket at once and refuses sign-in with 403; enabling lets it sign in again', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socketUrl = `${address.replace('http', 'ws')}/ws`;
    const viewer = await registerUser(t.app, 'troll');
    const laptop = await loginAs(t.app, 'troll', 'secret123');
    const bystander = await registerUser(t.app, 'bystander');
    const phone = await listen(socketUrl, viewer.cookie);
    const desk = await listen(socketUrl, laptop);
    const unrelated = await listen(socketUrl, bystander.cookie);
    const closed = [closeOf(phone.ws), closeOf(desk.ws)];

    const res = await setState(t, admin, viewer.id, 'disable');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: expect.stringContaining('troll is disabled'),
      user: { id: viewer.id, username: 'troll', disabledAt: new Date(t.clock.now()).toISOString() },
    });
    expect(await Promise.all(closed)).toEqual([SESSION_ENDED, SESSION_ENDED]);
    expect(unrelated.ws.readyState).toBe(unrelated.ws.OPEN);
    unrelated.ws.close();

    for (const cookie of [viewer.cookie, laptop]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    }
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'troll', password } });
    expect(refusal(await login('secret123'))).toEqual({ status: 403, message: 'This account is disabled' });
    // A wrong password learns nothing about the account.
    expect(refusal(await login('wrong-password'))).toEqual({ status: 401, message: 'Invalid username or password' });
    expect((await detail(t, admin, viewer.id)).disabledAt).toBe(new Date(t.clock.now()).toISOString());
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?username=troll',
      headers: { cookie: admin },
    });
    expect(listed.json()[0]).toMatchObject({ username: 'troll', disabledAt: expect.any(String) });

    // Disabling twice keeps the first time.
    t.clock.advance(60_000);
    expect((await setState(t, admin, viewer.id, 'disable')).json().user.disabledAt).toBe(
      new Date(t.clock.now() - 60_000).toISOString(),
    );

    const enabled = await setState(t, admin, viewer.id, 'enable');
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ status: 'success', user: { disabledAt: null } });
    const back = await login('secret123');
    expect(back.statusCode, back.body).toBe(200);
    expect((await detail(t, admin, viewer.id)).disabledAt).toBeNull();
  });

  it('a session a sign-in created just before the disable committed is refused too', async () => {
    const viewer = await registerUser(t.app, 'racer');
    // As if the sign-in's session insert landed after the disable deleted the sessions.
    await t.db.kysely.updateTable('users').set({ disabled_at: t.clock.now() }).where('id', '=', viewer.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(401);
    expect(
      await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', viewer.id).execute(),
    ).toHaveLength(0);
  });

  it('cannot trigger, contribute, gift, receive gifts or earn while disabled; enabled again it can', async () => {
    const endpoint = await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other', 'hook');
    expect(endpoint).toBeGreaterThan(0);
    const actionId = await addAction(t, { name: 'Boom', gameType: 'any', cost: 5 });
    const viewer = await registerUser(t.app, 'muted');
    const friend = await registerUser(t.app, 'friend');
    await grantCoins(t, viewer.id, 100);
    await grantCoins(t, friend.id, 100);
    await setVerifiedTwitchAccount(t.db.kysely, viewer.id, { id: '7001', login: 'mutedfan' });
    expect((await setState(t, admin, viewer.id, 'disable')).statusCode).toBe(200);

    // Its old cookie no longer signs anything in.
    const trigger = await t.app.inject({
      method: 'POST',
      url: '/api/trigger-action',
      headers: { cookie: viewer.cookie },
      payload: { actionId },
    });
    expect(trigger.statusCode).toBe(401);
    const contribute = await t.app.inject({
      method: 'POST',
      url: `/api/pools/${actionId}/contribute`,
      headers: { cookie: viewer.cookie },
      payload: { coins: 5, requestId: 'disabled-share' },
    });
    expect(contribute.statusCode).toBe(401);
    const giftFrom = await t.app.inject({
      method: 'POST',
      url: '/api/gifts',
      headers: { cookie: viewer.cookie },
      payload: { toUsername: 'friend', coins: 5, requestId: 'disabled-gift' },
    });
    expect(giftFrom.statusCode).toBe(401);

    // Nobody can give it coins.
    const giftTo = (requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/gifts',
        headers: { cookie: friend.cookie },
        payload: { toUsername: 'muted', coins: 5, requestId },
      });
    expect(refusal(await giftTo('gift-to-disabled'))).toEqual({
      status: 409,
      message: "muted's account is disabled and cannot receive gifts",
    });

    // Watch-time (simulated data pays every verified viewer) passes it over.
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/watch-time/settings',
      headers: { cookie: admin },
      payload: { enabled: true, rewardInterval: 5, coinsPerInterval: 4 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await t.services.watchTime.runOnce()).paid).toBe(0);

    // Streamer.bot conversions are refused, and pay nothing.
    const secret = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/streamerbot/regenerate-secret',
        headers: { cookie: admin },
      })
    ).json().secret as string;
    const webhook = new URL(
      (await t.app.inject({ method: 'GET', url: '/api/admin/streamerbot/config', headers: { cookie: admin } })).json()
        .webhookUrl as string,
    ).pathname;
    const redeem = (redemptionId: string) => {
      const raw = JSON.stringify({ user: 'mutedfan', points: 500, rewardTitle: 'Coins', redemptionId });
      return t.app.inject({
        method: 'POST',
        url: webhook,
        headers: {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
        },
        payload: raw,
      });
    };
    expect(refusal(await redeem('while-disabled'))).toEqual({ status: 403, message: 'This account is disabled' });

    const balanceOf = async (userId: number) =>
      Number(
        (
          await t.db.kysely
            .selectFrom('users')
            .select('coin_balance')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow()
        ).coin_balance,
      );
    expect(await balanceOf(viewer.id)).toBe(100);
    expect(await balanceOf(friend.id)).toBe(100);

    // Enabled again: it signs in, and gifts, rewards and conversions reach it.
    expect((await setState(t, admin, viewer.id, 'enable')).statusCode).toBe(200);
    const cookie = await loginAs(t.app, 'muted', 'secret123');
    expect((await giftTo('gift-after-enable')).statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    expect((await t.services.watchTime.runOnce()).paid).toBe(1);
    expect((await redeem('after-enable')).statusCode).toBe(200);
    expect(await balanceOf(viewer.id)).toBe(100 + 5 + 4 + 50);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/trigger-action',
      headers: { cookie },
      payload: { actionId },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses an admin disabling themselves, a viewer disabling anyone, and an unknown id', async () => {
    const adminId = await adminIdOf(t, admin);
    expect(refusal(await setState(t, admin, adminId, 'disable'))).toEqual({
      status: 400,
      message: 'You cannot disable your own account',
    });
    const viewer = await registerUser(t.app, 'nosy');
    const other = await registerUser(t.app, 'target');
    expect((await setState(t, viewer.cookie, other.id, 'disable')).statusCode).toBe(403);
    expect((await setState(t, viewer.cookie, other.id, 'enable')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${other.id}/disable` })).statusCode).toBe(401);
    expect(refusal(await setState(t, admin, 999_999, 'disable'))).toEqual({ status: 404, message: 'User not found' });
    expect(refusal(await setState(t, admin, 999_999, 'enable'))).toEqual({ status: 404, message: 'User not found' });
    expect((await detail(t, admin, other.id)).disabledAt).toBeNull();
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/admin/users/{id}/disable', '/api/admin/users/{id}/enable']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
  });
});

describe('disabling an account across api processes through Redis', () => {
  const redisUrl = testRedisUrl();
  const maybe = redisUrl ? it : it.skip;
  maybe('closes the sockets open on another process at once', async () => {
    const a = await createTestApp('sqlite', { admin: TEST_ADMIN, redisUrl });
    const b = await a.sibling({ redisUrl });
    try {
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const viewer = await registerUser(a.app, 'roaming-troll');
      const socket = await listen(`${address.replace('http', 'ws')}/ws`, viewer.cookie);
      const closed = closeOf(socket.ws);
      const admin = await loginAs(b.app, TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await setState(b, admin, viewer.id, 'disable')).statusCode).toBe(200);
      expect(await closed).toEqual(SESSION_ENDED);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
