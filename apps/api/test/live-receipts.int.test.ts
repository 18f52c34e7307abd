import { testDialects } from '@shop/db/testing';
import type { TWebhookEndpoint } from '@shop/domain';
import { RECEIPT_WORDING } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { addAction, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN } from './helpers';
import { closeAll, listen, openOverlay, receiptsOf, settle, tokenOf, until } from './live-helpers';

describe.each(testDialects())('delivery receipts on %s', (dialect) => {
  it("follow a trigger to its viewer's signed-in sockets only: queued, retrying, delivered", async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/webhook-endpoints',
          headers: { cookie: admin },
          payload: { url: 'overlay://stream', description: 'Stream overlay', gameType: 'other' },
        })
      ).json() as TWebhookEndpoint;
      const actionId = await addAction(t, { name: 'Snow', gameType: 'any', cost: 15 });
      const payer = await viewerWithCoins(t, 'snowfan', 40);
      const other = await viewerWithCoins(t, 'bystander', 40);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
      const anonymous = await listen(socketUrl);
      const payerPage = await listen(socketUrl, payer.cookie);
      const payerTab = await listen(socketUrl, payer.cookie);
      const stranger = await listen(socketUrl, other.cookie);

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: payer.cookie },
        payload: { actionId },
      });
      expect(res.statusCode).toBe(200);
      const historyId = res.json().historyId as number;
      // No overlay open yet: the first try fails and a retry is scheduled 2 s later.
      expect(await t.services.deliveryWorker.runOnce()).toBe(1);
      await until(() => receiptsOf(payerPage).some((r) => r.status === 'retrying'));
      const ledger = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: payer.cookie } });
      expect((ledger.json() as { type: string; delivery?: unknown }[])[0]).toMatchObject({
        type: 'action',
        delivery: { historyId, state: 'retrying', attempts: 1, maxAttempts: 4 },
      });

      const overlay = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      t.clock.advance(2_000);
      expect(await t.services.deliveryWorker.runOnce()).toBe(1);
      await until(() => receiptsOf(payerPage).some((r) => r.status === 'delivered'));
      await settle(t, [anonymous, payerPage, payerTab, stranger], 'after-receipts');

      const expected = [
        { type: 'action_status', historyId, actionName: 'Snow', status: 'queued', attempt: 0, maxAttempts: 4 },
        {
          status: 'retrying',
          attempt: 1,
          nextAttemptAt: new Date(t.clock.value).toISOString(),
          message: RECEIPT_WORDING.retrying,
        },
        { status: 'delivered', attempt: 2, nextAttemptAt: null, message: null },
      ];
      // Every open page of the payer follows the trigger, not only the one that sent it.
      expect(receiptsOf(payerPage)).toMatchObject(expected);
      expect(receiptsOf(payerTab)).toMatchObject(expected);
      for (const socket of [anonymous, stranger]) {
        expect(receiptsOf(socket)).toEqual([]);
        expect(socket.raw.join('\n')).not.toMatch(/historyId|userId|snowfan.*retrying/);
      }
      expect(payerPage.raw.join('\n')).not.toMatch(/userId/);
      const after = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie: payer.cookie } });
      expect((after.json() as { delivery?: unknown }[])[0]).toMatchObject({
        delivery: { historyId, state: 'delivered', attempts: 2 },
      });
      closeAll(anonymous, payerPage, payerTab, stranger, overlay);
    } finally {
      await t.close();
    }
  });

  it("an admin's refund reaches the viewer with the coins and the new balance", async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
        payload: { url: 'overlay://stream', description: 'Stream overlay', gameType: 'other' },
      });
      const actionId = await addAction(t, { name: 'Rain', gameType: 'any', cost: 25 });
      const payer = await viewerWithCoins(t, 'rainfan', 60);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const page = await listen(`${address.replace('http', 'ws')}/ws`, payer.cookie);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: payer.cookie },
        payload: { actionId },
      });
      const historyId = res.json().historyId as number;
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/admin/refund-action/${historyId}`,
        headers: { cookie: admin },
      });
      expect(refund.statusCode).toBe(200);
      await until(() => receiptsOf(page).some((r) => r.status === 'refunded'));
      expect(receiptsOf(page).at(-1)).toMatchObject({ historyId, status: 'refunded', refundedCoins: 25, balance: 60 });
      closeAll(page);
    } finally {
      await t.close();
    }
  });
});
