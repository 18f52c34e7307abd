import { createRequire } from 'node:module';
import { AppError } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimits } from './env';

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** A 429 that knows how long to wait, so /api and /trpc can both send Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`);
  }
}

/**
 * One limit (max attempts per window) over a rate-limiter-flexible store: memory for one process,
 * Redis when several share the limit. The window is a fixed slot of the injected clock
 * (floor(now / windowMs)) and is part of the store key, so a test clock moves windows exactly like
 * real time does, and every process agrees on which window an attempt falls into. The store's own
 * expiry (one window long) only frees memory: a key is never read after its slot has passed.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly rule: LimitRule,
  ) {}

  private slot(key: string, now: number): { storeKey: string; waitSeconds: number } {
    const slot = Math.floor(now / this.rule.windowMs);
    const resetAt = (slot + 1) * this.rule.windowMs;
    return { storeKey: `${key}:${slot}`, waitSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  /** Counts one attempt; the seconds to wait when it is over the limit, else 0. */
  async take(key: string, now: number): Promise<number> {
    const { storeKey, waitSeconds } = this.slot(key, now);
    try {
      await this.store.consume(storeKey);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return waitSeconds;
      throw error;
    }
  }

  /** The seconds to wait when the attempts already counted use up the limit, else 0. Counts nothing. */
  async check(key: string, now: number): Promise<number> {
    const { storeKey, waitSeconds } = this.slot(key, now);
    const res = await this.store.get(storeKey);
    return res && res.consumedPoints >= this.rule.max ? waitSeconds : 0;
  }

  /** Counts an attempt without refusing it (a failed login, counted against the account). */
  async count(key: string, now: number): Promise<void> {
    await this.store.penalty(this.slot(key, now).storeKey);
  }
}

export const LIMIT_NAMES = [
  'login',
  'loginAccount',
  'register',
  'trigger',
  'order',
  'capture',
  'rconTester',
  'streamerbot',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** Throws the 429 when `waitSeconds` says the limit is used up. */
export function refuseWhenLimited(waitSeconds: number): void {
  if (waitSeconds > 0) throw new RateLimitedError(waitSeconds);
}

/** Counts one attempt under `key`; over the limit it throws the 429 (with its Retry-After seconds). */
export async function enforceRateLimit(limiter: RateLimiter, key: string, now: number): Promise<void> {
  refuseWhenLimited(await limiter.take(key, now));
}

/**
 * Every limit of the shop. With REDIS_URL the counts live in Redis, so N processes behind a load
 * balancer still allow max attempts in total, not N times max. When Redis is unreachable each
 * process falls back to its own memory count (the insurance limiter) rather than refusing everyone
 * or letting everyone through.
 */
export class RateLimiters implements Record<LimitName, RateLimiter> {
  readonly login: RateLimiter;
  readonly loginAccount: RateLimiter;
  readonly register: RateLimiter;
  readonly trigger: RateLimiter;
  readonly order: RateLimiter;
  readonly capture: RateLimiter;
  readonly rconTester: RateLimiter;
  readonly streamerbot: RateLimiter;
  private readonly redis: Redis | null;

  constructor(rules: RateLimits, redisUrl: string | null, log: FastifyBaseLogger) {
    this.redis = redisUrl ? connectLimiterRedis(redisUrl, log) : null;
    const make = (name: LimitName) => new RateLimiter(createStore(name, rules[name], this.redis), rules[name]);
    this.login = make('login');
    this.loginAccount = make('loginAccount');
    this.register = make('register');
    this.trigger = make('trigger');
    this.order = make('order');
    this.capture = make('capture');
    this.rconTester = make('rconTester');
    this.streamerbot = make('streamerbot');
  }

  /** Waits for Redis once at start-up; if it does not answer, the memory insurance counts until it does. */
  async connect(log: FastifyBaseLogger): Promise<void> {
    await this.redis
      ?.connect()
      .catch((error: unknown) => log.warn({ err: error }, 'rate limits count in memory until Redis answers'));
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

function createStore(name: LimitName, rule: LimitRule, redis: Redis | null): RateLimiterAbstract {
  const options = {
    keyPrefix: `shop:rl:${name}`,
    points: rule.max,
    duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
  };
  const memory = new RateLimiterMemory(options);
  if (!redis) return memory;
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/** The Redis client is loaded only with REDIS_URL: a single process never holds it in memory. */
const require = createRequire(import.meta.url);

function connectLimiterRedis(url: string, log: FastifyBaseLogger): Redis {
  const { Redis } = require('ioredis') as typeof IORedis;
  // No offline queue: while Redis is away a call fails at once and the memory insurance answers,
  // instead of a login waiting on a reconnect.
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'rate-limit redis connection problem'));
  return redis;
}
