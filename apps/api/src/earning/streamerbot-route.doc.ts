import { ZStreamerbotRedemption, ZStreamerbotReply } from '@shop/domain';
import type { PlainRouteDoc } from '../openapi/plain-route-doc';
import { STREAMERBOT_WEBHOOK_PREFIX } from './streamerbot-secrets';

/** The reference's entry for POST /api/streamerbot/{segment} (streamerbot-route.ts). */
export const streamerbotWebhookDoc: PlainRouteDoc = {
  method: 'POST',
  path: `${STREAMERBOT_WEBHOOK_PREFIX}{segment}` as `/api/${string}`,
  summary: 'Streamer.bot channel-point redemption: converts points to coins once per redemptionId',
  tag: 'Earning',
  access: 'public',
  description:
    'Called by Streamer.bot, not by browsers. The segment is the secret path shown in Admin Tools (webhookUrl). ' +
    'X-Signature is the hex HMAC-SHA256 of the raw body with the shop’s secret (a sha256= prefix is accepted). ' +
    'Coins = min(maxCoinsPerRedemption, floor(points x conversionRate)) as a conversion ledger row. A repeated ' +
    'redemptionId answers the first result and pays nothing. 401 bad or missing signature, 503 no secret configured, ' +
    '400 under the minimum points or another reward title, 404 no account linked to that Twitch name (or an unknown ' +
    "segment), 403 the broadcaster's or a bot's name, or a disabled account ('This account is disabled'), 429 per address.",
  pathParams: { segment: { type: 'string' } },
  body: ZStreamerbotRedemption,
  requestHeaders: { 'X-Signature': 'hex HMAC-SHA256(secret, raw body), optionally prefixed sha256=' },
  response: ZStreamerbotReply,
  errors: [401, 403, 404, 429, 503],
};
