import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { connect, type Db, parseDatabaseUrl, recentFeedRows } from '@shop/db';
import { toFeedEvent } from '@shop/domain';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { prepareDatabase } from './bootstrap';
import { createRequestContext } from './context';
import { CATALOG_CHANNEL } from './delivery/catalog-cache';
import { registerStreamerbotWebhook } from './earning/streamerbot-route';
import { type Config, fastifyTrustProxy } from './env';
import { logSlowOrFailed } from './http/request-log';
import { retryAfterMeta } from './http/retry-after';
import {
  addSecurityHeaders,
  apiSecurityHeaders,
  defaultHelmet,
  embeddableHelmet,
  webAppScriptHashes,
} from './http/security-headers';
import { isMissingAsset, webStaticOptions } from './http/static-assets';
import { WEB_INDEX, webIndexPicker } from './http/web-index';
import { registerOpenApiRoutes } from './openapi/register';
import { originGuard } from './origin-check';
import { registerPayPalWebhook } from './payments/webhook-route';
import { BACKLOG_SIZE } from './realtime/hub';
import { registerOverlaySocketRoute } from './realtime/overlay-route';
import { connectRedisBus, OVERLAY_CHANNEL } from './realtime/redis-bus';
import { registerSocketRoute } from './realtime/socket-route';
import { registerRestRoutes } from './rest/adapter';
import { restEndpoints } from './rest/endpoints';
import { type AppRouter, appRouter } from './routers/index';
import { createServices, type Services } from './services';
import { registerTwitchOAuthRoutes } from './twitch/oauth-routes';

