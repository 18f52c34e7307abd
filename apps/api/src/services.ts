import type { Db } from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env';
import { createPaymentProvider, type PaymentProvider } from './payments/gateway';
import { RateLimiter } from './rate-limit';
import { RealtimeHub } from './realtime/hub';

/** Long-lived things every request may use; built once per app. */
export interface Services {
  db: Db;
  config: Config;
  now: () => number;
  limiters: { login: RateLimiter; register: RateLimiter };
  realtime: RealtimeHub;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

export function createServices(db: Db, config: Config, log: FastifyBaseLogger, now: () => number = Date.now): Services {
  return {
    db,
    config,
    now,
    limiters: {
      login: new RateLimiter(config.rateLimits.login.max, config.rateLimits.login.windowMs),
      register: new RateLimiter(config.rateLimits.register.max, config.rateLimits.register.windowMs),
    },
    realtime: new RealtimeHub(),
    payments: createPaymentProvider(config.payments),
    log,
  };
}
