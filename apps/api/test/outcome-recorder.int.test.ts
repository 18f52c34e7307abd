import { type DeliveryOutcome, findHistory, findUserById, listDeliveries } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDeliveries } from '../src/delivery/claim';
import { OutcomeRecorder } from '../src/delivery/outcome-recorder';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp } from './helpers';

describe.each(testDialects())('outcomes written together on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(dialect, { delivery: { autoStart: false, timeoutMs: 5_000 } });
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  it('settles and refunds each trigger by its own outcome, and one broken outcome holds back none of the others', async () => {
    await addEndpoint(t, 'http://127.0.0.1:9/unused', 'other');
    const action = await addAction(t, { name: 'Batch', gameType: 'any', cost: 5 });
    const viewer = await viewerWithCoins(t, 'batched', 100);
    for (let i = 0; i < 6; i++) expect((await trigger(t, viewer.cookie, action)).statusCode).toBe(200);
    const now = t.clock.now();
    const rows = await claimDeliveries(t.db, now, 10, 60_000);
    expect(rows).toHaveLength(6);
    const outcomeFor = (i: number): DeliveryOutcome =>
      i === 5
        ? // A response that is not text makes this outcome's write throw.
          ({ status: 'delivered', response: undefined, attempts: 1, now } as unknown as DeliveryOutcome)
        : i % 2 === 0
          ? { status: 'delivered', response: 'ok', attempts: 1, now }
          : { status: 'failed', error: 'gone', attempts: 1, now };

    const recorder = new OutcomeRecorder(t.db, t.services.outcomeHooks);
    const results = await Promise.allSettled(rows.map((row, i) => recorder.record(row, outcomeFor(i))));

    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    const settled = results.slice(0, 5).map((r) => (r.status === 'fulfilled' ? r.value.settlement : null));
    expect(settled.map((s) => [s?.success, s?.refunded])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
      [true, false],
    ]);
    // The broken one wrote nothing and keeps its lease: it is sent again once that lapses.
    const broken = rows[5];
    const [left] = await listDeliveries(t.db.kysely, broken?.history_id ?? 0);
    expect(left).toMatchObject({ status: 'in_flight', lease_token: broken?.lease_token });
    expect((await findHistory(t.db.kysely, broken?.history_id ?? 0))?.success).toBeNull();
    // Two refunds of 5 coins: 100 - 6 * 5 + 2 * 5.
    expect(Number((await findUserById(t.db.kysely, viewer.id))?.coin_balance)).toBe(80);
  });
});
