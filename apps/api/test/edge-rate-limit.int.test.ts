import { randomInt } from 'node:crypto';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type RateLimits } from '../src/env';
import { addCoinPackage, createTestApp, DEFAULT_RATE_LIMITS, registerUser, testConfig, testRedisUrl } from './helpers';

const limits = (overrides: Partial<RateLimits>): RateLimits => ({
  ...testConfig().rateLimits,
  ...overrides,
});

/** A 429 as a client sees it: the wait in the message and the same wait in Retry-After. */
function expectLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  const body = res.json();
  // REST answers { status, message }; tRPC wraps the same message in its error shape.
  const message = body.error ? body.error.message : body.message;
  if (!body.error) expect(body.status).toBe('error');
  expect(message).toBe(`Too many attempts. Please wait ${seconds} seconds and try again.`);
}

describe.each(testDialects())('rate limits on %s', (dialect) => {
  it('answers 429 with Retry-After on /api and /trpc, and lets the next window in', async () => {
    const t = await createTestApp(dialect, { rateLimits: limits({ login: { max: 2, windowMs: 60_000 } }) });
    try {
      const attempt = () =>
        t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ghost', password: 'secret123' } });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expectLimited(limited);
      expect(limited.headers['retry-after']).toBe('60');

      const viaTrpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: { username: 'ghost', password: 'secret123' },
      });
      expectLimited(viaTrpc);

      t.clock.advance(30_000);
      expect((await attempt()).headers['retry-after']).toBe('30');
      t.clock.advance(30_000);
      expect((await attempt()).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('limits login per account across different addresses, without locking out other accounts', async () => {
    const t = await createTestApp(dialect, {
      rateLimits: limits({ loginAccount: { max: 3, windowMs: 15 * 60_000 } }),
    });
    try {
      await registerUser(t.app, 'target', 'right-password');
      await registerUser(t.app, 'neighbour', 'right-password');
      const login = (username: string, password: string, address: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: address,
          payload: { username, password },
        });
      for (let i = 1; i <= 3; i++) expect((await login('target', 'wrong', `198.51.100.${i}`)).statusCode).toBe(401);
      // A fresh address and even the right password: the account has used up its attempts.
      expectLimited(await login('TARGET', 'right-password', '198.51.100.50'));
      expect((await login('neighbour', 'right-password', '198.51.100.50')).statusCode).toBe(200);
      // A name nobody holds is limited the same way, so the limit tells nothing about which names exist.
      for (let i = 1; i <= 3; i++) expect((await login('nobody', 'wrong', `198.51.100.${i}`)).statusCode).toBe(401);
      expectLimited(await login('nobody', 'wrong', '198.51.100.60'));
      t.clock.advance(15 * 60_000);
      expect((await login('target', 'right-password', '198.51.100.50')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('does not let a spoofed X-Forwarded-For reset the login limit behind one proxy', async () => {
    const t = await createTestApp(dialect, {
      trustProxy: 1,
      rateLimits: limits({ login: { max: 3, windowMs: 60_000 } }),
    });
    try {
      // The client writes any X-Forwarded-For it likes; our one proxy appends the address it saw.
      const viaProxy = (spoofed: string, client: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
          payload: { username: 'ghost', password: 'secret123' },
        });
      for (let i = 1; i <= 3; i++) expect((await viaProxy(`192.0.2.${i}`, '203.0.113.7')).statusCode).toBe(401);
      expectLimited(await viaProxy('192.0.2.99', '203.0.113.7'));
      expectLimited(await viaProxy('8.8.8.8, 1.1.1.1', '203.0.113.7'));
      // Another viewer behind the same proxy is a different address and still gets in.
      expect((await viaProxy('192.0.2.1', '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    const t = await createTestApp(dialect, { rateLimits: limits({ login: { max: 2, windowMs: 60_000 } }) });
    try {
      const attempt = (forwarded: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'x-forwarded-for': forwarded },
          payload: { username: 'ghost', password: 'secret123' },
        });
      expect((await attempt('192.0.2.1')).statusCode).toBe(401);
      expect((await attempt('192.0.2.2')).statusCode).toBe(401);
      expectLimited(await attempt('192.0.2.3'));
    } finally {
      await t.close();
    }
  });

  it('limits order creation, capture and triggers per viewer', async () => {
    const t = await createTestApp(dialect, {
      rateLimits: limits({
        order: { max: 2, windowMs: 60_000 },
        capture: { max: 2, windowMs: 60_000 },
        trigger: { max: 2, windowMs: 60_000 },
      }),
    });
    try {
      const packageId = await addCoinPackage(t, { name: 'Starter', amount: 100, priceCents: 99 });
      const buyer = await registerUser(t.app, 'eager');
      const other = await registerUser(t.app, 'patient');
      const post = (url: string, cookie: string, payload: object = {}) =>
        t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

      for (let i = 0; i < 2; i++)
        expect((await post('/api/paypal/order', buyer.cookie, { packageId })).statusCode).not.toBe(429);
      expectLimited(await post('/api/paypal/order', buyer.cookie, { packageId }));
      expect((await post('/api/paypal/order', other.cookie, { packageId })).statusCode).not.toBe(429);

      // Capture and the purchase report share one limit: both end in crediting an order.
      expect((await post('/api/paypal/order/NOPE-1/capture', buyer.cookie)).statusCode).not.toBe(429);
      expect((await post('/api/purchase', buyer.cookie, { packageId, paypalOrderId: 'NOPE-2' })).statusCode).not.toBe(
        429,
      );
      expectLimited(await post('/api/paypal/order/NOPE-3/capture', buyer.cookie));
      expectLimited(await post('/api/purchase', buyer.cookie, { packageId, paypalOrderId: 'NOPE-4' }));

      for (let i = 0; i < 2; i++) {
        expect((await post('/api/trigger-action', buyer.cookie, { actionId: 999 })).statusCode).toBe(404);
      }
      expectLimited(await post('/api/trigger-action', buyer.cookie, { actionId: 999 }));
      await assertLedgerInvariant(t.db);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a proxy list, and refuses to trust everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('blank settings', () => {
  it('reads a setting left blank as not set', () => {
    const config = loadConfig({
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: ' ',
      REDIS_URL: '',
      TRUST_PROXY: '',
      PORT: '',
    });
    expect(config.payments).toEqual({ provider: 'demo', localOnly: true });
    expect(config.redisUrl).toBeNull();
    expect(config.trustProxy).toBe(0);
    expect(config.port).toBe(3000);
  });
});

describe('LOGIN_LIMIT_PER_MINUTE and REGISTER_LIMIT_PER_MINUTE', () => {
  it('set the logins and sign-ups per address per minute, 10 and 5 unless told', () => {
    expect(loadConfig({}).rateLimits.register).toEqual({ max: 5, windowMs: 60_000 });
    expect(loadConfig({ REGISTER_LIMIT_PER_MINUTE: '50' }).rateLimits.register.max).toBe(50);
    expect(loadConfig({}).rateLimits.login).toEqual({ max: 10, windowMs: 60_000 });
    expect(loadConfig({ LOGIN_LIMIT_PER_MINUTE: '200' }).rateLimits.login.max).toBe(200);
    expect(() => loadConfig({ REGISTER_LIMIT_PER_MINUTE: '0' })).toThrow(
      'Invalid setting REGISTER_LIMIT_PER_MINUTE: must be at least 1',
    );
  });
});

describe('rate limits through Redis', () => {
  const redisUrl = testRedisUrl();
  // Without Redis on a developer's machine there is nothing to share through; CI always has it.
  const maybe = redisUrl ? it : it.skip;
  maybe('are shared by two api processes', async () => {
    const a = await createTestApp('sqlite', {
      redisUrl,
      rateLimits: { ...DEFAULT_RATE_LIMITS, login: { max: 3, windowMs: 60_000 } },
    });
    const b = await a.sibling({ redisUrl, rateLimits: a.services.config.rateLimits });
    try {
      // A fresh address and name per run: the Redis server outlives the test and keeps earlier counts.
      const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const username = `ghost${randomInt(1_000_000)}`;
      const attempt = (app: typeof a.app) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: address,
          payload: { username, password: 'secret123' },
        });
      expect((await attempt(a.app)).statusCode).toBe(401);
      expect((await attempt(b.app)).statusCode).toBe(401);
      expect((await attempt(a.app)).statusCode).toBe(401);
      expectLimited(await attempt(b.app));
      expectLimited(await attempt(a.app));
    } finally {
      await b.close();
      await a.close();
    }
  });
});
