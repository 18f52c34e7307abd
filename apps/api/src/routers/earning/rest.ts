import {
  type TWatchTimeSettingsUpdate,
  ZStreamerbotConfig,
  ZStreamerbotSecret,
  ZWatchTimeReward,
  ZWatchTimeSettings,
  ZWatchTimeSettingsUpdate,
  ZWatchTimeStatus,
} from '@shop/domain';
import { z } from 'zod';
import { type RestRoute, unchecked } from '../../rest/adapter';

/** Watch-time rewards and the Streamer.bot tab (admin-spec sections 2 and 7). */
export const earningRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/watch-time/status',
    call: (c) => c.earning.watchTimeStatus(),
    doc: {
      summary: "Watch-time service state, settings, today's statistics (UTC) and where viewers are read from",
      tag: 'Earning',
      access: 'admin',
      response: ZWatchTimeStatus,
      description:
        'mode: real (the broadcaster authorized Twitch; chatters are read while live), simulated (not authorized, outside production: every linked viewer counts) or unavailable (production without authorization: nothing is paid; modeReason says why).',
    },
  },
  {
    method: 'GET',
    url: '/api/admin/watch-time/rewards',
    call: (c) => c.earning.watchTimeRewards(),
    doc: {
      summary: 'The 10 most recent watch-time rewards, newest first',
      tag: 'Earning',
      access: 'admin',
      response: z.array(ZWatchTimeReward),
    },
  },
  {
    method: 'PUT',
    url: '/api/admin/watch-time/settings',
    call: (c, req) => c.earning.updateWatchTimeSettings(unchecked<TWatchTimeSettingsUpdate>(req.body)),
    doc: {
      summary: 'Change watch-time settings: only the changed fields among enabled, rewardInterval, coinsPerInterval',
      tag: 'Earning',
      access: 'admin',
      body: ZWatchTimeSettingsUpdate,
      response: ZWatchTimeSettings,
    },
  },
  {
    method: 'GET',
    url: '/api/admin/streamerbot/config',
    call: (c) => c.earning.streamerbotConfig(),
    doc: {
      summary: 'The Streamer.bot webhook URL, whether a secret is set, the conversion settings and required headers',
      tag: 'Earning',
      access: 'admin',
      response: ZStreamerbotConfig,
    },
  },
  {
    method: 'POST',
    url: '/api/admin/streamerbot/regenerate-secret',
    call: (c) => c.earning.regenerateStreamerbotSecret(),
    doc: {
      summary: 'Generate a new Streamer.bot secret (64 hex), returned once; the old one stops working at once',
      tag: 'Earning',
      access: 'admin',
      response: ZStreamerbotSecret,
      description:
        'Stored encrypted (SECRETS_KEY). 409 while STREAMERBOT_WEBHOOK_SECRET is set (the environment wins); 503 in production without SECRETS_KEY.',
      errors: [409, 503],
    },
  },
];
