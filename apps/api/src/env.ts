import { resolve } from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env. Everything else receives a typed Config. */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .refine((v) => v.startsWith('mysql://') || v.startsWith('sqlite:'), {
        message: 'must start with mysql:// or sqlite:',
      })
      .optional(),
    ADMIN_USERNAME: z.string().trim().min(3).max(50).optional(),
    ADMIN_PASSWORD: z.string().min(6).max(100).optional(),
    SEED_DEMO_DATA: booleanString.default(true),
    PUBLIC_ORIGIN: z.url({ error: 'must be a URL such as https://shop.example.com' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: booleanString.default(false),
    REDIS_URL: z
      .string()
      .refine((v) => v.startsWith('redis://') || v.startsWith('rediss://'), { message: 'must start with redis://' })
      .optional(),
    DELIVERY_WORKER: booleanString.default(true),
    DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    PAYMENT_PROVIDER: z.enum(['paypal', 'demo'], { error: 'must be paypal or demo' }).optional(),
    PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
    PAYPAL_ENV: z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
    PAYPAL_API_BASE: z.url({ error: 'must be a URL' }).optional(),
  })
  .refine((v) => !v.ADMIN_USERNAME === !v.ADMIN_PASSWORD, {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  admin: { username: string; password: string } | null;
  seedDemoData: boolean;
  publicOrigin: string | null;
  logLevel: string;
  webDistDir: string | null;
  rateLimits: RateLimits;
  payments: PaymentsConfig;
  /** autoStart false leaves the worker idle (tests drive it with runOnce). */
  delivery: { autoStart: boolean; timeoutMs: number };
  /** Redis for /ws fan-out across processes; null runs one process on its own. */
  redisUrl: string | null;
  /** Behind a load balancer, the client address (for rate limits) comes from X-Forwarded-For. */
  trustProxy: boolean;
}

export type PaymentsConfig =
  | { provider: 'paypal'; clientId: string; clientSecret: string; baseUrl: string }
  | { provider: 'demo' }
  | { provider: 'unavailable'; reason: string };

export interface RateLimits {
  login: { max: number; windowMs: number };
  register: { max: number; windowMs: number };
  trigger: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 60_000 },
  trigger: { max: 30, windowMs: 10_000 },
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid setting ${name}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${resolve(e.DATA_DIR, 'shop.sqlite')}`,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    seedDemoData: e.SEED_DEMO_DATA,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : null,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? null,
    rateLimits: DEFAULT_RATE_LIMITS,
    payments: resolvePayments(e),
    delivery: { autoStart: e.DELIVERY_WORKER, timeoutMs: e.DELIVERY_TIMEOUT_MS },
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY,
  };
}

const PAYPAL_BASES = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/**
 * PayPal when credentials are set; otherwise the labelled demo checkout, which production refuses
 * so a misconfigured live shop can never hand out free coins.
 */
function resolvePayments(e: z.infer<typeof ZEnv>): PaymentsConfig {
  const production = e.NODE_ENV === 'production';
  const hasCredentials = Boolean(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET);
  if (e.PAYMENT_PROVIDER === 'demo' || (!e.PAYMENT_PROVIDER && !hasCredentials)) {
    if (!production) return { provider: 'demo' };
    return {
      provider: 'unavailable',
      reason: hasCredentials
        ? 'PAYMENT_PROVIDER=demo is refused when NODE_ENV=production'
        : 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set',
    };
  }
  if (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET) {
    return {
      provider: 'unavailable',
      reason: 'PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    };
  }
  return {
    provider: 'paypal',
    clientId: e.PAYPAL_CLIENT_ID,
    clientSecret: e.PAYPAL_CLIENT_SECRET,
    baseUrl: (e.PAYPAL_API_BASE ?? PAYPAL_BASES[e.PAYPAL_ENV]).replace(/\/$/, ''),
  };
}
