import { AsyncLocalStorage } from 'node:async_hooks';
import { credit, type DialectName, insertCoinPackage } from '@shop/db';
import { createTestDb, type TestDb } from '@shop/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, DEFAULT_RATE_LIMITS } from '../src/env';
import type { Services } from '../src/services';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'sqlite::memory:',
    admin: null,
    seedDemoData: false,
    publicOrigin: null,
    logLevel: 'silent',
    webDistDir: null,
    payments: { provider: 'demo' },
    gifts: { maxPerDay: 5000 },
    // Off: tests run reconciliation passes themselves (services.paymentReconciler.runOnce()).
    paymentReconcile: { intervalMs: 0 },
    // Generous so suites can register many users from one address; the rate-limit test sets its own.
    rateLimits: {
      login: { max: 1000, windowMs: 60_000 },
      loginAccount: { max: 1000, windowMs: 60_000 },
      register: { max: 1000, windowMs: 60_000 },
      trigger: { max: 100_000, windowMs: 60_000 },
      order: { max: 1000, windowMs: 60_000 },
      capture: { max: 1000, windowMs: 60_000 },
      rconTester: { max: 1000, windowMs: 60_000 },
      streamerbot: { max: 1000, windowMs: 60_000 },
    },
    delivery: { autoStart: false, timeoutMs: 500 },
    redisUrl: null,
    trustProxy: 0,
    socketsPerAddress: 20,
    // Nothing configured: the stream reads offline with a note; Twitch tests point these at the stand-in.
    twitch: {
      channel: null,
      clientId: null,
      clientSecret: null,
      apiBase: 'http://127.0.0.1:9/helix',
      authBase: 'http://127.0.0.1:9/oauth2',
    },
    // Watch-time service idle (tests call runOnce); a fixed key so nothing is written to disk.
    earning: {
      minuteMs: 60_000,
      autoStart: false,
      streamerbot: {
        envSecret: null,
        rewardTitle: null,
        conversionRate: 0.1,
        minimumPoints: 100,
        maxCoinsPerRedemption: 1000,
      },
      secretsKeyHex: '0f'.repeat(32),
      dataDir: '/nonexistent-test-data-dir',
    },
    // Nothing configured: both video lists are empty with a note; social tests point these at stand-ins.
    social: {
      youtube: { channelId: null, feedBase: 'http://127.0.0.1:9/feeds/videos.xml' },
      tiktok: { accessToken: null, apiBase: 'http://127.0.0.1:9/v2', refresh: null },
    },
    ...overrides,
  };
}

export { DEFAULT_RATE_LIMITS };

/** Redis is optional for a developer and mandatory in CI, like MySQL. */
export function testRedisUrl(): string | null {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  if (process.env.CI === 'true') throw new Error('CI=true but TEST_REDIS_URL is not set');
  return null;
}

/** The moment each `TestClock.at` call stands at, for the work it set going. */
const moments = new AsyncLocalStorage<number>();

/** A controllable clock so session expiry can be tested without waiting 30 days. */
export class TestClock {
  constructor(public value = Date.UTC(2026, 0, 1)) {}
  now = (): number => moments.getStore() ?? this.value;
  advance(ms: number): void {
    this.value += ms;
  }
  /**
   * Runs `work` (a request, say) with the clock reading `at` for it and for everything it sets going,
   * while the rest of the app reads `value`: racing requests can each stand on their side of a
   * deadline and still meet in the database at once.
   */
  at<T>(at: number, work: () => T | PromiseLike<T>): Promise<T> {
    // Awaited inside the moment: an injected request starts when it is first awaited, and must start here.
    return moments.run(at, async () => await work());
  }
}

/** One shop on a throw-away database, and the few calls nearly every test makes of it. */
export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: TestDb;
  clock: TestClock;
  /** The viewer's coins, as `GET /api/user` shows them. */
  balanceOf(cookie: string): Promise<number>;
  /** `POST /api/trigger-action` as the signed-in viewer; `body` adds requestId, target or expectedCost. */
  trigger(
    cookie: string,
    actionId: number,
    body?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /**
   * Another process of the shop on this database and clock: a restart, or a second api beside this
   * one. Its close() leaves the database to this app's.
   */
  sibling(overrides?: Partial<Config>): Promise<TestApp>;
  close(): Promise<void>;
}

/** `overrides` may depend on the throw-away database (e.g. a DATABASE_URL naming it, as in production). */
export async function createTestApp(
  dialect: DialectName,
  overrides: Partial<Config> | ((db: TestDb) => Partial<Config>) = {},
): Promise<TestApp> {
  const db = await createTestDb(dialect);
  const clock = new TestClock();
  return startTestApp(db, clock, testConfig(typeof overrides === 'function' ? overrides(db) : overrides), async () => {
    await db.destroy();
  });
}

async function startTestApp(
  db: TestDb,
  clock: TestClock,
  config: Config,
  after: () => Promise<void>,
): Promise<TestApp> {
  const { app, services } = await buildApp(config, { db, now: clock.now });
  await app.ready();
  return {
    app,
    services,
    db,
    clock,
    balanceOf: async (cookie) =>
      (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().coinBalance as number,
    trigger: (cookie, actionId, body = {}, headers = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie, ...headers },
        payload: { actionId, ...body },
      }),
    sibling: (overrides = {}) => startTestApp(db, clock, testConfig(overrides), async () => {}),
    close: async () => {
      await app.close();
      await after();
    },
  };
}

/** The 'session=...' pair to send back, as a browser would. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error(`no session cookie in reply (${res.statusCode} ${res.body})`);
  return `session=${cookie.value}`;
}

export async function registerUser(
  app: FastifyInstance,
  username: string,
  password = 'secret123',
): Promise<{ cookie: string; id: number }> {
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), id: res.json().id };
}

export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export const TEST_ADMIN = { username: 'admin', password: 'admin-pass-123' };

/** Coins for a test viewer, through the ledger like any real grant. */
export async function grantCoins(t: TestApp, userId: number, amount: number): Promise<void> {
  await t.db.kysely
    .transaction()
    .execute((tx) =>
      credit(tx, { userId, amount, type: 'admin_grant', description: 'test grant', now: t.clock.now() }),
    );
}

/** Runs the delivery worker until nothing is due now. */
export async function drainDeliveries(t: TestApp): Promise<void> {
  for (let i = 0; i < 20 && (await t.services.deliveryWorker.runOnce()) > 0; i++);
}

/** An action made through the admin API, so its rules are checked as the admin form's are; its id. */
export async function createActionAsAdmin(
  t: Pick<TestApp, 'app'>,
  adminCookie: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stream-actions',
    headers: { cookie: adminCookie },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`creating the action failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** A coin package straight into the catalogue, for tests about buying it. */
export async function addCoinPackage(
  t: TestApp,
  pkg: { name: string; amount: number; priceCents: number; description?: string },
): Promise<number> {
  return insertCoinPackage(t.db.kysely, {
    name: pkg.name,
    description: pkg.description ?? '',
    image_url: null,
    amount: pkg.amount,
    price_cents: pkg.priceCents,
    created_at: 1,
  });
}
