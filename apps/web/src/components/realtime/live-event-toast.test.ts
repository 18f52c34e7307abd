import { describe, expect, it } from 'vitest';
import { liveEventToast } from './live-event-toast';
import type { ActivityMessage } from './realtime-messages';

const triggered: ActivityMessage = {
  type: 'action_triggered',
  action: { name: 'Air Horn', cost: 1500 },
  user: { username: 'fan', displayName: 'Big Fan' },
  timestamp: '2026-11-27T12:00:00.000Z',
  success: true,
};
const tested: ActivityMessage = { ...triggered, type: 'action_tested', action: { name: 'Creeper', cost: 0 } };

describe('liveEventToast (viewer-spec section 8)', () => {
  it("announces a trigger to everyone: 'Action triggered: {name}' / '{user} spent {cost} coins'", () => {
    expect(liveEventToast(triggered, false)).toEqual({
      title: 'Action triggered: Air Horn',
      message: 'Big Fan spent 1,500 coins',
      color: 'blue',
    });
    expect(liveEventToast({ ...triggered, user: { username: 'fan', displayName: null } }, false)?.message).toBe(
      'fan spent 1,500 coins',
    );
  });

  it("announces a test to admins only, with success or failure: 'Action tested'", () => {
    expect(liveEventToast(tested, false)).toBeNull();
    expect(liveEventToast(tested, true)).toEqual({
      title: 'Action tested',
      message: 'Big Fan tested Creeper: success',
      color: 'green',
    });
    expect(liveEventToast({ ...tested, success: false }, true)).toEqual({
      title: 'Action tested',
      message: 'Big Fan tested Creeper: failure',
      color: 'red',
    });
  });

  it('stays quiet about the backlog a new connection replays', () => {
    expect(liveEventToast({ ...triggered, replay: true }, false)).toBeNull();
    expect(liveEventToast({ ...tested, replay: true }, true)).toBeNull();
  });
});
