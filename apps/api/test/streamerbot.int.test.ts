import { createHmac } from 'node:crypto';
import { setTwitchUsername, setVerifiedTwitchAccount } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TStreamerbotConfig } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { EarningConfig } from '../src/env';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp, testConfig } from './helpers';

const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

function earning(change: Partial<EarningConfig['streamerbot']> = {}): EarningConfig {
  const base = testConfig().earning;
  return { ...base, streamerbot: { ...base.streamerbot, ...change } };
}

describe.each(testDialects())('Streamer.bot channel-point conversion on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: { cookie: string; id: number };
  let secret: string;
  let webhookPath: string;
  let seq = 0;

  const balance = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: viewer.cookie } })).json()
      .coinBalance as number;
  const config = async (): Promise<TStreamerbotConfig> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/streamerbot/config', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const regenerate = async (): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/streamerbot/regenerate-secret',
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().secret;
  };
  /** Posts a redemption signed with `key` (null: no signature header). */
  const redeem = (body: Record<string, unknown>, key: string | null = secret, path = webhookPath, prefix = '') => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        ...(key === null ? {} : { 'x-signature': `${prefix}${sign(key, raw)}` }),
      },
      payload: raw,
    });
  };
  const redemption = (points: number, extra: Record<string, unknown> = {}) => ({
    user: 'pointsfan',
    points,
    rewardTitle: 'Coins',
    redemptionId: `r-${++seq}`,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewer = await registerUser(t.app, 'points-viewer');
    // Proved with Twitch (the flow itself is tested in twitch-verify.int.test.ts).
    await setVerifiedTwitchAccount(t.db.kysely, viewer.id, { id: '5001', login: 'pointsfan' });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => t?.close());

  it('without a secret: config says so and the webhook answers 503, paying nothing', async () => {
    const cfg = await config();
    expect(cfg.hasSecret).toBe(false);
    expect(cfg.secretSource).toBeNull();
    expect(cfg.requiredHeaders).toEqual(['Content-Type', 'X-Signature']);
    expect(cfg.conversionConfig).toEqual({
      rewardTitle: null,
      conversionRate: 0.1,
      minimumPoints: 100,
      maxCoinsPerRedemption: 1000,
    });
    const url = new URL(cfg.webhookUrl);
    expect(url.origin).toBe('http://localhost');
    expect(url.pathname).toMatch(/^\/api\/streamerbot\/[0-9a-f]{48}$/);
    webhookPath = url.pathname;
    const res = await redeem(redemption(500), 'whatever-secret-value');
    expect(res.statusCode).toBe(503);
    expect(await balance()).toBe(0);
  });

  it('the webhook path is stable and an unknown segment answers 404', async () => {
    expect(new URL((await config()).webhookUrl).pathname).toBe(webhookPath);
    const res = await redeem(redemption(500), 'x', '/api/streamerbot/0000');
    expect(res.statusCode).toBe(404);
  });

  it('generates a 64-hex secret; a signed redemption pays floor(points x rate) as a conversion row', async () => {
    secret = await regenerate();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const cfg = await config();
    expect(cfg.hasSecret).toBe(true);
    expect(cfg.secretSource).toBe('generated');
    expect(JSON.stringify(cfg)).not.toContain(secret);
    const res = await redeem(redemption(1234));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', coinsAwarded: 123 });
    expect(await balance()).toBe(123);
    const history = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: viewer.cookie } });
    expect(history.json()[0]).toMatchObject({
      type: 'conversion',
      amount: 123,
      description: 'Channel points conversion',
    });
  });

  it('accepts a sha256= prefix; refuses a bad or missing signature with 401', async () => {
    const before = await balance();
    expect((await redeem(redemption(200), secret, webhookPath, 'sha256=')).json()).toEqual({
      status: 'success',
      coinsAwarded: 20,
    });
    expect((await redeem(redemption(200), 'not-the-secret-at-all')).statusCode).toBe(401);
    expect((await redeem(redemption(200), null)).statusCode).toBe(401);
    // The signature must cover the exact bytes: the same JSON re-spaced does not verify.
    const body = redemption(200);
    const res = await t.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'x-signature': sign(secret, JSON.stringify(body)) },
      payload: JSON.stringify(body, null, 2),
    });
    expect(res.statusCode).toBe(401);
    expect(await balance()).toBe(before + 20);
  });

  it('a replayed redemptionId answers the first result and pays once, also 20 at once', async () => {
    const before = await balance();
    const body = redemption(700);
    expect((await redeem(body)).json()).toEqual({ status: 'success', coinsAwarded: 70 });
    expect((await redeem({ ...body, points: 5000 })).json()).toEqual({ status: 'success', coinsAwarded: 70 });
    const burst = redemption(300);
    const replies = await Promise.all(Array.from({ length: 20 }, () => redeem(burst)));
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ status: 'success', coinsAwarded: 30 });
    }
    expect(await balance()).toBe(before + 100);
  });

  it('refuses points under the minimum (400), caps at the maximum, and 404s an unlinked Twitch name', async () => {
    const before = await balance();
    const low = await redeem(redemption(99));
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toContain('100');
    expect((await redeem(redemption(10_000_000))).json()).toEqual({ status: 'success', coinsAwarded: 1000 });
    const unknown = await redeem(redemption(500, { user: 'nobody_here' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('nobody_here');
    // Twitch logins arrive in any case; linked names are stored lower case.
    expect((await redeem(redemption(100, { user: 'PointsFan' }))).json()).toEqual({
      status: 'success',
      coinsAwarded: 10,
    });
    expect(await balance()).toBe(before + 1010);
  });

  it('pays proved accounts only: a claimed name is 404, the Twitch user id wins over a renamed login, bots are 403', async () => {
    const claimer = await registerUser(t.app, 'points-claimer');
    await setTwitchUsername(t.db.kysely, claimer.id, 'claimedfan');
    const claimed = await redeem(redemption(500, { user: 'claimedfan' }));
    expect(claimed.statusCode).toBe(404);
    expect(claimed.json().message).toBe('No account has verified the Twitch account claimedfan with Twitch');

    const before = await balance();
    // Renamed on Twitch since verifying: Streamer.bot's userId still finds the account.
    expect((await redeem(redemption(100, { user: 'pointsfan_new', userId: '5001' }))).json()).toEqual({
      status: 'success',
      coinsAwarded: 10,
    });
    expect((await redeem(redemption(100, { user: 'pointsfan', userId: 5999 }))).statusCode).toBe(404);
    expect(await balance()).toBe(before + 10);

    const bot = await redeem(redemption(500, { user: 'Nightbot' }));
    expect(bot.statusCode).toBe(403);
    expect(bot.json()).toEqual({
      status: 'error',
      message: 'Channel points of Nightbot (the broadcaster or a bot) are not converted',
    });
  });

  it('regenerating the secret invalidates the old one at once', async () => {
    const old = secret;
    secret = await regenerate();
    expect(secret).not.toBe(old);
    expect((await redeem(redemption(100), old)).statusCode).toBe(401);
    expect((await redeem(redemption(100))).statusCode).toBe(200);
  });

  it('a secret stored under another SECRETS_KEY counts as none: 503, not a crash', async () => {
    const base = testConfig();
    const rekeyed = await buildApp(testConfig({ earning: { ...base.earning, secretsKeyHex: 'cd'.repeat(32) } }), {
      db: t.db,
      now: t.clock.now,
    });
    try {
      const raw = JSON.stringify(redemption(100));
      const res = await rekeyed.app.inject({
        method: 'POST',
        url: webhookPath,
        headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) },
        payload: raw,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await rekeyed.app.close();
    }
  });

  it('admin-only: viewers and visitors are refused the config and regeneration', async () => {
    for (const headers of [{ cookie: viewer.cookie }, {}]) {
      const cfg = await t.app.inject({ method: 'GET', url: '/api/admin/streamerbot/config', headers });
      expect([401, 403]).toContain(cfg.statusCode);
      const regen = await t.app.inject({ method: 'POST', url: '/api/admin/streamerbot/regenerate-secret', headers });
      expect([401, 403]).toContain(regen.statusCode);
    }
  });
});

describe.each(testDialects())('Streamer.bot with settings from the environment on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewerId: number;
  const envSecret = 'environment-secret-0123456789';

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      earning: earning({
        envSecret,
        rewardTitle: 'Shop Coins',
        conversionRate: 0.5,
        minimumPoints: 10,
        maxCoinsPerRedemption: 50,
      }),
      rateLimits: { ...testConfig().rateLimits, streamerbot: { max: 3, windowMs: 60_000 } },
    });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewerId = (await registerUser(t.app, 'env-viewer')).id;
    await setVerifiedTwitchAccount(t.db.kysely, viewerId, { id: '5002', login: 'envfan' });
  });
  afterAll(async () => t?.close());

  it('uses the environment secret and conversion settings; a different reward title is refused; 409 on regenerate', async () => {
    const cfg = (
      await t.app.inject({ method: 'GET', url: '/api/admin/streamerbot/config', headers: { cookie: admin } })
    ).json();
    expect(cfg).toMatchObject({
      hasSecret: true,
      secretSource: 'environment',
      conversionConfig: {
        rewardTitle: 'Shop Coins',
        conversionRate: 0.5,
        minimumPoints: 10,
        maxCoinsPerRedemption: 50,
      },
    });
    const path = new URL(cfg.webhookUrl).pathname;
    const post = (body: object) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'x-signature': sign(envSecret, raw) },
        payload: raw,
      });
    };
    const wrong = await post({ user: 'envfan', points: 40, rewardTitle: 'Hydrate', redemptionId: 'e1' });
    expect(wrong.statusCode).toBe(400);
    expect((await post({ user: 'envfan', points: 40, rewardTitle: 'shop coins', redemptionId: 'e2' })).json()).toEqual({
      status: 'success',
      coinsAwarded: 20,
    });
    expect((await post({ user: 'envfan', points: 400, rewardTitle: 'Shop Coins', redemptionId: 'e3' })).json()).toEqual(
      {
        status: 'success',
        coinsAwarded: 50,
      },
    );
    // Three calls per minute per address in this app: the fourth is rate limited.
    const limited = await post({ user: 'envfan', points: 40, rewardTitle: 'Shop Coins', redemptionId: 'e4' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const regen = await t.app.inject({
      method: 'POST',
      url: '/api/admin/streamerbot/regenerate-secret',
      headers: { cookie: admin },
    });
    expect(regen.statusCode).toBe(409);
    expect(regen.json().message).toContain('STREAMERBOT_WEBHOOK_SECRET');
    await assertLedgerInvariant(t.db);
  });
});
