import { findHistory } from '@shop/db';
import { testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, recordEvents, viewerWithCoins } from './delivery-helpers';
import {
  createActionAsAdmin,
  createTestApp,
  drainDeliveries,
  loginAs,
  TEST_ADMIN,
  type TestApp,
  testConfig,
} from './helpers';
import { type HookTarget, startHookTarget } from './hook-target';
import { race } from './race';

/**
 * Rounds per case; each gives the worker a different head start (event-loop turns), so either side
 * may win; 'claimed' waits until its send has begun, and the decisions race only each other.
 */
const HEAD_STARTS: readonly (number | 'claimed')[] = [0, 5, 50, 'claimed'];
const APPROVAL_HEAD_STARTS: readonly number[] = [0, 5, 50, 500];

/** What a refusal may say, and nothing else: each names what happened first. */
const REFUSALS = new Set([
  'This trigger cannot be refunded: a delivery is being sent',
  'This action was already refunded',
  'This trigger cannot be skipped: it is sending',
  'This trigger cannot be skipped: it is skipped',
  'This trigger cannot be skipped: it is refunded',
  'This trigger cannot be approved: it is queued',
  'This trigger cannot be approved: it is sending',
  'This trigger cannot be approved: it is rejected',
  'This trigger cannot be approved: it is refunded',
  'This trigger cannot be rejected: it is queued',
  'This trigger cannot be rejected: it is sending',
  'This trigger cannot be rejected: it is rejected',
  'This trigger cannot be rejected: it is refunded',
  'This trigger cannot be approved: it is expired',
  'The approval had already expired: the coins went back to the viewer',
]);

/** Lets `turns` event-loop turns pass: the worker's pass gets that far ahead of the decisions. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe.each(testDialects())('decisions racing the worker and each other, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let target: HookTarget;

  beforeEach(async () => {
    // A minute per send: a target that holds its reply is slow, not failed.
    t = await createTestApp(dialect, { admin: TEST_ADMIN, delivery: { ...testConfig().delivery, timeoutMs: 60_000 } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    target = await startHookTarget();
    await addEndpoint(t, target.url, 'other');
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    return createActionAsAdmin(t, admin, { description: 'An effect', webhookAction: 'effect', cost: 10, ...fields });
  }
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: { cookie: admin } });
  const decide = (historyId: number, verb: string) => post(`/api/admin/queue/${historyId}/${verb}`);
  const refund = (historyId: number) => post(`/api/admin/refund-action/${historyId}`);
  const refunds = async (historyId: number) =>
    (await t.db.kysely.selectFrom('transactions').select('id').where('reference', '=', `refund:${historyId}`).execute())
      .length;
  const sentOf = (historyId: number) => target.arrived.filter((a) => a.triggerId === historyId).length;
  const okOf = (replies: LightMyRequestResponse[], from: number[]) =>
    from.filter((i) => (replies[i]?.statusCode ?? 0) === 200).length;

  /**
   * One round: the worker starts (its sends held at the target; an approve wakes it at once), and
   * `head` turns later the decisions are fired together; then the send is let through, the worker
   * stops once it is recorded, and whatever is still due is sent. Returns the replies and what
   * became of the trigger.
   */
  async function round(historyId: number, head: number | 'claimed', verbs: string[]) {
    target.hold = true;
    const worker = t.services.deliveryWorker;
    const events = recordEvents({ worker });
    worker.start();
    if (head === 'claimed') await events.waitFor((e) => e.type === 'sending' && e.historyId === historyId);
    else await turns(head);
    events.stop();
    const out = await race(t, verbs.length, (i) =>
      verbs[i] === 'refund' ? refund(historyId) : decide(historyId, verbs[i] as string),
    );
    target.hold = false;
    target.release();
    await worker.stop();
    await drainDeliveries(t);
    for (const message of out.refusalMessages) expect(REFUSALS, message).toContain(message);
    expect(out.refused.every((r) => r.statusCode === 409)).toBe(true);
    const history = await findHistory(t.db.kysely, historyId);
    const delivered = sentOf(historyId);
    const refunded = await refunds(historyId);
    // Never both: a refunded trigger is not sent, a sent one is not refunded.
    expect(delivered + refunded).toBe(1);
    expect(history?.refunded).toBe(refunded);
    expect(history?.success).toBe(delivered === 1 ? 1 : 0);
    return { out, delivered, refunded };
  }

  for (const grouped of [false, true]) {
    it(`skip and refund against the send of a ${grouped ? 'grouped' : 'plain'} trigger: one winner`, async () => {
      const actionId = await createAction({ name: 'Bolt', ...(grouped && { queueGroup: 'bolts' }) });
      const viewer = await viewerWithCoins(t, 'racer', 100);
      for (const head of HEAD_STARTS) {
        const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
        const verbs = ['skip', 'refund', 'skip', 'refund'];
        const { out, delivered, refunded } = await round(id, head, verbs);
        if (head === 'claimed') expect(delivered).toBe(1);
        // The send, a skip or a refund: exactly one of them won, the others were told what happened.
        expect(delivered + out.accepted.length).toBe(1);
        expect(refunded).toBe(out.accepted.length);
        if (delivered === 1) {
          expect(out.refusalMessages).toEqual([
            'This trigger cannot be refunded: a delivery is being sent',
            'This trigger cannot be skipped: it is sending',
          ]);
        }
      }
      const spent = 10 * target.arrived.length;
      expect(await t.balanceOf(viewer.cookie)).toBe(100 - spent);
    });
  }

  it('approve, reject and refund of an awaiting trigger, with the worker running: one end', async () => {
    const actionId = await createAction({ name: 'Wither', requiresApproval: true });
    const viewer = await viewerWithCoins(t, 'asker', 100);
    for (const head of APPROVAL_HEAD_STARTS) {
      const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
      const verbs = ['approve', 'reject', 'refund', 'approve', 'reject', 'refund'];
      const { out, delivered } = await round(id, head, verbs);
      const approved = okOf(out.replies, [0, 3]);
      const rejected = okOf(out.replies, [1, 4]);
      const refundedByHand = okOf(out.replies, [2, 5]);
      // Approve and reject exclude each other; a reject, a refund or the send ends it, exactly one.
      expect(approved + rejected).toBeLessThanOrEqual(1);
      expect(rejected + refundedByHand + delivered).toBe(1);
      if (delivered === 1) expect(approved).toBe(1);
    }
    expect(await t.balanceOf(viewer.cookie)).toBe(100 - 10 * target.arrived.length);
  });

  it('approvals clicked as the time runs out race the expiry sweep: expired once, never sent', async () => {
    const actionId = await createAction({ name: 'Storm', requiresApproval: true, approvalTimeoutSeconds: 10 });
    const viewer = await viewerWithCoins(t, 'late', 100);
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    t.clock.advance(10_000);
    const sweeping = t.services.deliveryWorker.runOnce();
    const out = await race(t, 4, () => decide(id, 'approve'));
    await sweeping;
    await drainDeliveries(t);
    // Whoever came first expired it; the sweep's own try found it expired and kept quiet.
    expect(out.accepted).toHaveLength(0);
    expect(out.statuses).toEqual({ 409: 4 });
    for (const message of out.refusalMessages) expect(REFUSALS, message).toContain(message);
    expect(await findHistory(t.db.kysely, id)).toMatchObject({ queue_state: 'expired', refunded: 1 });
    expect(await refunds(id)).toBe(1);
    expect(target.arrived).toEqual([]);
    expect(await t.balanceOf(viewer.cookie)).toBe(100);
  });
});
