import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Db, findVerifiedTwitchUser } from '@shop/db';
import { ACCOUNT_DISABLED_MESSAGE, convertPoints, isPayableTwitchLogin, ZStreamerbotRedemption } from '@shop/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../env';
import { toClientError } from '../errors';
import { sendError } from '../http/send-error';
import type { RateLimiters } from '../rate-limit';
import type { RealtimeHub } from '../realtime/hub';
import type { TwitchTokenStore } from '../twitch/token-store';
import { creditRedemptionOnce } from './redemption-credit';
import { STREAMERBOT_WEBHOOK_PREFIX, type StreamerbotSecrets } from './streamerbot-secrets';

export interface StreamerbotWebhookDeps {
  db: Db;
  config: Pick<Config, 'earning' | 'twitch'>;
  limiters: Pick<RateLimiters, 'streamerbot'>;
  streamerbot: Pick<StreamerbotSecrets, 'pathSegment' | 'active'>;
  twitchTokens: Pick<TwitchTokenStore, 'authorizedLogin'>;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  now: () => number;
  log: FastifyBaseLogger;
}

export const STREAMERBOT_WEBHOOK_ROUTE = `${STREAMERBOT_WEBHOOK_PREFIX}:segment`;

/** True when `header` is the hex HMAC-SHA256 of the raw body (a `sha256=` prefix accepted), compared in constant time. */
export function signatureMatches(secret: string, raw: string, header: string | undefined): boolean {
  if (!header) return false;
  const given = header.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(raw, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

function sameSegment(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /api/streamerbot/<segment>`: a channel-point redemption from Streamer.bot, signed with
 * X-Signature over the raw body. Replies (the issue's contract): 200 {status:'success', coinsAwarded}
 * (a repeated redemptionId answers the first result and pays nothing); 401 bad or missing signature;
 * 503 no secret; 400 body, minimum points or reward title; 403 the broadcaster's own account or a
 * known bot; 404 no account has proved that Twitch account with 'Verify with Twitch' (also an unknown
 * path segment); 429 per address.
 */
export async function registerStreamerbotWebhook(
  app: FastifyInstance,
  services: StreamerbotWebhookDeps,
): Promise<void> {
  await app.register(async (scope) => {
    // The raw body is what Streamer.bot signed; it is parsed only after the signature checks out.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post(STREAMERBOT_WEBHOOK_ROUTE, { bodyLimit: 16 * 1024 }, async (req: FastifyRequest, reply) => {
      try {
        const wait = await services.limiters.streamerbot.take(`ip:${req.ip}`, services.now());
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          return sendError(reply, 429, `Too many requests. Please wait ${wait} seconds and try again.`);
        }
        const { segment } = req.params as { segment: string };
        if (!sameSegment(segment, await services.streamerbot.pathSegment())) {
          return sendError(reply, 404, `Not found: POST ${STREAMERBOT_WEBHOOK_PREFIX}...`);
        }
        const active = await services.streamerbot.active();
        if (!active) return sendError(reply, 503, 'No Streamer.bot secret is configured: generate one in Admin Tools');
        const raw = typeof req.body === 'string' ? req.body : '';
        const header = req.headers['x-signature'];
        if (!signatureMatches(active.secret, raw, Array.isArray(header) ? header[0] : header)) {
          return sendError(reply, 401, 'Invalid or missing signature');
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return sendError(reply, 400, 'Request body is not valid JSON');
        }
        const parsed = ZStreamerbotRedemption.safeParse(json);
        if (!parsed.success) return sendError(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid redemption');
        const redemption = parsed.data;
        const outcome = convertPoints(services.config.earning.streamerbot, redemption.points, redemption.rewardTitle);
        if (!outcome.ok) return sendError(reply, 400, outcome.message);
        const broadcaster = await services.twitchTokens.authorizedLogin();
        if (!isPayableTwitchLogin(redemption.user, [broadcaster, services.config.twitch.channel])) {
          return sendError(
            reply,
            403,
            `Channel points of ${redemption.user} (the broadcaster or a bot) are not converted`,
          );
        }
        const viewer = await findVerifiedTwitchUser(services.db.kysely, {
          id: redemption.userId,
          login: redemption.user,
        });
        if (viewer === null) {
          return sendError(reply, 404, `No account has verified the Twitch account ${redemption.user} with Twitch`);
        }
        if (viewer.disabled) return sendError(reply, 403, ACCOUNT_DISABLED_MESSAGE);
        const userId = viewer.id;
        const result = await creditRedemptionOnce(services.db, {
          userId,
          coins: outcome.coins,
          redemptionId: redemption.redemptionId,
          now: services.now(),
        });
        if (result.balance !== null) {
          services.log.info(
            { userId, coins: result.coins, redemptionId: redemption.redemptionId },
            'channel points converted',
          );
          services.realtime.broadcast({
            type: 'balance_changed',
            userId,
            balance: result.balance,
            amount: result.coins,
            reason: 'conversion',
            timestamp: new Date(services.now()).toISOString(),
          });
        }
        return { status: 'success', coinsAwarded: result.coins };
      } catch (error) {
        const client = toClientError(error);
        if (client.status >= 500) services.log.error({ err: error }, 'Streamer.bot webhook failed');
        return sendError(reply, client.status, client.message);
      }
    });
  });
}
