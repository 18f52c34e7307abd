import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { RETRY_DELAYS_MS } from '@shop/domain';
import { z } from 'zod';
import { isLoopbackHost } from './net/loopback';

/** The only place that reads process.env. Everything else receives a typed Config. */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `TWITCH_CHANNEL=` as copied from .env.example means not set, not an invalid empty value. */
function blankAsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
}

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
    ADMIN_PASSWORD_RESET: booleanString.default(false),
    SEED_DEMO_DATA: booleanString.default(true),
    PUBLIC_ORIGIN: z.url({ error: 'must be a URL such as https://shop.example.com' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform(parseTrustProxy)
      .refine((v) => v !== null, {
        message: 'must be a hop count such as 1, or a comma list of proxy addresses (never true: that trusts anyone)',
      }),
    WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
    REALTIME_FALLBACK_URLS: z
      .string()
      .default('')
      .transform(parseSocketOrigins)
      .refine((v) => v !== null, { message: 'must be a comma list of ws:// or wss:// URLs' }),
    LOGIN_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(10),
    REGISTER_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(5),
    TRIGGER_LIMIT_PER_10S: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(30),
    GIFT_MAX_PER_DAY: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000_000, 'must be at most 1000000000')
      .default(5000),
    DB_LOG_QUERIES: booleanString.default(false),
    REDIS_URL: z
      .string()
      .refine((v) => v.startsWith('redis://') || v.startsWith('rediss://'), { message: 'must start with redis://' })
      .optional(),
    DELIVERY_WORKER: booleanString.default(true),
    DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    DELIVERY_THREAD: booleanString.default(true),
    DELIVERY_RETRY_DELAYS_MS: blankAsUnset(
      z
        .string()
        .default(RETRY_DELAYS_MS.join(','))
        .transform((v) => v.split(',').map((part) => Number(part.trim())))
        .refine(
          (delays) =>
            delays.length === RETRY_DELAYS_MS.length &&
            delays.every((d) => Number.isInteger(d) && d >= 100 && d <= 3_600_000),
          {
            message: `must be ${RETRY_DELAYS_MS.length} comma-separated milliseconds from 100 to 3600000, such as ${RETRY_DELAYS_MS.join(',')}`,
          },
        ),
    ),
    PAYMENT_PROVIDER: z.enum(['paypal', 'demo'], { error: 'must be paypal or demo' }).optional(),
    DEMO_CHECKOUT: booleanString.default(false),
    PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
    PAYPAL_ENV: z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
    PAYPAL_API_BASE: z.url({ error: 'must be a URL' }).optional(),
    PAYPAL_WEBHOOK_ID: z.string().trim().min(1).max(50).optional(),
    PAYMENT_RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(300),
    TWITCH_CHANNEL: blankAsUnset(z.string().trim().min(1).max(50).optional()),
    TWITCH_CLIENT_ID: blankAsUnset(z.string().trim().min(1).optional()),
    TWITCH_CLIENT_SECRET: blankAsUnset(z.string().trim().min(1).optional()),
    TWITCH_API_BASE: blankAsUnset(z.url({ error: 'must be a URL' }).default('https://api.twitch.tv/helix')),
    TWITCH_AUTH_BASE: blankAsUnset(z.url({ error: 'must be a URL' }).default('https://id.twitch.tv/oauth2')),
    WATCH_TIME_MINUTE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
    WATCH_TIME_SERVICE: booleanString.default(true),
    STREAMERBOT_WEBHOOK_SECRET: blankAsUnset(z.string().trim().min(16, 'must be at least 16 characters').optional()),
    STREAMERBOT_REWARD_TITLE: blankAsUnset(z.string().trim().min(1).max(200).optional()),
    STREAMERBOT_CONVERSION_RATE: blankAsUnset(z.coerce.number().positive('must be above 0').max(1_000).default(0.1)),
    STREAMERBOT_MIN_POINTS: blankAsUnset(z.coerce.number().int().min(0).max(1e12).default(100)),
    STREAMERBOT_MAX_COINS: blankAsUnset(z.coerce.number().int().min(1).max(1_000_000).default(1000)),
    STREAMERBOT_LIMIT_PER_MINUTE: blankAsUnset(z.coerce.number().int().min(1).max(10_000).default(60)),
    SECRETS_KEY: blankAsUnset(
      z
        .string()
        .trim()
        .transform(parseSecretsKey)
        .refine((v) => v !== null, { message: 'must be 32 bytes as 64 hex characters or base64' })
        .optional(),
    ),
    YOUTUBE_CHANNEL_ID: z.string().trim().min(1).max(64).optional(),
    YOUTUBE_FEED_BASE: z.url({ error: 'must be a URL' }).default('https://www.youtube.com/feeds/videos.xml'),
    TIKTOK_ACCESS_TOKEN: z.string().trim().min(1).optional(),
    TIKTOK_API_BASE: z.url({ error: 'must be a URL' }).default('https://open.tiktokapis.com/v2'),
    TIKTOK_CLIENT_KEY: z.string().trim().min(1).optional(),
    TIKTOK_CLIENT_SECRET: z.string().trim().min(1).optional(),
    TIKTOK_REFRESH_TOKEN: z.string().trim().min(1).optional(),
  })
  .refine((v) => !v.ADMIN_USERNAME === !v.ADMIN_PASSWORD, {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((v) => !v.ADMIN_PASSWORD_RESET || v.ADMIN_PASSWORD !== undefined, {
    message: 'needs ADMIN_USERNAME and ADMIN_PASSWORD',
    path: ['ADMIN_PASSWORD_RESET'],
  })
  .refine(
    (v) => [v.TIKTOK_CLIENT_KEY, v.TIKTOK_CLIENT_SECRET, v.TIKTOK_REFRESH_TOKEN].filter(Boolean).length % 3 === 0,
    {
      message: 'TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET and TIKTOK_REFRESH_TOKEN must be set together',
      path: ['TIKTOK_REFRESH_TOKEN'],
    },
  );

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  /**
   * The account made admin at start-up. `password` is set when the account is created (or promoted);
   * after that the admin's own password stands unless `resetPassword` (ADMIN_PASSWORD_RESET) is true.
   */
  admin: { username: string; password: string; resetPassword?: boolean } | null;
  seedDemoData: boolean;
  publicOrigin: string | null;
  logLevel: string;
  /** Every SQL statement logged at info (benchmarks compare statement lists with it); off by default. */
  logQueries?: boolean;
  webDistDir: string | null;
  rateLimits: RateLimits;
  payments: PaymentsConfig;
  /** How often open payment orders are settled against PayPal (also once at start-up); 0 turns it off. */
  paymentReconcile: { intervalMs: number };
  /** autoStart false leaves the worker idle (tests drive it with runOnce). */
  /** thread: game-server connections run on a thread of their own (delivery/threaded-dispatcher.ts). */
  /** retryDelaysMs: the wait before each retry; RETRY_DELAYS_MS when not given. */
  delivery: { autoStart: boolean; timeoutMs: number; thread?: boolean; retryDelaysMs?: readonly number[] };
  /** Redis for /ws fan-out across processes; null runs one process on its own. */
  redisUrl: string | null;
  /**
   * How much of X-Forwarded-For to believe: 0 none, N the last N hops, or the addresses/CIDRs of
   * our own proxies. Never 'all': a client could then choose its own address and reset its limits.
   */
  trustProxy: number | string[];
  /** Open /ws sockets allowed from one client address. */
  socketsPerAddress: number;
  /**
   * Origins of the live feed's fallback endpoints (REALTIME_FALLBACK_URLS, which the web build reads
   * too), allowed in the pages' connect-src so the Live Activity test can reach them.
   */
  realtimeFallbackOrigins?: string[];
  /** Twitch Helix for the stream status; a null part leaves the shop offline with a note saying which. */
  twitch: TwitchConfig;
  /** The home page's video lists; a null setting leaves that list empty with a note naming it. */
  social: SocialConfig;
  /** Watch-time rewards, the Streamer.bot conversion and the key for secrets at rest. */
  earning: EarningConfig;
  /** Gifts between viewers: the coins one sender may give per UTC day (GIFT_MAX_PER_DAY). */
  gifts: { maxPerDay: number };
}

export interface EarningConfig {
  /** How long one minute of watch time lasts (WATCH_TIME_MINUTE_MS); shorter for demos and tests. */
  minuteMs: number;
  /** false leaves the watch-time service idle (tests drive it with runOnce). */
  autoStart: boolean;
  streamerbot: {
    /** STREAMERBOT_WEBHOOK_SECRET: when set it wins over a generated secret. */
    envSecret: string | null;
    rewardTitle: string | null;
    conversionRate: number;
    minimumPoints: number;
    maxCoinsPerRedemption: number;
  };
  /** AES-256 key (64 hex) for tokens and secrets at rest; null: a key file in dataDir outside production. */
  secretsKeyHex: string | null;
  dataDir: string;
}

export interface SocialConfig {
  youtube: {
    /** The channel (UC...) whose public feed is listed. */
    channelId: string | null;
    /** The feed endpoint, e.g. https://www.youtube.com/feeds/videos.xml (asked with ?channel_id=). */
    feedBase: string;
  };
  tiktok: {
    /** A user access token of the streamer's TikTok account (Display API, scope video.list). */
    accessToken: string | null;
    /** The Display API, e.g. https://open.tiktokapis.com/v2 (no trailing slash). */
    apiBase: string;
    /**
     * The app's key/secret and the streamer's refresh token: user access tokens last 24 h, so with these
     * the shop renews its own (the access token above is then optional).
     */
    refresh: { clientKey: string; clientSecret: string; refreshToken: string } | null;
  };
}

export interface TwitchConfig {
  /** The streamer's login: the embed's default channel and whose status is read. */
  channel: string | null;
  clientId: string | null;
  clientSecret: string | null;
  /** Helix, e.g. https://api.twitch.tv/helix (no trailing slash). */
  apiBase: string;
  /** Twitch OAuth, e.g. https://id.twitch.tv/oauth2 (no trailing slash). */
  authBase: string;
}

export type PaymentsConfig =
  | {
      provider: 'paypal';
      clientId: string;
      clientSecret: string;
      baseUrl: string;
      /** The id PayPal gave our webhook; without it webhooks cannot be verified and are refused. */
      webhookId?: string | null;
    }
  | {
      provider: 'demo';
      /**
       * Offered only to a request made on this machine (a loopback Host, from a loopback address):
       * a shop on localhost with no settings, where nobody else can reach it for free coins.
       * Absent when DEMO_CHECKOUT=true offers it wherever the shop is served.
       */
      localOnly?: boolean;
    }
  | { provider: 'unavailable'; reason: string };

export interface RateLimits {
  /** Login attempts per client address. */
  login: { max: number; windowMs: number };
  /** Failed logins per account, from any address: stops one password being sprayed from many. */
  loginAccount: { max: number; windowMs: number };
  register: { max: number; windowMs: number };
  trigger: { max: number; windowMs: number };
  /** PayPal orders created per viewer. */
  order: { max: number; windowMs: number };
  /** Captures (and purchase reports) per viewer. */
  capture: { max: number; windowMs: number };
  /** RCON tester calls per client address (admins are not counted). */
  rconTester: { max: number; windowMs: number };
  /** Inbound Streamer.bot webhook calls per client address. */
  streamerbot: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  loginAccount: { max: 10, windowMs: 15 * 60_000 },
  register: { max: 5, windowMs: 60_000 },
  trigger: { max: 30, windowMs: 10_000 },
  order: { max: 10, windowMs: 60_000 },
  capture: { max: 20, windowMs: 60_000 },
  rconTester: { max: 10, windowMs: 60_000 },
  streamerbot: { max: 60, windowMs: 60_000 },
};

/** 'wss://a.example/ws, wss://b.example/ws' -> their origins; null when a part is not a ws(s) URL. */
export function parseSocketOrigins(value: string): string[] | null {
  const origins: string[] = [];
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      return null;
    }
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** 'false'/'0'/'' -> 0; '2' -> 2 hops; '10.0.0.1, 10.1.0.0/16' -> those proxies; anything else (true) -> null. */
export function parseTrustProxy(value: string): number | string[] | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'no') return 0;
  if (/^\d+$/.test(text)) return Number(text) <= 20 ? Number(text) : null;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    if (rest.length > 0 || !isIP(address)) return ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
  });
  return valid ? entries : null;
}

