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
}

export interface RateLimits {
  login: { max: number; windowMs: number };
  register: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 60_000 },
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
  };
}
