import { z } from 'zod';
import type { PlainRouteDoc } from '../openapi/plain-route-doc';
import { TWITCH_AUTH_PATH, TWITCH_CALLBACK_PATH, TWITCH_VERIFY_PATH } from './oauth';

/** The reference's entries for the Twitch authorization-code flows (oauth-routes.ts); each answers a 302. */
export const twitchOAuthDocs: PlainRouteDoc[] = [
  {
    method: 'GET',
    path: TWITCH_AUTH_PATH,
    summary: 'Start the broadcaster’s Twitch authorization (redirects to Twitch, scope moderator:read:chatters)',
    tag: 'Earning',
    access: 'admin',
    description:
      'A link for the admin’s browser. 302 to Twitch’s authorize page with a state bound to this session (10 minutes, ' +
      'single use); 302 to /admin/watch-time?twitch=not-configured without TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET.',
    redirect: 'To Twitch’s authorize page, or back to /admin/watch-time with the reason it cannot start',
  },
  {
    method: 'GET',
    path: TWITCH_VERIFY_PATH,
    summary: 'Start ‘Verify with Twitch’: prove the linked Twitch account (redirects to Twitch, no scope)',
    tag: 'Accounts',
    access: 'signed-in',
    description:
      'A link for the viewer’s browser. 302 to Twitch’s authorize page with a state bound to this session (10 minutes, ' +
      'single use); 302 to /dashboard?twitch=not-configured without TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET. ' +
      'Watch-time rewards and channel-point conversions are paid to verified accounts only.',
    redirect: 'To Twitch’s authorize page, or back to /dashboard when Twitch is not configured',
  },
  {
    method: 'GET',
    path: TWITCH_CALLBACK_PATH,
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
    redirect: 'Back to /admin/watch-time or /dashboard with twitch=connected, verified or error and a reason',
    errors: [400, 401, 403],
  },
];
