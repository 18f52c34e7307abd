import { describe, expect, it } from 'vitest';
import { twitchNotice } from './twitch-notice';

describe('twitchNotice', () => {
  it('confirms a finished authorization', () => {
    expect(twitchNotice(new URLSearchParams('twitch=connected'))?.title).toBe('Twitch connected');
  });

  it('shows the reason of a failure and says nothing was stored', () => {
    const notice = twitchNotice(new URLSearchParams('twitch=error&reason=access_denied'));
    expect(notice?.color).toBe('red');
    expect(notice?.message).toBe('access_denied. Nothing was stored; you can try the authorize link again.');
  });

  it('names the missing settings when Twitch is not configured', () => {
    expect(twitchNotice(new URLSearchParams('twitch=not-configured'))?.message).toContain('TWITCH_CLIENT_ID');
  });

  it('ignores other addresses', () => {
    expect(twitchNotice(new URLSearchParams(''))).toBeNull();
    expect(twitchNotice(new URLSearchParams('twitch=whatever'))).toBeNull();
  });
});
