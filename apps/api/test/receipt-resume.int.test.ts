import { findHistory } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TRealtimeMessage } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp } from './helpers';
import { closeAll, listen, settle, until } from './live-helpers';

type Receipt = Extract<TRealtimeMessage, { type: 'action_status' }>;
const receipts = (messages: TRealtimeMessage[]) => messages.filter((m): m is Receipt => m.type === 'action_status');

describe.each(testDialects())('a reconnecting socket resumes its receipts on %s', (dialect) => {
  let t: TestApp;
  let socketUrl: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { delivery: { autoStart: false, timeoutMs: 2_000 } });
    socketUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  it('hears how the triggers it missed ended, and only its own', async () => {
    // Nothing listens on port 9: every try fails and the trigger ends refunded.
    await addEndpoint(t, 'http://127.0.0.1:9/down', 'other');
    const action = await addAction(t, { name: 'Missed', gameType: 'any', cost: 4 });
    const viewer = await viewerWithCoins(t, 'resumer', 50);
    const other = await viewerWithCoins(t, 'bystander', 50);
    const heardAt = t.clock.now();
    const res = await trigger(t, viewer.cookie, action);
    expect(res.statusCode).toBe(200);
    const { historyId } = res.json() as { historyId: number };
    expect((await trigger(t, other.cookie, action)).statusCode).toBe(200);
    // Settled while the viewer had no socket open: the refund receipt went nowhere.
    await until(async () => {
      t.clock.advance(120_000);
      await t.services.deliveryWorker.runOnce();
      return (await findHistory(t.db.kysely, historyId))?.refunded === 1;
    });

    const plain = await listen(socketUrl, viewer.cookie);
    const resumed = await listen(`${socketUrl}?since=${heardAt}`, viewer.cookie);
    await until(() => receipts(resumed.messages).length >= 1);
    expect(receipts(resumed.messages)).toEqual([
      expect.objectContaining({ historyId, status: 'refunded', refundedCoins: 4, actionName: 'Missed' }),
    ]);
    expect(JSON.stringify(resumed.messages)).not.toContain('userId');
    // A first connection (no since) gets no replay; an anonymous socket never does. Neither decision
    // waits on anything, so once a later public event has arrived, no receipt is coming.
    const anonymous = await listen(`${socketUrl}?since=${heardAt}`);
    await settle(t, [plain, anonymous], 'after-connect');
    expect(receipts(plain.messages)).toEqual([]);
    expect(receipts(anonymous.messages)).toEqual([]);
    closeAll(plain, resumed, anonymous);
  });

  it('ignores a since that is not a time', async () => {
    const viewer = await viewerWithCoins(t, 'oddone', 0);
    const odd = await listen(`${socketUrl}?since=yesterday`, viewer.cookie);
    expect(odd.ws.readyState).toBe(odd.ws.OPEN);
    closeAll(odd);
  });
});
