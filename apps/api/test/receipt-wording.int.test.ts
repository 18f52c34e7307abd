import { createServer } from 'node:http';
import { testDialects } from '@shop/db/testing';
import { RECEIPT_WORDING } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN } from './helpers';
import { closeAll, listen, receiptsOf, settle, until } from './live-helpers';

/** What a misconfigured game server might echo back: its own credentials among the error text. */
const LEAKED = 'sk_live_9fQ2xLeakedKey77';

/** A webhook that always answers 500 with a body carrying a secret-looking string. */
async function leakyWebhook() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`upstream crashed; config api_key=${LEAKED}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(testDialects())("a target's reply in viewers' receipts on %s", (dialect) => {
  it('viewers read fixed wording; the admin delivery detail keeps the raw reply', async () => {
    const hook = await leakyWebhook();
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await addEndpoint(t, hook.url, 'other', 'Leaky game server');
      const actionId = await addAction(t, { name: 'Quake', gameType: 'any', cost: 12 });
      const viewer = await viewerWithCoins(t, 'quake_fan', 30);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const page = await listen(`${address.replace('http', 'ws')}/ws`, viewer.cookie);
      const res = await trigger(t, viewer.cookie, actionId);
      expect(res.statusCode).toBe(200);
      const historyId = res.json().historyId as number;

      // The first try gets the 500: a retry is scheduled and the viewer hears of it.
      expect(await t.services.deliveryWorker.runOnce()).toBe(1);
      await until(() => receiptsOf(page).some((r) => r.status === 'retrying'));
      // An admin refunds while it still retries: the tries left are cancelled with the refund.
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/admin/refund-action/${historyId}`,
        headers: { cookie: admin },
      });
      expect(refund.statusCode).toBe(200);
      for (const wait of [2_000, 10_000, 60_000]) {
        t.clock.advance(wait);
        expect(await t.services.deliveryWorker.runOnce()).toBe(0);
      }
      await until(() => receiptsOf(page).some((r) => r.status === 'refunded'));
      await settle(t, [page], 'after-refund');

      expect(receiptsOf(page)).toMatchObject([
        { status: 'queued', message: null },
        { status: 'retrying', attempt: 1, message: RECEIPT_WORDING.retrying },
        { status: 'refunded', message: null, refundedCoins: 12 },
      ]);
      const socketText = page.raw.join('\n');
      expect(socketText).not.toContain(LEAKED);
      expect(socketText).not.toContain('upstream crashed');
      expect(socketText).not.toContain('HTTP 500');

      // The viewer's own history and figures tell the state, never the reply.
      for (const url of ['/api/transactions', '/api/transactions/stats', '/api/user']) {
        const viewerRead = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
        expect(viewerRead.statusCode).toBe(200);
        expect(viewerRead.body).not.toContain(LEAKED);
      }

      // The admin still sees what the server said, to fix it.
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/admin/action-history/${historyId}`,
        headers: { cookie: admin },
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().deliveries).toMatchObject([
        { status: 'cancelled', attempts: 1, lastError: expect.stringContaining(`api_key=${LEAKED}`) },
      ]);
      expect(detail.json().deliveries[0].lastError).toMatch(/^HTTP 500: upstream crashed/);
      closeAll(page);
    } finally {
      await t.close();
      await hook.close();
    }
  });
});
