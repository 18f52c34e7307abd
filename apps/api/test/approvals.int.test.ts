import { findHistory, insertHistory, markHistoryRefunded, markQueued } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TPublicActionEvent } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createActionAsAdmin, createTestApp, drainDeliveries, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { type HookTarget, startHookTarget } from './hook-target';
import { closeAll, type Listener, listen, settle } from './live-helpers';

describe.each(testDialects())('approvals on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let target: HookTarget;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    target = await startHookTarget();
    await addEndpoint(t, target.url, 'other');
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    return createActionAsAdmin(t, admin, { description: 'An effect', webhookAction: 'effect', cost: 25, ...fields });
  }
  const decide = (historyId: number, verb: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/queue/${historyId}/${verb}`, headers: { cookie: admin } });
  const announced = (socket: Listener) =>
    socket.messages
      .filter((m): m is TPublicActionEvent => m.type === 'action_triggered')
      .map((m) => [m.action.name, m.action.cost, m.user.username]);

  it('still expires new approvals behind more than a sweep of refunded ones', async () => {
    const actionId = await createAction({ name: 'Spawn Wither', requiresApproval: true, approvalTimeoutSeconds: 10 });
    const viewer = await viewerWithCoins(t, 'witherfan', 100);
    // Approvals refunded while they waited (by hand, before a refund ended them properly): their
    // marks stayed, their time ran out long ago, and each sweep found them first.
    await t.db.kysely.transaction().execute(async (tx) => {
      for (let i = 0; i < 105; i++) {
        const id = await insertHistory(tx, {
          userId: viewer.id,
          actionId,
          actionName: 'Spawn Wither',
          cost: 0,
          target: null,
          isTest: false,
          now: t.clock.now() - 3_600_000,
        });
        await markQueued(tx, id, {
          mark: 'awaiting_approval',
          approvalExpiresAt: t.clock.now() - 3_000_000 + i,
          queueGroup: null,
        });
        await markHistoryRefunded(tx, id);
      }
    });

    const waiting = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    t.clock.advance(10_000);
    await t.services.deliveryWorker.runOnce();
    expect(await findHistory(t.db.kysely, waiting)).toMatchObject({ queue_state: 'expired', refunded: 1 });
    expect(await t.balanceOf(viewer.cookie)).toBe(100);
    await drainDeliveries(t);
    expect(target.arrived).toEqual([]);
    await assertLedgerInvariant(t.db);
  });

  it('announces a trigger to every viewer when it is approved, never while it waits or once rejected', async () => {
    const approval = await createAction({ name: 'Nuke', requiresApproval: true });
    const plain = await createAction({ name: 'Confetti', cost: 5 });
    const viewer = await viewerWithCoins(t, 'boomer', 100);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const watcher = await listen(`${address.replace('http', 'ws')}/ws`);
    try {
      const rejected = (await t.trigger(viewer.cookie, approval)).json().historyId as number;
      await settle(t, [watcher], 'asked');
      expect(announced(watcher)).toEqual([]);
      expect((await decide(rejected, 'reject')).statusCode).toBe(200);
      await settle(t, [watcher], 'rejected');
      expect(announced(watcher)).toEqual([]);

      const approved = (await t.trigger(viewer.cookie, approval)).json().historyId as number;
      await t.trigger(viewer.cookie, approval);
      expect((await decide(approved, 'approve')).statusCode).toBe(200);
      await t.trigger(viewer.cookie, plain);
      await settle(t, [watcher], 'approved');
      expect(announced(watcher)).toEqual([
        ['Nuke', 25, 'boomer'],
        ['Confetti', 5, 'boomer'],
      ]);
    } finally {
      closeAll(watcher);
    }

    // Another process starting now tells its first viewers the same story from the database.
    const restarted = await t.sibling({ admin: TEST_ADMIN });
    try {
      const late = await listen(
        `${(await restarted.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`,
      );
      try {
        await settle(restarted, [late], 'replayed');
        expect(announced(late)).toEqual([
          ['Nuke', 25, 'boomer'],
          ['Confetti', 5, 'boomer'],
        ]);
      } finally {
        closeAll(late);
      }
    } finally {
      await restarted.close();
    }
    await assertLedgerInvariant(t.db);
  });
});
