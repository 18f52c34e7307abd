import type { TOverlayAlert } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { applyEffectAlert, effectOf, stillRunning, timeLeft } from './running-effects';

const alert = (event: 'started' | 'stopped', triggerId = 7, alertId = `a${event}`): TOverlayAlert => ({
  type: 'overlay_alert',
  alertId,
  viewer: 'Ann',
  actionName: 'Invert Controls',
  imageUrl: null,
  cost: 10,
  effect: { event, durationSeconds: 30, triggerId },
  timestamp: '2026-11-28T00:00:00.000Z',
});

describe('the overlay running effects', () => {
  it('counts a start down from its duration, once per trigger, and a stop ends it early', () => {
    const started = applyEffectAlert([], alert('started'), 1_000);
    expect(started).toEqual([{ key: 'trigger-7', actionName: 'Invert Controls', viewer: 'Ann', endsAt: 31_000 }]);
    expect(applyEffectAlert(started, alert('started', 7, 'another-target'), 5_000)).toEqual(started);
    expect(applyEffectAlert(started, alert('stopped'), 2_000)).toEqual([]);
    expect(stillRunning(started, 31_000)).toEqual([]);
  });
  it('words the time left and reads only a well-formed effect', () => {
    expect(timeLeft(31_000, 1_000)).toBe('0:30');
    expect(timeLeft(66_500, 1_000)).toBe('1:06');
    expect(timeLeft(0, 1_000)).toBe('0:00');
    expect(effectOf({ effect: { event: 'started', durationSeconds: 5, triggerId: 3 } })).toEqual({
      event: 'started',
      durationSeconds: 5,
      triggerId: 3,
    });
    expect(effectOf({ effect: { event: 'boom', durationSeconds: 5 } })).toBeUndefined();
    expect(effectOf({})).toBeUndefined();
  });
});
