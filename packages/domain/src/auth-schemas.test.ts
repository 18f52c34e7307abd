import { describe, expect, it } from 'vitest';
import { changedProfileFields, ZLinkTwitch, ZLogin, ZRegister, ZRegisterForm } from './auth-schemas';

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
