import type { DeliveryResult } from '@shop/dispatch';
import { RETRY_DELAYS_MS } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../src/delivery/outcome';
import { loadConfig } from '../src/env';

const failed: DeliveryResult = { ok: false, retryable: true, error: 'connect ECONNREFUSED', durationMs: 3 };

describe('delivery retry schedule (DELIVERY_RETRY_DELAYS_MS)', () => {
  it('defaults to 2 s, 10 s and 60 s', () => {
    expect(loadConfig({}).delivery.retryDelaysMs).toEqual([...RETRY_DELAYS_MS]);
  });

  it('schedules the next attempt from the configured delays, then fails for good', () => {
    const delays = loadConfig({ DELIVERY_RETRY_DELAYS_MS: '300, 400,500' }).delivery.retryDelaysMs;
    expect(outcomeOf(failed, 1, 1_000, delays)).toMatchObject({ status: 'queued', nextAttemptAt: 1_300 });
    expect(outcomeOf(failed, 3, 1_000, delays)).toMatchObject({ status: 'queued', nextAttemptAt: 1_500 });
    expect(outcomeOf(failed, 4, 1_000, delays)).toMatchObject({ status: 'failed' });
  });

  it('refuses a schedule of another length or out of range', () => {
    expect(() => loadConfig({ DELIVERY_RETRY_DELAYS_MS: '300,300' })).toThrow(/DELIVERY_RETRY_DELAYS_MS/);
    expect(() => loadConfig({ DELIVERY_RETRY_DELAYS_MS: '300,300,abc' })).toThrow(/DELIVERY_RETRY_DELAYS_MS/);
    expect(() => loadConfig({ DELIVERY_RETRY_DELAYS_MS: '10,300,300' })).toThrow(/DELIVERY_RETRY_DELAYS_MS/);
  });
});
