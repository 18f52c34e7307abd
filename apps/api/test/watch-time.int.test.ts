import { setTwitchUsername, setVerifiedTwitchAccount } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TRealtimeMessage, TWatchTimeReward, TWatchTimeSettingsUpdate, TWatchTimeStatus } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { startTwitchStandIn, type TwitchStandIn } from './stand-ins/twitch-server';
import { authorizeTwitch, verifyTwitch } from './twitch-oauth-flow';

const MINUTE = 60_000;

/**
 * A viewer whose Twitch name is proved (as 'Verify with Twitch' stores it), or with `claimed`
 * only typed on the dashboard: a claim, which no mode pays.
 */
async function viewer(
  t: TestApp,
  name: string,
  twitch: string | null,
  proof: 'verified' | 'claimed' = 'verified',
): Promise<{ id: number; cookie: string }> {
  const user = await registerUser(t.app, name);
  if (twitch && proof === 'verified') {
    expect(await setVerifiedTwitchAccount(t.db.kysely, user.id, { id: `tw-${twitch}`, login: twitch })).toBe(
      'verified',
    );
  } else if (twitch) {
    await setTwitchUsername(t.db.kysely, user.id, twitch);
  }
  return user;
}

function client(t: TestApp, cookie: string) {
  return {
    status: async (): Promise<TWatchTimeStatus> => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/watch-time/status', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    rewards: async (): Promise<TWatchTimeReward[]> => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/watch-time/rewards', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    save: (change: TWatchTimeSettingsUpdate | Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/watch-time/settings', headers: { cookie }, payload: change }),
  };
}

describe.each(testDialects())('watch-time settings and simulated rewards on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let fan: { id: number; cookie: string };
  let other: { id: number; cookie: string };
  let unlinked: { id: number; cookie: string };
  let claimer: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = client(t, await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password));
    fan = await viewer(t, 'watch-fan', 'watchfan');
    other = await viewer(t, 'watch-other', 'watchother');
    unlinked = await viewer(t, 'watch-unlinked', null);
    // Anyone can type any name, the streamer's friends' included: simulated data pays proofs only.
    claimer = await viewer(t, 'watch-claimer', 'someonesname', 'claimed');
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => t?.close());

  it('starts disabled with default settings, never updated, simulated outside production', async () => {
    const s = await admin.status();
    expect(s).toMatchObject({
      isRunning: false,
      settings: { enabled: false, rewardInterval: 10, coinsPerInterval: 5, lastUpdated: null },
      stats: { totalRewardsToday: 0, totalUsersRewarded: 0, rewardCount: 0 },
      mode: 'simulated',
      authorizeUrl: '/api/twitch/auth',
      authorized: null,
    });
    expect(s.modeReason).toContain('simulated');
    // The status says who a simulated tick pays: proven accounts, not typed names.
    expect(s.modeReason).toContain('verified');
    expect(await admin.rewards()).toEqual([]);
    // Disabled: a tick pays nothing.
    expect((await t.services.watchTime.runOnce()).paid).toBe(0);
  });

  it('checks the bounds with the spec wording and needs at least one field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rewardInterval: 0 }, 'Reward interval must be between 1 and 1440 minutes'],
      [{ rewardInterval: 1441 }, 'Reward interval must be between 1 and 1440 minutes'],
      [{ rewardInterval: 2.5 }, 'Reward interval must be between 1 and 1440 minutes'],
      [{ coinsPerInterval: 0 }, 'Coins per interval must be between 1 and 1000'],
      [{ coinsPerInterval: 1001 }, 'Coins per interval must be between 1 and 1000'],
      [{}, 'No changes'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await admin.status()).settings.lastUpdated).toBeNull();
  });

  it('saves only the fields sent and stamps lastUpdated', async () => {
    const res = await admin.save({ rewardInterval: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      rewardInterval: 5,
      coinsPerInterval: 5,
      lastUpdated: new Date(t.clock.now()).toISOString(),
    });
    expect((await admin.save({ enabled: true, coinsPerInterval: 7 })).json()).toMatchObject({
      enabled: true,
      rewardInterval: 5,
      coinsPerInterval: 7,
    });
  });

  it('pays every verified viewer once per window, never a typed claim: two ticks of one window pay once', async () => {
    const first = await t.services.watchTime.runOnce();
    expect(first).toEqual({ paid: 2, watching: 2, skipped: null });
    t.clock.advance(MINUTE);
    expect((await t.services.watchTime.runOnce()).paid).toBe(0);
    // runDue skips the window this process already finished.
    expect(await t.services.watchTime.runDue()).toBeNull();
    expect(await t.balanceOf(fan.cookie)).toBe(7);
    expect(await t.balanceOf(other.cookie)).toBe(7);
    expect(await t.balanceOf(unlinked.cookie)).toBe(0);
    expect(await t.balanceOf(claimer.cookie)).toBe(0);

    const history = (
      await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: fan.cookie } })
    ).json();
    expect(history[0]).toMatchObject({ type: 'reward', amount: 7, description: 'Watch-time reward' });
  });

  it('pays again in the next window, and lists rewards and today’s statistics', async () => {
    t.clock.advance(5 * MINUTE);
    expect((await t.services.watchTime.runDue())?.paid).toBe(2);
    const s = await admin.status();
    expect(s.stats).toEqual({ totalRewardsToday: 28, totalUsersRewarded: 2, rewardCount: 4 });
    const rewards = await admin.rewards();
    expect(rewards).toHaveLength(4);
    expect(rewards[0]).toMatchObject({
      coinsAwarded: 7,
      watchDuration: 5,
      timestamp: new Date(t.clock.now()).toISOString(),
    });
    expect(rewards.map((r) => r.username).sort()).toEqual(['watch-fan', 'watch-fan', 'watch-other', 'watch-other']);
    expect(rewards.find((r) => r.username === 'watch-fan')?.userId).toBe(fan.id);
  });

  it('keeps only the 10 most recent rewards in the list; tomorrow’s statistics start at 0', async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.advance(5 * MINUTE);
      await t.services.watchTime.runOnce();
    }
    expect(await admin.rewards()).toHaveLength(10);
    t.clock.advance(24 * 60 * MINUTE);
    expect((await admin.status()).stats).toEqual({ totalRewardsToday: 0, totalUsersRewarded: 0, rewardCount: 0 });
  });

  it('two app instances ticking at once pay once', async () => {
    t.clock.advance(5 * MINUTE);
    const second = await t.sibling({ admin: TEST_ADMIN });
    try {
      const before = await t.balanceOf(fan.cookie);
      // A second tick in the same process joins the one running; across processes the ledger decides.
      const [a, b, aAgain] = [
        t.services.watchTime.runOnce(),
        second.services.watchTime.runOnce(),
        t.services.watchTime.runOnce(),
      ];
      expect(aAgain).toBe(a);
      const results = await Promise.all([a, b]);
      // Each viewer is paid by exactly one of the two processes.
      expect(results.reduce((sum, r) => sum + r.paid, 0)).toBe(2);
      expect(await t.balanceOf(fan.cookie)).toBe(before + 7);
    } finally {
      await second.close();
    }
  });

  it('is admin-only', async () => {
    for (const headers of [{ cookie: fan.cookie }, {}]) {
      for (const [method, url] of [
        ['GET', '/api/admin/watch-time/status'],
        ['GET', '/api/admin/watch-time/rewards'],
        ['PUT', '/api/admin/watch-time/settings'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: method === 'PUT' ? { enabled: false } : undefined,
        });
        expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect((await admin.status()).settings.enabled).toBe(true);
  });
});

