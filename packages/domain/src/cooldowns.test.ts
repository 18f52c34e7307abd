import { describe, expect, it } from 'vitest';
import { ZCooldownFields } from './cooldown-schemas';
import { cooldownEndsAt, cooldownMessage, secondsLeft } from './cooldowns';

describe('cooldowns', () => {
  it('runs from the last trigger for its length, and not at all when 0', () => {
    expect(cooldownEndsAt(1_000, 60, 30_000)).toBe(61_000);
    expect(cooldownEndsAt(1_000, 60, 61_000)).toBeNull();
    expect(cooldownEndsAt(1_000, 0, 1_000)).toBeNull();
    expect(cooldownEndsAt(null, 60, 1_000)).toBeNull();
  });

  it('rounds the seconds left up and words them', () => {
    expect(secondsLeft(61_000, 45_600)).toBe(16);
    expect(secondsLeft(61_000, 60_999)).toBe(1);
    expect(cooldownMessage(15)).toBe('This action is cooling down. Try again in 15 seconds.');
    expect(cooldownMessage(1)).toBe('This action is cooling down. Try again in 1 second.');
  });

  it('takes whole seconds from 0 to one day', () => {
    expect(ZCooldownFields.safeParse({ cooldownSeconds: 86_400, userCooldownSeconds: 0 }).success).toBe(true);
    expect(
      ZCooldownFields.safeParse({ cooldownSeconds: 86_401, userCooldownSeconds: 0 }).error?.issues[0]?.message,
    ).toBe('Cooldown must be at most 86400 seconds (one day)');
  });
});
