import type { TOverlayAlert } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ackFrame, dropShown, EMPTY_QUEUE, enqueueAlert, overlaySocketUrl, parseOverlayAlert } from './overlay-alerts';

const alert: TOverlayAlert = {
  type: 'overlay_alert',
  alertId: 'a1',
  viewer: 'The Viewer',
  actionName: 'Airhorn',
  imageUrl: null,
  cost: 50,
  timestamp: '2026-11-23T12:00:00.000Z',
};

describe('parseOverlayAlert', () => {
  it('reads an alert and nothing else', () => {
    expect(parseOverlayAlert(JSON.stringify(alert))).toEqual(alert);
    expect(parseOverlayAlert(JSON.stringify({ ...alert, imageUrl: '/img/x.png' }))?.imageUrl).toBe('/img/x.png');
    expect(parseOverlayAlert(JSON.stringify({ ...alert, cost: '50' }))).toBeNull();
    expect(parseOverlayAlert(JSON.stringify({ type: 'action_triggered' }))).toBeNull();
    expect(parseOverlayAlert('{')).toBeNull();
  });
});

describe('the alert queue', () => {
  it('shows alerts one at a time, in arrival order', () => {
    const b = { ...alert, alertId: 'b2', actionName: 'Confetti' };
    const both = enqueueAlert(enqueueAlert(EMPTY_QUEUE, alert), b);
    expect(both.queue.map((a) => a.alertId)).toEqual(['a1', 'b2']);
    expect(dropShown(both).queue.map((a) => a.alertId)).toEqual(['b2']);
  });

  it('shows a re-sent alert once, even after it left the screen', () => {
    const once = enqueueAlert(EMPTY_QUEUE, alert);
    expect(enqueueAlert(once, { ...alert })).toBe(once);
    expect(enqueueAlert(dropShown(once), { ...alert }).queue).toEqual([]);
  });
});

describe('the socket', () => {
  it('uses the page token and scheme', () => {
    expect(overlaySocketUrl({ protocol: 'https:', host: 'shop.example' }, 'ab/c')).toBe(
      'wss://shop.example/ws/overlay?token=ab%2Fc',
    );
    expect(overlaySocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, 'tok')).toBe(
      'ws://127.0.0.1:3000/ws/overlay?token=tok',
    );
    expect(JSON.parse(ackFrame('a1'))).toEqual({ type: 'overlay_ack', alertId: 'a1' });
  });
});
