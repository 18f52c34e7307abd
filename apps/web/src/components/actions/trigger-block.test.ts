import { describe, expect, it } from 'vitest';
import { triggerBlock } from './trigger-block';

const open = { paused: false, stockLeft: null, limitLeft: null, cooldownSecondsLeft: 0, tooPoor: false };

describe('triggerBlock', () => {
  it('lets an unlimited, affordable action be triggered', () => {
    expect(triggerBlock(open)).toBeNull();
    expect(triggerBlock({ ...open, stockLeft: 1, limitLeft: 1 })).toBeNull();
  });

  it('says sold out and limit reached before a cooldown or the balance', () => {
    const everything = { ...open, stockLeft: 0, limitLeft: 0, cooldownSecondsLeft: 30, tooPoor: true };
    expect(triggerBlock(everything)).toBe('soldOut');
    expect(triggerBlock({ ...everything, stockLeft: 5 })).toBe('limit');
    expect(triggerBlock({ ...everything, stockLeft: 5, limitLeft: 2 })).toBe('cooldown');
    expect(triggerBlock({ ...open, tooPoor: true })).toBe('poor');
  });

  it('puts a pause above all', () => {
    expect(triggerBlock({ ...open, paused: true, stockLeft: 0 })).toBe('paused');
  });
});
