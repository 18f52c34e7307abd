import { afterEach, describe, expect, it } from 'vitest';
import { deliver, transportFor } from './deliver';
import { startRconStandIn, startWebhookStandIn, startWebRconStandIn } from './testing';
import type { DeliveryPayload } from './types';

const payload: DeliveryPayload = {
  deliveryId: 'dlv_9_1',
  command: 'say alice_tv bought Creeper',
  action: { id: 9, name: 'Creeper', webhookAction: 'say {username} bought {actionName}', fields: null },
  viewer: { id: 3, username: 'alice_tv', displayName: null },
  target: null,
  triggerId: 9,
  isTest: false,
};
/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('transportFor', () => {
  it('picks the transport by scheme', () => {
    expect(transportFor('https://example.com/hook')).toBe('http');
    expect(transportFor('http://127.0.0.1:8080')).toBe('http');
    expect(transportFor('rcon://mc.example.com:25575')).toBe('rcon');
    expect(transportFor('webrcon://rust.example.com:28016')).toBe('webrcon');
    expect(transportFor('ftp://example.com')).toBeNull();
    expect(transportFor('not a url')).toBeNull();
  });
});

describe('deliver', () => {
  it('routes to HTTP, RCON and WebRcon by the target URL', async () => {
    const hook = await startWebhookStandIn();
    const rcon = await startRconStandIn({ password: 'pw' });
    const webrcon = await startWebRconStandIn({ password: 'pw' });
    cleanups.push(hook.close, rcon.close, webrcon.close);

    expect(await deliver({ url: hook.url, secret: 'pw' }, payload, generous)).toMatchObject({ ok: true });
    expect(await deliver({ url: rcon.url, secret: 'pw' }, payload, generous)).toMatchObject({ ok: true });
    expect(await deliver({ url: webrcon.url, secret: 'pw' }, payload, generous)).toMatchObject({ ok: true });
    expect(hook.received).toHaveLength(1);
    expect(rcon.commands).toEqual(['say alice_tv bought Creeper']);
    expect(webrcon.commands).toEqual(['say alice_tv bought Creeper']);
  });

  it('refuses an unknown scheme without retrying', async () => {
    expect(await deliver({ url: 'mailto:admin@example.com', secret: 'x' }, payload, generous)).toMatchObject({
      ok: false,
      retryable: false,
    });
  });
});