export interface BuildOptions {
  /** An already migrated database (tests); otherwise one is opened from config.databaseUrl. */
  db?: Db;
  now?: () => number;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Cookies carry session tokens and Authorization carries credentials: never in logs.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-signature"]'],
          },
    routerOptions: { maxParamLength: 5000 },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // No info line per request on the hot paths; failures and slow requests are logged (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', logSlowOrFailed);
  const ownsDb = !options.db;
  const db =
    options.db ??
    connect(parseDatabaseUrl(config.databaseUrl), {
      ...(config.logQueries && { onQuery: (sql: string) => app.log.info({ sql }, 'db query') }),
    });
  const services = createServices(db, config, app.log, options.now);
  app.addHook('onClose', async () => {
    services.shopStatus.stop();
    await services.watchTime.stop();
    await services.paymentReconciler.stop();
    await services.deliveryWorker.stop();
    await services.overlayUpNext.stop();
    await services.dispatcher.close();
    await services.overlays.close();
    await services.realtime.close();
    await services.limiters.close();
    if (ownsDb) await db.close();
  });

  await prepareDatabase(db, config, app.log, services.now());
  // Live Activity after a restart shows what happened before it, not an empty panel.
  services.realtime.seedBacklog((await recentFeedRows(db.kysely, BACKLOG_SIZE)).map(toFeedEvent));
  if (services.payments.kind === 'unavailable') {
    app.log.warn(`payments are unavailable: ${services.payments.reason}`);
  } else if (services.payments.kind === 'demo') {
    const where = services.payments.localOnly
      ? ', for requests made on this machine only (DEMO_CHECKOUT=true offers it to everyone)'
      : '';
    app.log.info(
      `payments run the demo checkout${where}: no money moves (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)`,
    );
  } else if (!services.payments.webhookId) {
    app.log.warn('PayPal webhooks are refused until PAYPAL_WEBHOOK_ID is set; reconciliation still settles orders');
  }
  if (config.redisUrl) {
    const { realtime } = services;
    realtime.useBus(await connectRedisBus(config.redisUrl, (data) => realtime.deliverLocally(data), app.log));
    const { overlays } = services;
    overlays.useBus(await connectRedisBus(config.redisUrl, (data) => overlays.fromBus(data), app.log, OVERLAY_CHANNEL));
    const { catalog } = services;
    const catalogBus = await connectRedisBus(
      config.redisUrl,
      () => catalog.invalidateLocally(),
      app.log,
      CATALOG_CHANNEL,
    );
    catalog.useBus(() => catalogBus.publish('invalidate'));
    app.addHook('onClose', () => catalogBus.close());
    await services.limiters.connect(app.log);
  }

  await app.register(cookie);
  // Security headers on every reply, the SPA fallback and errors included; see http/security-headers.ts.
  const pageHeaders = defaultHelmet(config, webAppScriptHashes(config.webDistDir));
  addSecurityHeaders(app, { pages: pageHeaders, api: apiSecurityHeaders(pageHeaders) });
  // Viewers never need to send more than a few bytes; ws closes a bigger frame with 1009.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.addHook('onRequest', originGuard(config.publicOrigin));

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ status: 'error', message: 'Something went wrong on our side. Please try again.' });
    }
    const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Request body is not valid JSON' : error.message;
    return reply.code(status).send({ status: 'error', message });
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createRequestContext(services, req, res),
      responseMeta: ({ errors }) => retryAfterMeta(errors),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  const endpoints = restEndpoints();
  registerRestRoutes(app, services, endpoints);
  registerOpenApiRoutes(app, endpoints, pageHeaders);
  await registerPayPalWebhook(app, services);
  await registerStreamerbotWebhook(app, services);
  registerTwitchOAuthRoutes(app, services, (req, reply) => createRequestContext(services, req, reply));

  registerSocketRoute(app, services);
  registerOverlaySocketRoute(app, services);
  // A database that stopped after a failed disk flush refuses all work until a restart: say so, so a
  // load balancer or supervisor takes this process out instead of sending it viewers.
  app.get('/healthz', async (_req, reply) => {
    const failure = db.failure();
    if (failure) return reply.code(503).send({ status: 'error', message: failure.message });
    return { status: 'ok' };
  });

  const webDist = config.webDistDir;
  const hasWeb = webDist !== null && existsSync(join(webDist, WEB_INDEX));
  const webIndex = hasWeb ? webIndexPicker(webDist) : () => WEB_INDEX;
  if (hasWeb) {
    await app.register(fastifyStatic, webStaticOptions(webDist));
    // The stream overlay page: the SPA's index.html, and the one page another site (OBS) may frame.
    const overlayHeaders = embeddableHelmet(config, webAppScriptHashes(webDist));
    app.get('/overlay/*', { config: { securityHeaders: overlayHeaders } }, (_req, reply) => reply.sendFile(WEB_INDEX));
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api') || path.startsWith('/trpc') || path === '/ws' || path.startsWith('/ws/');
    // Client-side routes (/shop, /profile/7, unknown pages) all load the app, which draws its own 404.
    if (hasWeb && !isApi && !isMissingAsset(path) && req.method === 'GET') return reply.sendFile(webIndex(req));
    return reply.code(404).send({ status: 'error', message: `Not found: ${req.method} ${path}` });
  });

  // Universal actions are routed by the stream's game: a process that took triggers before it knew the
  // game would send them to every endpoint (a restarted replica among running ones, say). The fetch has
  // its own timeout and never throws.
  app.addHook('onReady', async () => {
    if (services.stream.configured) await services.stream.get();
  });
  if (config.delivery.autoStart) app.addHook('onReady', async () => services.deliveryWorker.start());
  // Auto-pause follows the stream even when no page asks for its status (only with Twitch settings).
  app.addHook('onReady', async () => services.shopStatus.start());
  // Settles payment orders nobody reported: once at start-up, then every interval (0 turns it off).
  app.addHook('onReady', async () => services.paymentReconciler.start());
  // Watch-time rewards: checks every WATCH_TIME_MINUTE_MS, pays once per window (WATCH_TIME_SERVICE=false: idle).
  if (config.earning.autoStart) app.addHook('onReady', async () => services.watchTime.start());
  return { app, services };
}
