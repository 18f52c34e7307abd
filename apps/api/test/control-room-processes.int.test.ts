import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TActionStatusMessage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, testConfig, testRedisUrl } from './helpers';
import { closeAll, listen, until } from './live-helpers';

/** A webhook target that holds every reply until `release`, and counts the sends it has open. */
async function slowTarget() {
  const open: (() => void)[] = [];
  const arrived: string[] = [];
  let most = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      arrived.push((JSON.parse(body) as { action: { name: string } }).action.name);
      open.push(() => res.end('ok'));
      most = Math.max(most, open.length);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrived,
    /** The most sends this target ever had open at once. */
    most: () => most,
    release: () => {
      for (const reply of open.splice(0)) reply();
    },
    close: async () => {
      for (const reply of open.splice(0)) reply();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.each(testDialects())('the control room across two api processes on %s', (dialect) => {
  const redisUrl = testRedisUrl();
  // Without Redis on a developer's machine the processes share no socket messages; CI always has it.
  const maybe = redisUrl ? it : it.skip;

  maybe('sends a queue group one at a time whichever process sweeps, and tells sockets on both', async () => {
    const delivery = { ...testConfig().delivery, timeoutMs: 60_000 };
    const a = await createTestApp(dialect, { redisUrl, admin: TEST_ADMIN, delivery });
    const b = await a.sibling({ redisUrl, delivery });
    const target = await slowTarget();
    const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const socketUrl = `${address.replace('http', 'ws')}/ws`;
    const admin = await loginAs(a.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const viewer = await viewerWithCoins(a, 'farfan', 100);
    const adminSocket = await listen(socketUrl, admin);
    const viewerSocket = await listen(socketUrl, viewer.cookie);
    try {
      await addEndpoint(a, target.url, 'other');
      b.services.catalog.invalidate();
      const names = ['Wolves', 'Bats', 'Slimes'];
      const actionIds: number[] = [];
      for (const name of names) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/admin/stream-actions',
          headers: { cookie: admin },
          payload: { name, description: name, webhookAction: 'spawn', cost: 10, queueGroup: 'night' },
        });
        actionIds.push(res.json().id as number);
      }
      // Triggered on process b; the sockets are on process a.
      const ids: number[] = [];
      for (const actionId of actionIds) ids.push((await b.trigger(viewer.cookie, actionId)).json().historyId as number);
      const lastId = ids[2] as number;
      await b.services.controlRoom.notifier.settle();
      await until(() => adminSocket.messages.some((m) => m.type === 'queue_changed' && m.historyIds.includes(lastId)));

      for (let step = 0; step < 3; step++) {
        // Both processes sweep and claim at once: one of them gets the group's next trigger.
        const passes = [a.services.deliveryWorker.runOnce(), b.services.deliveryWorker.runOnce()];
        await until(() => target.arrived.length === step + 1);
        // The pass that sent nothing ends first; the other waits for the target's reply.
        await Promise.race(passes);
        const inFlight = await a.db.kysely
          .selectFrom('deliveries')
          .select('history_id')
          .where('status', '=', 'in_flight')
          .execute();
        expect(inFlight.map((r) => r.history_id)).toEqual([ids[step]]);
        await b.services.controlRoom.notifier.settle();
        await a.services.controlRoom.notifier.settle();
        target.release();
        await Promise.all(passes);
      }
      expect(target.arrived).toEqual(names);
      expect(target.most()).toBe(1);
      await until(() =>
        viewerSocket.messages.some(
          (m) => m.type === 'action_status' && m.historyId === lastId && m.status === 'delivered',
        ),
      );
      const places = viewerSocket.messages
        .filter((m): m is TActionStatusMessage => m.type === 'action_status' && m.historyId === lastId)
        .map((m) => m.position)
        .filter((p) => p != null);
      // Each move was told by whichever process made it, and the place only ever went down.
      expect(places[0]).toBe(3);
      expect(places.length).toBeGreaterThan(1);
      expect(places).toEqual([...places].sort((x, y) => (y ?? 0) - (x ?? 0)));
      await assertLedgerInvariant(a.db);
    } finally {
      closeAll(adminSocket, viewerSocket);
      await target.close();
      await b.close();
      await a.close();
    }
  });
});
