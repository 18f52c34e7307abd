import type { Db } from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_WORKER_OPTIONS, DeliveryWorker } from './delivery/worker';
import type { Config } from './env';
import { createPaymentProvider, type PaymentProvider } from './payments/gateway';
import { RateLimiter } from './rate-limit';
import { RealtimeHub } from './realtime/hub';

/** Long-lived things every request may use; built once per app. */
export interface Services {
  db: Db;
  config: Config;
  now: () => number;
  limiters: { login: RateLimiter; register: RateLimiter; trigger: RateLimiter };
  realtime: RealtimeHub;
  payments: PaymentProvider;
  deliveryWorker: DeliveryWorker;
  /** The Rust player list, kept 10 s so a room full of viewers does not flood the game server. */
  rustPlayers: { fetchedAt: number; players: { steamId: string; username: string }[] } | null;
  log: FastifyBaseLogger;
}

export function createServices(db: Db, config: Config, log: FastifyBaseLogger, now: () => number = Date.now): Services {
  const limit = (l: { max: number; windowMs: number }) => new RateLimiter(l.max, l.windowMs);
  const services: Omit<Services, 'deliveryWorker'> = {
    db,
    config,
    now,
    limiters: {
      login: limit(config.rateLimits.login),
      register: limit(config.rateLimits.register),
      trigger: limit(config.rateLimits.trigger),
    },
    realtime: new RealtimeHub(),
    payments: createPaymentProvider(config.payments),
    rustPlayers: null,
    log,
  };
  const full = services as Services;
  full.deliveryWorker = new DeliveryWorker(full, { ...DEFAULT_WORKER_OPTIONS, ...config.delivery });
  return full;
}
