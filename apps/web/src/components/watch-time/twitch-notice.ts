/** What the Twitch authorization round trip left in the page address (`?twitch=...&reason=...`). */
export interface TwitchNotice {
  color: 'green' | 'red' | 'yellow';
  title: string;
  message: string;
}

/**
 * The server's callback sends the admin back to /admin/watch-time with `twitch=connected`,
 * `twitch=error&reason=...` or `twitch=not-configured`; anything else is ignored.
 */
export function twitchNotice(params: URLSearchParams): TwitchNotice | null {
  const outcome = params.get('twitch');
  if (outcome === 'connected') {
    return {
      color: 'green',
      title: 'Twitch connected',
      message: 'The shop can now read who is watching your channel; rewards use real viewer data.',
    };
  }
  if (outcome === 'error') {
    const reason = params.get('reason')?.trim();
    return {
      color: 'red',
      title: 'Twitch authorization failed',
      message: `${reason ? `${reason.slice(0, 300)}. ` : ''}Nothing was stored; you can try the authorize link again.`,
    };
  }
  if (outcome === 'not-configured') {
    return {
      color: 'yellow',
      title: 'Twitch is not configured',
      message:
        'The server has no Twitch application credentials (TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET), so it cannot ask Twitch for authorization.',
    };
  }
  return null;
}
