import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sendHttpWebhook } from './http-webhook';
import { closedPort, startSilentServer, startWebhookStandIn, type WebhookStandIn } from './testing';
import type { DeliveryPayload } from './types';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const payload: DeliveryPayload = {
  deliveryId: 'dlv_42_1',
  command: 'inventory.giveto 76561198000000000 wood 1000',
  action: { id: 7, name: 'Wood pack', webhookAction: 'inventory.giveto {target} wood 1000', fields: null },
  viewer: { id: 3, username: 'alice_tv', displayName: 'Alice' },
  target: '76561198000000000',
  triggerId: 42,
  isTest: false,
};
/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };
/** For servers that never answer in time: the attempt times out whatever the machine's load. */
const short = { timeoutMs: 300 };

let server: WebhookStandIn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('sendHttpWebhook', () => {
  it('posts a signed JSON body that the receiver can verify', async () => {
    server = await startWebhookStandIn({ responseBody: 'queued' });
    const now = () => 1_700_000_000_123;
    const result = await sendHttpWebhook({ url: server.url, secret: SECRET }, payload, { ...generous, now });

    expect(result).toEqual({ ok: true, response: 'queued', durationMs: 0 });
    expect(server.received).toHaveLength(1);
    const request = server.received[0];
    if (!request) throw new Error('no request');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/hooks/shop');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe('dlv_42_1');
    expect(request.headers['webhook-timestamp']).toBe('1700000000');
    expect(JSON.parse(request.body)).toEqual({
      type: 'action.triggered',
      deliveryId: 'dlv_42_1',
      command: 'inventory.giveto 76561198000000000 wood 1000',
      action: payload.action,
      viewer: payload.viewer,
      target: '76561198000000000',
      triggerId: 42,
      timestamp: '2023-11-14T22:13:20.123Z',
    });

    // Verify as a receiver would, independently of signWebhook.
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
    const expected = createHmac('sha256', key).update(signed).digest('base64');
    expect(request.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.stringify(request.headers)).not.toContain(SECRET);
  });

  it('marks test deliveries as action.tested', async () => {
    server = await startWebhookStandIn();
    const result = await sendHttpWebhook({ url: server.url, secret: 'plain' }, { ...payload, isTest: true }, generous);
    expect(result.ok).toBe(true);
    expect(JSON.parse(server.received[0]?.body ?? '{}').type).toBe('action.tested');
  });

  it('truncates a long response to 2000 characters', async () => {
    server = await startWebhookStandIn({ responseBody: 'x'.repeat(5000) });
    const result = await sendHttpWebhook({ url: server.url, secret: 'whsec_c2VjcmV0LWtleQ==' }, payload, generous);
    expect(result.ok && result.response.length).toBe(2000);
  });

  it('succeeds when the receiver is slow but within the timeout', async () => {
    server = await startWebhookStandIn({ delayMs: 100 });
    const result = await sendHttpWebhook({ url: server.url, secret: 'whsec_c2VjcmV0LWtleQ==' }, payload, generous);
    expect(result).toMatchObject({ ok: true, response: 'ok' });
  });

  it('times out as retryable when the receiver does not answer within the timeout', async () => {
    server = await startWebhookStandIn({ delayMs: 60_000 });
    const result = await sendHttpWebhook({ url: server.url, secret: 'whsec_c2VjcmV0LWtleQ==' }, payload, short);
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'Webhook timed out after 300 ms' });
    expect(server.received).toHaveLength(1);
  });

  it('treats 500 as retryable', async () => {
    server = await startWebhookStandIn({ status: 500 });
    const result = await sendHttpWebhook({ url: server.url, secret: 'whsec_c2VjcmV0LWtleQ==' }, payload, generous);
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'HTTP 500: status 500' });
  });

  it('treats 429 as retryable', async () => {
    server = await startWebhookStandIn({ status: 429 });
    const result = await sendHttpWebhook({ url: server.url, secret: 'whsec_c2VjcmV0LWtleQ==' }, payload, generous);
    expect(result).toMatchObject({ ok: false, retryable: true });
  });

  it('treats 400 as not retryable', async () => {
    server = await startWebhookStandIn({ status: 400, responseBody: 'bad signature' });
    const result = await sendHttpWebhook({ url: server.url, secret: 'whsec_c2VjcmV0LWtleQ==' }, payload, generous);
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'HTTP 400: bad signature' });
  });

  it('reports a refused connection as retryable', async () => {
    const port = await closedPort();
    const result = await sendHttpWebhook(
      { url: `http://127.0.0.1:${port}/`, secret: 'whsec_c2VjcmV0LWtleQ==' },
      payload,
      generous,
    );
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'Webhook connection refused' });
  });

  it('never puts the secret in an error', async () => {
    const secret = 'sup3r-s3cret';
    server = await startWebhookStandIn({ status: 401, responseBody: `unknown key ${secret}` });
    const result = await sendHttpWebhook({ url: server.url, secret }, payload, generous);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('times out as retryable when the server accepts the connection and never answers', async () => {
    const silent = await startSilentServer();
    try {
      const result = await sendHttpWebhook(
        { url: `http://127.0.0.1:${silent.port}/`, secret: 'whsec_c2VjcmV0LWtleQ==' },
        payload,
        short,
      );
      expect(result).toMatchObject({ ok: false, retryable: true, error: 'Webhook timed out after 300 ms' });
    } finally {
      await silent.close();
    }
  });
});
