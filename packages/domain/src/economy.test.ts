import { describe, expect, it } from 'vitest';
import { broadcastStart, surgePrice, surgeStepsNow } from './economy';

const rule = { percent: 20, decaySeconds: 100, maxMultiplier: 2 };

describe('surge pricing', () => {
  it('adds percent per step up to the cap, rounding to whole coins', () => {
    expect(surgePrice(50, rule, 0)).toBe(50);
    expect(surgePrice(50, rule, 1)).toBe(60);
    expect(surgePrice(7, rule, 1)).toBe(8);
    expect(surgePrice(50, rule, 5)).toBe(100);
    expect(surgePrice(50, rule, 50)).toBe(100);
    expect(surgePrice(50, { ...rule, percent: 0 }, 9)).toBe(50);
  });
  it('fades each step linearly over the decay, never below zero', () => {
    expect(surgeStepsNow(3, 0, 0, 100)).toBe(3);
    expect(surgeStepsNow(3, 0, 50_000, 100)).toBe(2.5);
    expect(surgeStepsNow(3, 0, 300_000, 100)).toBe(0);
    expect(surgeStepsNow(3, 0, 900_000, 100)).toBe(0);
    expect(surgeStepsNow(0, 0, 10, 100)).toBe(0);
  });
});

describe('broadcastStart', () => {
  it('is the stream start when known and past, else the start of the UTC day', () => {
    const now = Date.UTC(2026, 10, 28, 15, 30);
    expect(broadcastStart(Date.UTC(2026, 10, 28, 14), now)).toBe(Date.UTC(2026, 10, 28, 14));
    expect(broadcastStart(null, now)).toBe(Date.UTC(2026, 10, 28));
    expect(broadcastStart(now + 1, now)).toBe(Date.UTC(2026, 10, 28));
  });
});
