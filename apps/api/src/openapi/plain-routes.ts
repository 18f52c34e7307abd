import { ZStreamerbotRedemption, ZStreamerbotReply } from '@shop/domain';
import { z } from 'zod';
import { STREAMERBOT_WEBHOOK_ROUTE } from '../earning/streamerbot-route';
import { PAYPAL_WEBHOOK_PATH } from '../payments/webhook-route';
import { TWITCH_AUTH_PATH, TWITCH_CALLBACK_PATH, TWITCH_VERIFY_PATH } from '../twitch/oauth';
import type { DocumentedRoute } from './document';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * /api routes served outside the REST adapter (they need the raw body, or answer something other
 * than a procedure's result), documented here so the reference lists every /api path.
 */
export const plainRouteDocs: DocumentedRoute[] = [
  {
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    doc: {
      summary: 'PayPal webhook events (capture completed, refunded, reversed)',
      tag: 'Payments',
      access: 'public',
      description:
        'Called by PayPal, not by clients. The raw body is verified through PayPal’s verify-webhook-signature call ' +
        'using the paypal-* transmission headers before anything changes. 503 while the shop takes no PayPal ' +
        'webhooks (demo checkout, or PAYPAL_WEBHOOK_ID unset) so PayPal retries later; 502 when PayPal cannot be asked.',
      body: z.looseObject({ id: z.string(), event_type: z.string(), resource: z.record(z.string(), z.unknown()) }),
      requestHeaders: {
        'paypal-auth-algo': 'signature algorithm',
        'paypal-cert-url': 'certificate URL',
        'paypal-transmission-id': 'transmission id',
        'paypal-transmission-sig': 'signature',
        'paypal-transmission-time': 'transmission time',
      },
      response: z.object({ status: z.literal('success'), message: z.string() }),
      errors: [502, 503],
    },
  },
  {
    method: 'POST',
    url: STREAMERBOT_WEBHOOK_ROUTE,
    doc: {
      summary: 'Streamer.bot channel-point redemption: converts points to coins once per redemptionId',
      tag: 'Earning',
      access: 'public',
      description:
        'Called by Streamer.bot, not by browsers. The segment is the secret path shown in Admin Tools (webhookUrl). ' +
        'X-Signature is the hex HMAC-SHA256 of the raw body with the shop’s secret (a sha256= prefix is accepted). ' +
        'Coins = min(maxCoinsPerRedemption, floor(points x conversionRate)) as a conversion ledger row. A repeated ' +
        'redemptionId answers the first result and pays nothing. 401 bad or missing signature, 503 no secret configured, ' +
        '400 under the minimum points or another reward title, 404 no account linked to that Twitch name (or an unknown ' +
        'segment), 429 per address.',
      body: ZStreamerbotRedemption,
      requestHeaders: { 'X-Signature': 'hex HMAC-SHA256(secret, raw body), optionally prefixed sha256=' },
      response: ZStreamerbotReply,
      errors: [401, 403, 404, 429, 503],
    },
  },
  {
    method: 'GET',
    url: TWITCH_AUTH_PATH,
    doc: {
      summary: 'Start the broadcaster’s Twitch authorization (redirects to Twitch, scope moderator:read:chatters)',
      tag: 'Earning',
      access: 'admin',
      description:
        'A link for the admin’s browser. 302 to Twitch’s authorize page with a state bound to this session (10 minutes, ' +
        'single use); 302 to /admin/watch-time?twitch=not-configured without TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET.',
      unstructured: 'A 302 redirect',
    },
  },
  {
    method: 'GET',
    url: TWITCH_VERIFY_PATH,
    doc: {
      summary: 'Start ‘Verify with Twitch’: prove the linked Twitch account (redirects to Twitch, no scope)',
      tag: 'Accounts',
      access: 'signed-in',
      description:
        'A link for the viewer’s browser. 302 to Twitch’s authorize page with a state bound to this session (10 minutes, ' +
        'single use); 302 to /dashboard?twitch=not-configured without TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET. ' +
        'Watch-time rewards and channel-point conversions are paid to verified accounts only.',
      unstructured: 'A 302 redirect',
      errors: [401],
    },
  },
  {
    method: 'GET',
    url: TWITCH_CALLBACK_PATH,
    doc: {
      summary: 'Twitch returns here: the broadcaster’s authorization or a viewer’s verification',
      tag: 'Earning',
      access: 'signed-in',
      description:
        'For the broadcaster’s authorization (admins): exchanges the code, stores the tokens encrypted and redirects to ' +
        '/admin/watch-time?twitch=connected, or ?twitch=error&reason=... when Twitch refused. For ‘Verify with Twitch’: ' +
        'stores the Twitch user id and login and redirects to /dashboard?twitch=verified, or ?twitch=error&reason=This ' +
        'Twitch account is linked to another user when another account verified it. 401 without a session; a state that ' +
        'is unknown, expired, already used or from another session is refused with 400 and nothing is stored.',
      query: z.object({ code: z.string().optional(), state: z.string(), error: z.string().optional() }),
      unstructured: 'A 302 redirect',
      errors: [400, 401, 403],
    },
  },
  {
    method: 'GET',
    url: OPENAPI_PATH,
    doc: {
      summary: 'This document: OpenAPI 3.1 of every /api path',
      tag: 'Reference',
      access: 'public',
      unstructured: 'An OpenAPI 3.1.0 document (JSON)',
    },
  },
  {
    method: 'GET',
    url: DOCS_PATH,
    doc: {
      summary: 'The readable reference of every /api path (HTML)',
      tag: 'Reference',
      access: 'public',
      unstructured: 'An HTML page',
    },
  },
];
