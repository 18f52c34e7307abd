import { describe, expect, it } from 'vitest';
import { createDispatcher } from './dispatcher';
import { DeliveryFailure } from './failure';
import { NO_OVERLAY_OPEN, type OverlayAlert, type OverlayChannel, overlayName } from './overlay';
import type { DeliveryPayload } from './types';

const payload: DeliveryPayload = {
  deliveryId: 'delivery_7',
  command: 'say hi',
  action: {
    id: 3,
    name: 'Air Horn',
    webhookAction: 'say hi',
    fields: null,
    imageUrl: 'https://img.example/h.png',
    cost: 20,
  },
  viewer: { id: 1, username: 'fan', displayName: 'Big Fan' },
  target: null,
  triggerId: 9,
  isTest: false,
};

/** An in-memory overlay: it answers each alert as told (ack, refuse, or stay silent). */
function channel(answer: 'ack' | 'none-open' | 'silent') {
  const shown: { name: string; alert: OverlayAlert }[] = [];
  const overlay: OverlayChannel = {
    show: (name, alert, signal) => {
      shown.push({ name, alert });
      if (answer === 'ack') return Promise.resolve();
      if (answer === 'none-open') return Promise.reject(new DeliveryFailure(NO_OVERLAY_OPEN, true));
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  };
  return { overlay, shown };
}

describe('the overlay transport', () => {
  it('names the overlay by the URL host', () => {
    expect(overlayName('overlay://Stream')).toBe('stream');
    expect(overlayName('not a url')).toBe('');
  });

  it('is delivered once an overlay acknowledges, with what the alert shows', async () => {
    const { overlay, shown } = channel('ack');
    const result = await createDispatcher({ overlay }).deliver({ url: 'overlay://stream', secret: '' }, payload);
    expect(result).toMatchObject({ ok: true, response: 'Shown on the overlay' });
    expect(shown).toEqual([
      {
        name: 'stream',
        alert: {
          alertId: 'delivery_7',
          viewer: 'Big Fan',
          actionName: 'Air Horn',
          imageUrl: 'https://img.example/h.png',
          cost: 20,
        },
      },
    ]);
  });

  it('fails retryably with no overlay open, and when none acknowledges in time', async () => {
    const closed = channel('none-open');
    expect(
      await createDispatcher({ overlay: closed.overlay }).deliver({ url: 'overlay://stream', secret: '' }, payload),
    ).toMatchObject({ ok: false, error: NO_OVERLAY_OPEN, retryable: true });
    const silent = channel('silent');
    expect(
      await createDispatcher({ overlay: silent.overlay }).deliver({ url: 'overlay://stream', secret: '' }, payload, {
        timeoutMs: 50,
      }),
    ).toMatchObject({ ok: false, error: 'Overlay timed out after 50 ms', retryable: true });
  });

  it('cannot reach an overlay without the api channel', async () => {
    expect(await createDispatcher().deliver({ url: 'overlay://stream', secret: '' }, payload)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });
});
