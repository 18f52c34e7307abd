import { TWITCH_VERIFY_MSG } from '@shop/domain';
import type { TwitchNotice } from '../watch-time/twitch-notice';

/**
 * What 'Verify with Twitch' left in the dashboard's address: the server's callback sends the viewer
 * back to /dashboard with `twitch=verified&login=...`, `twitch=error&reason=...` or
 * `twitch=not-configured`; anything else is ignored.
 */
export function twitchVerifyNotice(params: URLSearchParams): TwitchNotice | null {
  const outcome = params.get('twitch');
  if (outcome === 'verified') {
    const login = params.get('login')?.trim().slice(0, 25);
    return {
      color: 'green',
      title: TWITCH_VERIFY_MSG.verified,
      message: `${login ? `@${login} is now proven to be yours. ` : ''}You earn coins while you watch, and channel points turn into coins.`,
    };
  }
  if (outcome === 'error') {
    const reason = params.get('reason')?.trim().slice(0, 300);
    return {
      color: 'red',
      title: 'Twitch verification failed',
      message: `${reason ? `${reason}. ` : ''}Nothing was changed; you can try again.`,
    };
  }
  if (outcome === 'not-configured') {
    return {
      color: 'yellow',
      title: 'Verification is not available',
      message: 'The streamer has not connected the shop to Twitch yet, so Twitch accounts cannot be verified.',
    };
  }
  return null;
}
