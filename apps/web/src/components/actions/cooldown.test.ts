import { describe, expect, it } from 'vitest';
import { cooldownSecondsLeft } from './cooldown';

describe('cooldownSecondsLeft', () => {
  it('lets the first refresh through', () => {
    expect(cooldownSecondsLeft(null, 1_000, 5_000)).toBe(0);
  });

  it('rounds the wait up to whole seconds', () => {
    expect(cooldownSecondsLeft(10_000, 10_000, 5_000)).toBe(5);
    expect(cooldownSecondsLeft(10_000, 11_200, 5_000)).toBe(4);
    expect(cooldownSecondsLeft(10_000, 14_999, 5_000)).toBe(1);
  });

  it('is over once the cooldown has passed', () => {
    expect(cooldownSecondsLeft(10_000, 15_000, 5_000)).toBe(0);
  });
});
