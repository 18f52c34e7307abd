import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../endpoints';
import { toDeliveryDetail, toWebhookEndpoint } from './endpoint-view';
import { toFeedEvent } from './feed-view';
import { toHistoryRecord } from './history-view';
import { toTransaction } from './transaction-view';

const endpoint = {
  id: 3,
  url: 'overlay://main',
  secret_key: 'hunter2',
  description: 'Overlay',
  game_type: 'other',
  active: 1,
  overlay_token: 'tok',
  show_up_next: 1,
};

describe('views of stored rows', () => {
  it('masks a stored secret and makes the overlay URL absolute', () => {
    expect(toWebhookEndpoint(endpoint, 'https://shop.example')).toMatchObject({
      secretKey: MASKED_SECRET,
      hasSecret: true,
      active: true,
      overlayUrl: 'https://shop.example/overlay/tok',
      showUpNext: true,
    });
    expect(toWebhookEndpoint({ ...endpoint, secret_key: '', overlay_token: null })).toMatchObject({
      secretKey: '',
      hasSecret: false,
      overlayUrl: null,
      showUpNext: false,
    });
  });

  it('shows a transport label, never the URL, of a delivery target', () => {
    const detail = toDeliveryDetail({
      id: 1,
      endpoint_id: 2,
      status: 'queued',
      attempts: 1,
      last_error: 'timeout',
      response: null,
      next_attempt_at: 0,
      is_resend: 0,
      created_at: 0,
      updated_at: 0,
      description: 'Rust',
      url: 'webrcon://:secret@127.0.0.1:28016',
    });
    expect(JSON.stringify(detail)).not.toContain('secret');
    expect(detail.nextAttemptAt).toBe(new Date(0).toISOString());
  });

  it('derives the delivery state from the flags and the deliveries summary (MySQL counts as text)', () => {
    const row = {
      id: 9,
      created_at: 0,
      user_id: 1,
      action_name: 'Boom',
      cost: 5,
      username: 'ann',
      refunded: 0,
      is_test: 0,
      success: null,
      delivery_attempts: '2',
      delivery_retrying: '1',
    };
    expect(toHistoryRecord(row)).toMatchObject({ deliveryState: 'retrying', attempts: 2, success: null });
    expect(toHistoryRecord({ ...row, refunded: 1, success: 0 }).deliveryState).toBe('refunded');
  });

  it('gives an action ledger row its trigger delivery, and other rows none', () => {
    const base = { id: 4, type: 'action', amount: -5, description: 'Triggered Boom', created_at: 0 };
    const trigger = { id: 9, refunded: 0, is_test: 0, success: 1, delivery_attempts: 1, delivery_retrying: 0 };
    expect(toTransaction({ ...base, trigger }).delivery).toMatchObject({ historyId: 9, state: 'delivered' });
    expect(toTransaction({ ...base, trigger: null }).delivery).toBeNull();
    expect('delivery' in toTransaction({ ...base, type: 'purchase' })).toBe(false);
  });

  it('replays a test with no cost and its outcome, a trigger as accepted', () => {
    const row = {
      action_name: 'Boom',
      cost: 5,
      is_test: 1,
      success: 0,
      created_at: 0,
      username: 'admin',
      display_name: '',
    };
    expect(toFeedEvent(row)).toMatchObject({ type: 'action_tested', action: { cost: 0 }, success: false });
    expect(toFeedEvent({ ...row, is_test: 0, success: null })).toMatchObject({
      type: 'action_triggered',
      action: { cost: 5 },
      success: true,
      user: { displayName: null },
    });
  });
});
