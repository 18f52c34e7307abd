import { describe, expect, it } from 'vitest';
import { changedProfileFields, ZLinkTwitch, ZLogin, ZProfileUpdate, ZRegister, ZRegisterForm } from './auth-schemas';

const INVISIBLE = 'Names cannot contain invisible or control characters';
const MARKUP = 'Names cannot contain < or >';

/** The characters that let one viewer render as another, each inside an otherwise ordinary name. */
const sneaky: [string, string][] = [
  ['NUL', 'ali\u0000ce'],
  ['BEL', 'alice\u0007'],
  ['the right-to-left override', '\u202Eecila'],
  ['a zero-width space', 'ali\u200Bce'],
  ['a byte-order mark', '\uFEFFalice'],
];

/** Ordinary names from many scripts, with emoji; all must still be taken, unchanged. */
const ordinary = ['alice_tv', 'Zoë', 'Ελένη', 'Владимир', '山田太郎', 'محمد', 'Alice 🎮', '❤️ fan'];

function firstMessage(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('login', () => {
  it('requires a username and a password with the spec wording', () => {
    expect(firstMessage(ZLogin.safeParse({ username: '', password: 'x' }))).toBe('Username is required');
    expect(firstMessage(ZLogin.safeParse({ username: 'alice', password: '' }))).toBe('Password is required');
    expect(firstMessage(ZLogin.safeParse({ password: 'x' }))).toBe('Username is required');
    expect(ZLogin.safeParse({ username: 'alice', password: 'secret' }).success).toBe(true);
  });
});

describe('register', () => {
  it('takes usernames of 3 to 50 characters', () => {
    expect(firstMessage(ZRegister.safeParse({ username: 'ab', password: 'secret' }))).toBe(
      'Username must be at least 3 characters',
    );
    expect(firstMessage(ZRegister.safeParse({ username: 'a'.repeat(51), password: 'secret' }))).toBe(
      'Username must be less than 50 characters',
    );
    expect(ZRegister.safeParse({ username: 'abc', password: 'secret' }).success).toBe(true);
    expect(ZRegister.safeParse({ username: 'a'.repeat(50), password: 'secret' }).success).toBe(true);
  });

  it('takes passwords of 6 to 100 characters', () => {
    expect(firstMessage(ZRegister.safeParse({ username: 'alice', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(ZRegister.safeParse({ username: 'alice', password: 'x'.repeat(101) }))).toBe(
      'Password must be less than 100 characters',
    );
    expect(ZRegister.safeParse({ username: 'alice', password: 'x'.repeat(100) }).success).toBe(true);
  });

  it.each(sneaky)('refuses a username with %s and says why', (_name, username) => {
    const result = ZRegister.safeParse({ username, password: 'secret' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['username', INVISIBLE]]);
  });

  it('says why before saying too short', () => {
    expect(firstMessage(ZRegister.safeParse({ username: 'a\u0000', password: 'secret' }))).toBe(INVISIBLE);
  });

  it('refuses a username with markup', () => {
    expect(firstMessage(ZRegister.safeParse({ username: '<b>alice</b>', password: 'secret' }))).toBe(MARKUP);
  });

  it.each(ordinary)('takes the username %s', (username) => {
    expect(ZRegister.parse({ username, password: 'secret' }).username).toBe(username);
  });

  it('stores a username composed (NFC) and counts its length after composing', () => {
    expect(ZRegister.parse({ username: ' Zoe\u0308 ', password: 'secret' }).username).toBe('Zo\u00EB');
    // 'é' decomposed is 2 code units; composed, 50 of them fit the limit.
    expect(ZRegister.parse({ username: 'e\u0301'.repeat(50), password: 'secret' }).username).toBe('\u00E9'.repeat(50));
  });

  it('gives the form the same answer as the server', () => {
    const form = ZRegisterForm.safeParse({ username: 'ali\u200Bce', password: 'secret', confirmPassword: 'secret' });
    expect(firstMessage(form)).toBe(INVISIBLE);
  });

  it('asks for the confirmation and shows a mismatch on confirmPassword', () => {
    const missing = ZRegisterForm.safeParse({ username: 'alice', password: 'secret', confirmPassword: '' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Please confirm your password'],
    ]);
    const mismatch = ZRegisterForm.safeParse({ username: 'alice', password: 'secret', confirmPassword: 'secreT' });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });
});

describe('twitch linking', () => {
  it('trims and lowercases, and an empty string unlinks', () => {
    expect(ZLinkTwitch.parse({ twitchUsername: '  SomeStreamer ' })).toEqual({ twitchUsername: 'somestreamer' });
    expect(ZLinkTwitch.parse({ twitchUsername: '' })).toEqual({ twitchUsername: '' });
  });

  it('refuses a blank name', () => {
    expect(firstMessage(ZLinkTwitch.safeParse({ twitchUsername: '   ' }))).toBe(
      'Please enter a valid Twitch username.',
    );
  });

  it.each(sneaky)('refuses a name with %s and says why', (_name, twitchUsername) => {
    const result = ZLinkTwitch.safeParse({ twitchUsername });
    expect(result.error?.issues.map((i) => i.message)).toEqual([INVISIBLE]);
  });

  it('refuses a name with a zero-width character at the end, which trimming would have hidden', () => {
    expect(firstMessage(ZLinkTwitch.safeParse({ twitchUsername: 'streamer\uFEFF' }))).toBe(INVISIBLE);
  });

  it.each(['some-streamer', 'some.streamer', 'some streamer', '@streamer', 'strëamer', 'a'.repeat(26), '<b>x</b>'])(
    'refuses %s, which Twitch would not take as a login',
    (twitchUsername) => {
      expect(firstMessage(ZLinkTwitch.safeParse({ twitchUsername }))).toBe('Please enter a valid Twitch username.');
    },
  );

  it('takes what Twitch takes: letters, digits and underscore, 1 to 25', () => {
    expect(ZLinkTwitch.parse({ twitchUsername: 'Cool_Streamer_42' })).toEqual({ twitchUsername: 'cool_streamer_42' });
    expect(ZLinkTwitch.parse({ twitchUsername: 'x' })).toEqual({ twitchUsername: 'x' });
    expect(ZLinkTwitch.parse({ twitchUsername: 'A'.repeat(25) })).toEqual({ twitchUsername: 'a'.repeat(25) });
  });
});

describe('display name', () => {
  const displayName = (value: unknown) => ZProfileUpdate.safeParse({ displayName: value });

  it.each(sneaky)('refuses %s and says why', (_name, value) => {
    expect(displayName(value).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['displayName', INVISIBLE],
    ]);
  });

  it('refuses markup', () => {
    expect(firstMessage(displayName('<img src=x onerror=alert(1)>'))).toBe(MARKUP);
    expect(firstMessage(displayName('alice > bob'))).toBe(MARKUP);
  });

  it('composes a decomposed name (NFC) after trimming', () => {
    expect(ZProfileUpdate.parse({ displayName: '  Rene\u0301e  ' })).toEqual({ displayName: 'Ren\u00E9e' });
  });

  it.each(ordinary)('takes %s unchanged', (value) => {
    expect(ZProfileUpdate.parse({ displayName: value })).toEqual({ displayName: value });
  });

  it('still clears with null or an empty string and keeps the 50-character limit', () => {
    expect(ZProfileUpdate.parse({ displayName: null })).toEqual({ displayName: null });
    expect(ZProfileUpdate.parse({ displayName: '' })).toEqual({ displayName: '' });
    expect(displayName('x'.repeat(50)).success).toBe(true);
    expect(displayName('x'.repeat(51)).success).toBe(false);
  });
});

describe('profile changes', () => {
  it('sends only what changed', () => {
    const current = { displayName: 'Alice', profilePicture: null };
    expect(changedProfileFields(current, { displayName: 'Alice', profilePicture: '' })).toEqual({});
    expect(changedProfileFields(current, { displayName: 'Al', profilePicture: '' })).toEqual({ displayName: 'Al' });
    expect(changedProfileFields(current, { displayName: 'Alice', profilePicture: 'https://x/y.png' })).toEqual({
      profilePicture: 'https://x/y.png',
    });
  });
});
