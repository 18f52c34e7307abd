import { listDeliveries } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { type RconStandIn, startRconStandIn } from '@shop/dispatch/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, recordEvents, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp } from './helpers';

// Production runs the game-server connections on their own thread (DELIVERY_THREAD, on by default);
// the other delivery tests keep them on the main thread. This one runs the real thread.
describe.each(testDialects())('deliveries through the dispatcher thread on %s', (dialect) => {
  let t: TestApp;
  let rcon: RconStandIn;

  beforeEach(async () => {
    rcon = await startRconStandIn({ password: 'pw' });
    t = await createTestApp(dialect, { delivery: { autoStart: true, timeoutMs: 5_000, thread: true } });
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
    await rcon.close();
  });

  it('sends every trigger to the game over one kept connection and records each', async () => {
    const endpointId = await addEndpoint(t, rcon.url, 'minecraft', 'mc', 'pw');
    const actionId = await addAction(t, {
      name: 'Creeper',
      gameType: 'minecraft',
      cost: 1,
      webhookAction: 'say {username}',
    });
    const viewers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => viewerWithCoins(t, `thread_viewer_${i}`, 100)),
    );
    const log = recordEvents({ worker: t.services.deliveryWorker });
    const historyIds: number[] = [];
    for (let round = 0; round < 4; round++) {
      const replies = await Promise.all(viewers.map((v) => trigger(t, v.cookie, actionId)));
      for (const reply of replies) {
        expect(reply.statusCode, reply.body).toBe(200);
        historyIds.push(reply.json().historyId);
      }
    }
    await log.waitFor((e) => e.type === 'recorded', historyIds.length);
    expect(
      log.events.filter((e) => e.type === 'recorded').every((e) => e.type === 'recorded' && e.status === 'delivered'),
    ).toBe(true);
    expect(rcon.commands.sort()).toEqual(viewers.flatMap((_, i) => Array(4).fill(`say thread_viewer_${i}`)).sort());
    for (const historyId of historyIds) {
      const [delivery] = await listDeliveries(t.db.kysely, historyId);
      expect(delivery).toMatchObject({ endpoint_id: endpointId, status: 'delivered' });
    }
    // One login: the thread kept the connection open for all twenty commands.
    expect(rcon.logins).toBe(1);
    expect(t.services.dispatcher.stats().rcon.opened).toBe(1);
  });
});