describe.each(testDialects())('watch-time in production without Twitch authorization on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN, nodeEnv: 'production' });
  });
  afterAll(async () => t?.close());

  it('awards nothing and the status says why', async () => {
    const admin = client(t, await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password));
    const fan = await viewer(t, 'prod-fan', 'prodfan');
    await admin.save({ enabled: true, rewardInterval: 1, coinsPerInterval: 10 });
    const s = await admin.status();
    expect(s.mode).toBe('unavailable');
    expect(s.modeReason).toContain('Authorize the shop with Twitch');
    expect(s.modeReason).toContain('TWITCH_CLIENT_ID');
    const tick = await t.services.watchTime.runOnce();
    expect(tick.paid).toBe(0);
    expect(tick.skipped).toContain('Authorize');
    expect(await t.balanceOf(fan.cookie)).toBe(0);
  });
});

describe.each(testDialects())('watch-time with real Twitch chatters (stand-in) on %s', (dialect) => {
  let stand: TwitchStandIn;
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let adminCookie: string;
  let present: { id: number; cookie: string };
  let absent: { id: number; cookie: string };
  let claimer: { id: number; cookie: string };
  let bot: { id: number; cookie: string };

  /** Into the next 5-minute window, and past the stream cache's 30 s. */
  const nextWindow = () => t.clock.advance(5 * MINUTE);

  beforeAll(async () => {
    // Two chatters per page, so a chat of five needs three pages.
    stand = await startTwitchStandIn({ initial: { chattersPageSize: 2 } });
    t = await createTestApp(dialect, { admin: TEST_ADMIN, twitch: stand.config, nodeEnv: 'production' });
    adminCookie = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    admin = client(t, adminCookie);
    present = await viewer(t, 'chat-present', null);
    absent = await viewer(t, 'chat-absent', null);
    expect((await verifyTwitch(t, stand, present.cookie, 'PresentFan')).location).toBe(
      '/dashboard?twitch=verified&login=presentfan',
    );
    expect((await verifyTwitch(t, stand, absent.cookie, 'absentfan')).location).toBe(
      '/dashboard?twitch=verified&login=absentfan',
    );
    // A name typed, never proved: a claim, which pays nothing even when that name is in chat.
    claimer = await viewer(t, 'chat-claimer', 'lurker', 'claimed');
    // Proved, but a bot's account or the broadcaster's own: never paid for sitting in chat.
    bot = await viewer(t, 'chat-bot', null);
    expect((await verifyTwitch(t, stand, bot.cookie, 'nightbot')).location).toContain('twitch=verified');
    expect((await verifyTwitch(t, stand, adminCookie, 'streamer')).location).toContain('twitch=verified');
    await admin.save({ enabled: true, rewardInterval: 5, coinsPerInterval: 3 });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('before authorization in production: unavailable, nothing paid', async () => {
    expect((await admin.status()).mode).toBe('unavailable');
    expect((await t.services.watchTime.runOnce()).paid).toBe(0);
  });

  it('after authorization, offline: reads no chatters and pays nothing', async () => {
    expect((await authorizeTwitch(t, adminCookie)).location).toBe('/admin/watch-time?twitch=connected');
    const s = await admin.status();
    expect(s.mode).toBe('real');
    expect(s.modeReason).toBeNull();
    nextWindow();
    stand.set({ live: false, chatters: ['presentfan'] });
    stand.resetCalls();
    const tick = await t.services.watchTime.runOnce();
    expect(tick).toEqual({ paid: 0, watching: 0, skipped: 'the stream is offline' });
    expect(stand.calls('/helix/chat/chatters')).toBe(0);
  });

  it('live: pays only verified viewers present in chat, never a claim, a bot or the broadcaster, reading every page', async () => {
    nextWindow();
    stand.set({ live: true, chatters: ['someone', 'PresentFan', 'streamer', 'lurker', 'nightbot'] });
    stand.resetCalls();
    const tick = await t.services.watchTime.runOnce();
    expect(tick).toEqual({ paid: 1, watching: 1, skipped: null });
    expect(stand.calls('/helix/chat/chatters')).toBe(3);
    expect(await t.balanceOf(present.cookie)).toBe(3);
    expect(await t.balanceOf(absent.cookie)).toBe(0);
    expect(await t.balanceOf(claimer.cookie)).toBe(0);
    expect(await t.balanceOf(bot.cookie)).toBe(0);
    expect(await t.balanceOf(adminCookie)).toBe(0);
  });

  it('renews the user token when Twitch refuses it, and before it expires', async () => {
    nextWindow();
    stand.revokeTokens();
    const issued = stand.userTokens().length;
    expect((await t.services.watchTime.runOnce()).paid).toBe(1);
    expect(stand.userTokens().length).toBe(issued + 1);
    // The stand-in's tokens last 14 000 s: past that, the next tick refreshes first.
    t.clock.advance(14_000 * 1000);
    stand.resetCalls();
    expect((await t.services.watchTime.runOnce()).paid).toBe(1);
    expect(stand.userTokens().length).toBe(issued + 2);
    expect(await t.balanceOf(present.cookie)).toBe(9);
  });

  it('a failed chatters read pays nothing, says why, and is tried again next minute', async () => {
    nextWindow();
    stand.set({ failing: true });
    const failed = await t.services.watchTime.runOnce();
    expect(failed.paid).toBe(0);
    expect(failed.skipped).toContain('could not be read');
    expect((await admin.status()).modeReason).toContain('could not be read');
    stand.set({ failing: false });
    t.clock.advance(MINUTE);
    expect((await t.services.watchTime.runDue())?.paid).toBe(1);
    expect((await admin.status()).modeReason).toBeNull();
  });
});

describe.each(testDialects())('a reward reaches the viewer’s open pages on %s', (dialect) => {
  it('pushes balance_changed to that viewer’s sockets only', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    const sockets: WebSocket[] = [];
    try {
      const admin = client(t, await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password));
      const fan = await viewer(t, 'socket-fan', 'socketfan');
      const bystander = await viewer(t, 'socket-bystander', null);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const open = async (cookie?: string) => {
        const ws = new WebSocket(`${address.replace('http', 'ws')}/ws`, cookie ? { headers: { cookie } } : {});
        sockets.push(ws);
        const messages: TRealtimeMessage[] = [];
        ws.on('message', (data) => messages.push(JSON.parse(String(data)) as TRealtimeMessage));
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        return messages;
      };
      const [fanMessages, bystanderMessages, anonymousMessages] = [
        await open(fan.cookie),
        await open(bystander.cookie),
        await open(),
      ];
      await admin.save({ enabled: true, rewardInterval: 5, coinsPerInterval: 4 });
      expect((await t.services.watchTime.runOnce()).paid).toBe(1);
      // A public sentinel after the reward: once every socket has it, anything the reward sent has arrived.
      t.services.realtime.broadcast({
        type: 'action_tested',
        action: { name: 'sentinel', cost: 0 },
        user: { username: 'admin', displayName: null },
        timestamp: new Date().toISOString(),
        success: true,
      });
      const hasSentinel = (list: TRealtimeMessage[]) => list.some((m) => m.type === 'action_tested');
      for (let i = 0; i < 1500 && ![fanMessages, bystanderMessages, anonymousMessages].every(hasSentinel); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const changes = (list: TRealtimeMessage[]) => list.filter((m) => m.type === 'balance_changed');
      expect(changes(fanMessages)).toEqual([
        {
          type: 'balance_changed',
          balance: 4,
          amount: 4,
          reason: 'reward',
          timestamp: new Date(t.clock.now()).toISOString(),
        },
      ]);
      expect(changes(bystanderMessages)).toEqual([]);
      expect(changes(anonymousMessages)).toEqual([]);
    } finally {
      for (const ws of sockets) ws.close();
      await t.close();
    }
  });
});