/** SECRETS_KEY as 64 hex characters or base64 of 32 bytes -> lower-case hex; anything else -> null. */
export function parseSecretsKey(value: string): string | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}

/**
 * Fastify's trustProxy: false for no proxy, the proxy list as configured, or for N hops a function
 * trusting the N nearest hops (proxy-addr's own meaning of a number, which Fastify's types omit).
 */
export function fastifyTrustProxy(
  trustProxy: number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trustProxy)) return trustProxy;
  if (trustProxy === 0) return false;
  return (_address, hop) => hop < trustProxy;
}

/**
 * The NAMES of the variables set in this process, sorted, for the diagnostics page. Never the values:
 * any of them may be a password or an API secret.
 */
export function environmentVariableNames(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(env).sort();
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A setting left blank (`PAYPAL_CLIENT_ID=` copied from .env.example) means 'not set', not 'set to nothing'.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ZEnv.safeParse(given);
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
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, resetPassword: e.ADMIN_PASSWORD_RESET }
        : null,
    seedDemoData: e.SEED_DEMO_DATA,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : null,
    logLevel: e.LOG_LEVEL,
    logQueries: e.DB_LOG_QUERIES,
    webDistDir: e.WEB_DIST_DIR ?? null,
    // Logins and sign-ups per address per minute: raise them for a rush behind one NAT (or a browser
    // test suite). The per-account login limit (failures only) stays as it is.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      login: { max: e.LOGIN_LIMIT_PER_MINUTE, windowMs: 60_000 },
      register: { max: e.REGISTER_LIMIT_PER_MINUTE, windowMs: 60_000 },
      streamerbot: { max: e.STREAMERBOT_LIMIT_PER_MINUTE, windowMs: 60_000 },
      trigger: { max: e.TRIGGER_LIMIT_PER_10S, windowMs: 10_000 },
    },
    payments: resolvePayments(e),
    gifts: { maxPerDay: e.GIFT_MAX_PER_DAY },
    paymentReconcile: { intervalMs: e.PAYMENT_RECONCILE_INTERVAL_S * 1000 },
    delivery: {
      autoStart: e.DELIVERY_WORKER,
      timeoutMs: e.DELIVERY_TIMEOUT_MS,
      thread: e.DELIVERY_THREAD,
      retryDelaysMs: e.DELIVERY_RETRY_DELAYS_MS,
    },
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY ?? 0,
    socketsPerAddress: e.WS_MAX_CONNECTIONS_PER_ADDRESS,
    realtimeFallbackOrigins: e.REALTIME_FALLBACK_URLS ?? [],
    twitch: {
      channel: e.TWITCH_CHANNEL ?? null,
      clientId: e.TWITCH_CLIENT_ID ?? null,
      clientSecret: e.TWITCH_CLIENT_SECRET ?? null,
      apiBase: e.TWITCH_API_BASE.replace(/\/$/, ''),
      authBase: e.TWITCH_AUTH_BASE.replace(/\/$/, ''),
    },
    earning: {
      minuteMs: e.WATCH_TIME_MINUTE_MS,
      autoStart: e.WATCH_TIME_SERVICE,
      streamerbot: {
        envSecret: e.STREAMERBOT_WEBHOOK_SECRET ?? null,
        rewardTitle: e.STREAMERBOT_REWARD_TITLE ?? null,
        conversionRate: e.STREAMERBOT_CONVERSION_RATE,
        minimumPoints: e.STREAMERBOT_MIN_POINTS,
        maxCoinsPerRedemption: e.STREAMERBOT_MAX_COINS,
      },
      secretsKeyHex: e.SECRETS_KEY ?? null,
      dataDir: resolve(e.DATA_DIR),
    },
    social: {
      youtube: { channelId: e.YOUTUBE_CHANNEL_ID ?? null, feedBase: e.YOUTUBE_FEED_BASE },
      tiktok: {
        accessToken: e.TIKTOK_ACCESS_TOKEN ?? null,
        apiBase: e.TIKTOK_API_BASE.replace(/\/$/, ''),
        refresh:
          e.TIKTOK_CLIENT_KEY && e.TIKTOK_CLIENT_SECRET && e.TIKTOK_REFRESH_TOKEN
            ? {
                clientKey: e.TIKTOK_CLIENT_KEY,
                clientSecret: e.TIKTOK_CLIENT_SECRET,
                refreshToken: e.TIKTOK_REFRESH_TOKEN,
              }
            : null,
      },
    },
  };
}

