import type { Db } from '@shop/db';
import { createDispatcher, type Dispatcher } from '@shop/dispatch';
import type { FastifyBaseLogger } from 'fastify';
import { DeliveryWorker, workerOptions } from './delivery/worker';
import type { Config } from './env';
import { createPaymentProvider, type PaymentProvider } from './payments/gateway';
import { PaymentReconciler } from './payments/reconcile';
import { RateLimiters } from './rate-limit';
import { RealtimeHub } from './realtime/hub';
import { SocialCache } from './social/social-cache';
import { StreamCache } from './twitch/stream-cache';

/** Long-lived things every request may use; built once per app. */
export interface Services {
  db: Db;
  config: Config;
  now: () => number;
  limiters: RateLimiters;
  realtime: RealtimeHub;
  payments: PaymentProvider;
  deliveryWorker: DeliveryWorker;
  /** Settles payment orders nobody reported (start-up and every config.paymentReconcile.intervalMs). */
  paymentReconciler: PaymentReconciler;
  /** Sends commands to game servers over connections kept open per endpoint; closed with the app. */
  dispatcher: Dispatcher;
  /** The Rust player list, kept 10 s so a room full of viewers does not flood the game server. */
  rustPlayers: { fetchedAt: number; players: { steamId: string; username: string }[] } | null;
  /** The Twitch stream status and info, fetched at most every 30 s whoever asks. */
  stream: StreamCache;
  /** The TikTok and YouTube lists, fetched at most every 30 min per source whoever asks. */
  social: SocialCache;
  log: FastifyBaseLogger;
}

export function createServices(db: Db, config: Config, log: FastifyBaseLogger, now: () => number = Date.now): Services {
  const services: Omit<Services, 'deliveryWorker' | 'paymentReconciler'> = {
    db,
    config,
    now,
    limiters: new RateLimiters(config.rateLimits, config.redisUrl, log),
    realtime: new RealtimeHub({ socketsPerAddress: config.socketsPerAddress }),
    payments: createPaymentProvider(config.payments),
    dispatcher: createDispatcher(),
    rustPlayers: null,
    stream: new StreamCache(config.twitch, now, log),
    social: new SocialCache(config.social, now, log),
    log,
  };
  const full = services as Services;
  full.deliveryWorker = new DeliveryWorker(full, workerOptions(config.delivery));
  full.paymentReconciler = new PaymentReconciler(full, config.paymentReconcile.intervalMs);
  return full;
}
