import { describe, expect, it } from 'vitest';
import { ZStreamActionInput } from './action-schemas';
import { ZProfileUpdate } from './auth-schemas';
import { ZCoinPackageInput } from './coins';
import { isHttpUrl } from './validation';

describe('isHttpUrl', () => {
  it('takes absolute http and https links only', () => {
    expect(isHttpUrl('https://img.example/a.png')).toBe(true);
    expect(isHttpUrl('http://img.example:8080/a.png?x=1')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/png;base64,AA',
      '//img.example/a.png',
    ]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
    expect(isHttpUrl('/a.png')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });
});

describe('image links in the shared schemas', () => {
  it('keep empty and null meaning none, and name the field in the message', () => {
    const base = { name: 'A', description: 'd', webhookAction: 'w' };
    expect(ZStreamActionInput.parse({ ...base, imageUrl: '' }).imageUrl).toBe('');
    expect(ZStreamActionInput.parse({ ...base, imageUrl: null }).imageUrl).toBeNull();
    const bad = ZStreamActionInput.safeParse({ ...base, imageUrl: ' javascript:alert(1) ' });
    expect(bad.error?.issues[0]?.message).toBe('Image URL must start with https:// or http://');
    expect(ZProfileUpdate.safeParse({ profilePicture: 'data:x' }).error?.issues[0]?.message).toBe(
      'Profile picture must start with https:// or http://',
    );
    expect(ZProfileUpdate.parse({ profilePicture: '' })).toEqual({ profilePicture: '' });
  });

  it('bound action costs and package sizes', () => {
    const base = { name: 'A', description: 'd', webhookAction: 'w' };
    expect(ZStreamActionInput.safeParse({ ...base, cost: 1_000_000 }).success).toBe(true);
    expect(ZStreamActionInput.safeParse({ ...base, cost: 1_000_001 }).success).toBe(false);
    expect(ZCoinPackageInput.safeParse({ name: 'P', amount: 1_000_001, price: 1 }).success).toBe(false);
    expect(ZCoinPackageInput.safeParse({ name: 'P', amount: 1, price: 10_000_001 }).success).toBe(false);
    expect(ZCoinPackageInput.safeParse({ name: 'P', amount: 1_000_000, price: 10_000_000 }).success).toBe(true);
  });
});
