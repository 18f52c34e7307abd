import { describe, expect, it } from 'vitest';
import { twitchVerifyNotice } from './twitch-verify-notice';

describe('twitchVerifyNotice', () => {
  it('confirms a verified account by its login', () => {
    const notice = twitchVerifyNotice(new URLSearchParams('twitch=verified&login=truefan'));
    expect(notice).toMatchObject({ color: 'green', title: 'Twitch account verified' });
    expect(notice?.message).toContain('@truefan');
  });

  it('says why verification failed, and that nothing changed', () => {
    const notice = twitchVerifyNotice(
      new URLSearchParams('twitch=error&reason=This Twitch account is linked to another user'),
    );
    expect(notice?.color).toBe('red');
    expect(notice?.message).toBe(
      'This Twitch account is linked to another user. Nothing was changed; you can try again.',
    );
  });

  it('explains an unconfigured shop and ignores anything else', () => {
    expect(twitchVerifyNotice(new URLSearchParams('twitch=not-configured'))?.color).toBe('yellow');
    expect(twitchVerifyNotice(new URLSearchParams('twitch=connected'))).toBeNull();
    expect(twitchVerifyNotice(new URLSearchParams(''))).toBeNull();
  });
});