const PAYPAL_BASES = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/**
 * PayPal when credentials are set; otherwise the labelled demo checkout, so a fresh clone works on
 * one machine. A misconfigured live shop must never hand out free coins, and NODE_ENV unset reads
 * as development: so outside DEMO_CHECKOUT=true the demo checkout runs only for a shop served on
 * this machine (PUBLIC_ORIGIN unset or a loopback name), and only for requests made on it.
 */
function resolvePayments(e: z.infer<typeof ZEnv>): PaymentsConfig {
  const production = e.NODE_ENV === 'production';
  const hasCredentials = Boolean(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET);
  if (e.PAYMENT_PROVIDER === 'demo' || (!e.PAYMENT_PROVIDER && !hasCredentials)) {
    if (e.DEMO_CHECKOUT) return { provider: 'demo' };
    if (production) {
      return {
        provider: 'unavailable',
        reason: hasCredentials
          ? 'PAYMENT_PROVIDER=demo is refused when NODE_ENV=production'
          : 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set',
      };
    }
    if (e.PUBLIC_ORIGIN && !isLoopbackHost(new URL(e.PUBLIC_ORIGIN).hostname)) {
      return {
        provider: 'unavailable',
        reason: `the demo checkout runs only on this machine, and PUBLIC_ORIGIN is ${e.PUBLIC_ORIGIN}: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or DEMO_CHECKOUT=true to offer free demo coins there`,
      };
    }
    return { provider: 'demo', localOnly: true };
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
    webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
  };
}
