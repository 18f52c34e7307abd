import { MASKED_SECRET, type TWebhookEndpoint, ZWebhookEndpointInput } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { webhookFormValues, webhookPayload } from './webhook-form';

const overlay: TWebhookEndpoint = {
  id: 4,
  url: 'overlay://stream',
  secretKey: '',
  hasSecret: false,
  description: 'Stream overlay',
  gameType: 'other',
  active: true,
  overlayUrl: 'https://shop.example/overlay/tok',
  showUpNext: true,
};

describe('the webhook form', () => {
  it('starts from the endpoint, or off for a new one', () => {
    expect(webhookFormValues(overlay)).toMatchObject({ url: 'overlay://stream', secretKey: '', showUpNext: true });
    expect(webhookFormValues({ ...overlay, url: 'https://x.example/h', hasSecret: true })).toMatchObject({
      secretKey: MASKED_SECRET,
    });
    expect(webhookFormValues(null)).toEqual({
      url: '',
      secretKey: '',
      description: '',
      gameType: 'other',
      active: true,
      showUpNext: false,
    });
  });

  it('sends Show "Up next" for an overlay only, so a switch left on cannot block a webhook', () => {
    const values = { ...webhookFormValues(overlay), url: ' overlay://stream ' };
    expect(webhookPayload(values)).toMatchObject({ url: 'overlay://stream', showUpNext: true });
    const webhook = { ...values, url: 'https://x.example/hook', secretKey: 's3cret' };
    expect(webhookPayload(webhook)).toMatchObject({ showUpNext: false });
    expect(ZWebhookEndpointInput.safeParse(webhookPayload(webhook)).success).toBe(true);
    // The API's own rule, had the switch been sent.
    const refused = ZWebhookEndpointInput.safeParse({ ...webhookPayload(webhook), showUpNext: true });
    expect(refused.error?.issues[0]?.message).toBe('Show "Up next" is only for overlay:// endpoints');
  });
});
