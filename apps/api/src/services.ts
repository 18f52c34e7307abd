import type { Db } from '@shop/db';
import { createDispatcher, type Dispatcher } from '@shop/dispatch';
import type { FastifyBaseLogger } from 'fastify';
import { ControlRoom } from './control-room/control-room';
import { CatalogCache } from './delivery/catalog-cache';
import type { OutcomeHooks } from './delivery/outcome';
import type { RefundHooks } from './delivery/refund';
import { RustPlayersCache } from './delivery/rust-players';
import { createThreadedDispatcher } from './delivery/threaded-dispatcher';
import { DeliveryWorker, workerOptions } from './delivery/worker';
import { StreamerbotSecrets } from './earning/streamerbot-secrets';
import { WatchTimeService } from './earning/watch-time-service';
import { sweepPools } from './economy/pools/sweep';
import { economyRefundHooks } from './economy/refund-hooks';
import { timedEffectHooks } from './effects/timed-effects';
import type { Config } from './env';
import { ShopStatusService } from './live/shop-status';
import { createPaymentProvider, type PaymentProvider } from './payments/gateway';
import { PaymentReconciler } from './payments/reconcile';
import { RateLimiters } from './rate-limit';
import { RealtimeHub } from './realtime/hub';
import { OverlayHub } from './realtime/overlay-hub';
import { OverlayUpNext } from './realtime/overlay-up-next';
import { SecretBox } from './security/secret-box';
import { SocialCache } from './social/social-cache';
import { StreamCache } from './twitch/stream-cache';
import { TwitchTokenStore } from './twitch/token-store';

/**
 * Long-lived things every request may use; built once per app. Only the composition points (app.ts,
 * the tRPC context) hold all of it: everything else declares the members it uses.
 */
export interface Services {
  db: Db;
  /** What triggers read about actions and endpoints, in memory; emptied by every admin mutation. */
  catalog: CatalogCache;
  config: Config;
  now: () => number;
  limiters: RateLimiters;
  realtime: RealtimeHub;
  payments: PaymentProvider;
  deliveryWorker: DeliveryWorker;
  /** What the features add to every refund, inside its transaction: the economy puts stock back. */
  refundHooks: RefundHooks;
  /** What the features add to a delivery's outcome: the refund's part above, and the timed effects'. */
  outcomeHooks: OutcomeHooks;
  /** The streamer's queue: approvals, queue groups, the hold switch; the worker runs its sweep when owed (worker.ts). */
  controlRoom: ControlRoom;
  /** Settles payment orders nobody reported (start-up and every config.paymentReconcile.intervalMs). */
  paymentReconciler: PaymentReconciler;
  /** Sends commands to game servers over connections kept open per endpoint; closed with the app. */
  dispatcher: Dispatcher;
  /** The built-in overlay's sockets; the dispatcher's overlay:// transport delivers through them. */
  overlays: OverlayHub;
  /** The overlays' 'Up next' list: follows the queue's changes, reads it for the overlays open here. */
  overlayUpNext: OverlayUpNext;
  /** The streamer's pause switch and its broadcast. */
  shopStatus: ShopStatusService;
  /** The Rust player list, kept a few seconds so a room full of viewers does not flood the game server. */
  rustPlayers: RustPlayersCache;
  /** The Twitch stream status and info, fetched at most every 30 s whoever asks. */
  stream: StreamCache;
  /** The TikTok and YouTube lists, fetched at most every 30 min per source whoever asks. */
  social: SocialCache;
  log: FastifyBaseLogger;
  /** Encrypts Twitch tokens and the Streamer.bot secret at rest (SECRETS_KEY). */
  secretBox: SecretBox;
  /** The broadcaster's Twitch user tokens (chatters), encrypted in the database. */
  twitchTokens: TwitchTokenStore;
  /** Pays watch-time rewards once per (viewer, window); started with the app unless config says not. */
  watchTime: WatchTimeService;
  /** The Streamer.bot secret and the webhook's secret path. */
  streamerbot: StreamerbotSecrets;
}

/** Builds every service once, each from the ones before it. */
export function createServices(db: Db, config: Config, log: FastifyBaseLogger, now: () => number = Date.now): Services {
  const overlays = new OverlayHub(now);
  const catalog = new CatalogCache(db.kysely, now);
  const limiters = new RateLimiters(config.rateLimits, config.redisUrl, log);
  const realtime = new RealtimeHub({ socketsPerAddress: config.socketsPerAddress });
  const payments = createPaymentProvider(config.payments);
  const dispatcher = config.delivery.thread
    ? createThreadedDispatcher(createDispatcher({ overlay: overlays }))
    : createDispatcher({ overlay: overlays });
  const stream = new StreamCache(config.twitch, now, log);
  const social = new SocialCache(config.social, now, log);
  const secretBox = new SecretBox(config.earning, config.nodeEnv === 'production');
  const twitchTokens = new TwitchTokenStore(db, config.twitch, secretBox, now);
  const streamerbot = new StreamerbotSecrets(db, config.earning, secretBox, now);
  const watchTime = new WatchTimeService({
    db,
    config,
    now,
    stream,
    tokens: twitchTokens,
    box: secretBox,
    realtime,
    log,
  });
  const shopStatus = new ShopStatusService({ db, stream, realtime, now, log });
  // With the connections on their own thread, replies come back in batches: let each endpoint's lane
  // hold enough attempts to fill one (the game server still sees one command at a time).
  const wide = config.delivery.thread ? { laneConcurrency: 256, laneBacklog: 512, batchSize: 256 } : {};
  // The worker reads and writes through its own share of the database (Db.worker).
  const refundHooks = economyRefundHooks;
  const outcomeHooks: OutcomeHooks = { ...refundHooks, ...timedEffectHooks };
  const deliveryWorker = new DeliveryWorker(
    { db: db.worker ?? db, realtime, dispatcher, config, now, log, outcomeHooks },
    workerOptions(config.delivery, wide),
  );
  const controlRoom = new ControlRoom({
    db,
    realtime,
    now,
    log,
    worker: deliveryWorker,
    laneConcurrency: deliveryWorker.options.laneConcurrency,
    refundHooks,
  });
  // The worker's sweeping passes, wired here rather than by the services they run: crowd goals past
  // their window expire, then the control room's turn (approvals, queue groups, the hold), and every
  // so often the net under the outcome writes settles what nobody settled.
  deliveryWorker.useQueue({
    async sweep() {
      await sweepPools({ db, realtime, now, log });
      return controlRoom.sweep();
    },
  });
  deliveryWorker.every({
    everyMs: deliveryWorker.options.settleSweepMs,
    run: () => deliveryWorker.settleStranded(),
  });
  const overlayUpNext = new OverlayUpNext({ readQueue: () => controlRoom.read(), realtime, overlays, log });
  const paymentReconciler = new PaymentReconciler({ db, payments, now, log }, config.paymentReconcile.intervalMs);
  return {
    db,
    catalog,
    config,
    now,
    limiters,
    realtime,
    payments,
    deliveryWorker,
    refundHooks,
    outcomeHooks,
    controlRoom,
    paymentReconciler,
    dispatcher,
    overlays,
    overlayUpNext,
    shopStatus,
    rustPlayers: new RustPlayersCache(now),
    stream,
    social,
    log,
    secretBox,
    twitchTokens,
    watchTime,
    streamerbot,
  };
}
