import { insertHistory, settleHistory } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TActionHistoryRecord, THistoryDetail, THistoryPage } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';

describe.each(testDialects())('admin action history on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewerCookie: string;
  let good: ControlledWebhook;
  let bad: ControlledWebhook;
  /** The crafted history: ids by name, for the filter tests. */
  const rows: Record<string, number> = {};
  let alice: number;
  let bob: number;

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const ids = (res: { json(): unknown }) => (res.json() as TActionHistoryRecord[]).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewerCookie = (await registerUser(t.app, 'history-viewer')).cookie;
    good = await startControlledWebhook();
    // Always refuses with a client error: the delivery fails at once (no retry) with a recorded error.
    bad = await startControlledWebhook({ answer: () => 400 });
    alice = (await registerUser(t.app, 'Alice')).id;
    bob = (await registerUser(t.app, 'bob')).id;
    // Rows written straight in, one per state, a second apart (newest last), so every filter has
    // exactly known answers.
    const actionId = await addAction(t, { name: 'Crafted', gameType: 'any', cost: 10 });
    const craft = async (name: string, userId: number, actionName: string, state: string) => {
      t.clock.advance(1_000);
      const id = await insertHistory(t.db.kysely, {
        userId,
        actionId,
        actionName,
        cost: state === 'test' ? 0 : 10,
        target: null,
        isTest: state === 'test',
        now: t.clock.now(),
      });
      if (state === 'success' || state === 'test') await settleHistory(t.db.kysely, id, true);
      if (state === 'failed' || state === 'refunded') await settleHistory(t.db.kysely, id, false);
      if (state === 'refunded') {
        await t.db.kysely.updateTable('action_history').set({ refunded: 1 }).where('id', '=', id).execute();
      }
      rows[name] = id;
    };
    await craft('aliceHorn', alice, 'Air Horn', 'success');
    await craft('bobHorn', bob, 'AIR HORN 100%', 'refunded');
    await craft('aliceZombie', alice, 'Zombie', 'failed');
    await craft('bobZombie', bob, 'Zombie', 'pending');
    await craft('aliceTest', alice, 'Zombie_test', 'test');
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await Promise.all([good?.close(), bad?.close()]);
  });

  it('refuses the list and the detail to anonymous visitors (401) and viewers (403)', async () => {
    for (const url of ['/api/admin/action-history', `/api/admin/action-history/${rows.aliceHorn}`]) {
      expect((await get(url)).statusCode).toBe(401);
      const viewer = await get(url, viewerCookie);
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().status).toBe('error');
    }
  });

  it('lists every trigger newest first as a plain array', async () => {
    const res = await get('/api/admin/action-history', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([rows.aliceTest, rows.bobZombie, rows.aliceZombie, rows.bobHorn, rows.aliceHorn]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect((res.json() as TActionHistoryRecord[])[4]).toMatchObject({
      userId: alice,
      username: 'Alice',
      actionName: 'Air Horn',
      cost: 10,
      success: true,
      refunded: false,
      isTest: false,
      lastResend: null,
    });
  });

  it('filters by user, action and status, alone and together', async () => {
    const list = async (query: string) => {
      const res = await get(`/api/admin/action-history?${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    expect(await list(`userId=${bob}`)).toEqual([rows.bobZombie, rows.bobHorn]);
    expect(await list('username=ALICE')).toEqual([rows.aliceTest, rows.aliceZombie, rows.aliceHorn]);
    expect(await list('username=nobody')).toEqual([]);
    // Part of the name in any case; % and _ are literal characters, not wildcards.
    expect(await list('actionName=horn')).toEqual([rows.bobHorn, rows.aliceHorn]);
    expect(await list('actionName=100%25')).toEqual([rows.bobHorn]);
    expect(await list('actionName=e_t')).toEqual([rows.aliceTest]);
    expect(await list('status=success')).toEqual([rows.aliceHorn]);
    expect(await list('status=Refunded')).toEqual([rows.bobHorn]);
    expect(await list('status=failed')).toEqual([rows.aliceZombie]);
    expect(await list('status=pending')).toEqual([rows.bobZombie]);
    expect(await list('status=test')).toEqual([rows.aliceTest]);
    expect(await list(`userId=${alice}&actionName=zombie&status=failed`)).toEqual([rows.aliceZombie]);
    for (const query of ['status=lost', 'userId=abc', 'limit=0', 'limit=201', 'cursor=nope']) {
      const res = await get(`/api/admin/action-history?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe('error');
    }
  });

  it('pages with a cursor in X-Next-Cursor (REST) and nextCursor (tRPC), filters kept', async () => {
    const seen: number[] = [];
    let url = '/api/admin/action-history?limit=2';
    for (let page = 0; page < 10; page++) {
      const res = await get(url, admin);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res));
      const cursor = res.headers['x-next-cursor'];
      if (typeof cursor !== 'string') break;
      expect(res.headers.link).toBe(
        `</api/admin/action-history?limit=2&cursor=${encodeURIComponent(cursor)}>; rel="next"`,
      );
      url = `/api/admin/action-history?limit=2&cursor=${encodeURIComponent(cursor)}`;
    }
    expect(seen).toEqual([rows.aliceTest, rows.bobZombie, rows.aliceZombie, rows.bobHorn, rows.aliceHorn]);

    const trpc = async (input: object): Promise<THistoryPage> => {
      const res = await get(`/trpc/history.list?input=${encodeURIComponent(JSON.stringify(input))}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.data as THistoryPage;
    };
    const first = await trpc({ userId: alice, limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual([rows.aliceTest, rows.aliceZombie]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await trpc({ userId: alice, limit: 2, cursor: first.nextCursor });
    expect(second).toMatchObject({ items: [{ id: rows.aliceHorn }], nextCursor: null });
  });

  it('shows one trigger with each target, its attempts, last error, response and timestamps', async () => {
    const goodId = await addEndpoint(t, good.url, 'rust', 'Good hook');
    const badId = await addEndpoint(t, `${bad.url}/secret-token`, 'other', 'Refusing hook');
    try {
      const action = await addAction(t, { name: 'Detail me', gameType: 'rust', cost: 4 });
      const fan = await viewerWithCoins(t, 'detail-fan', 10);
      const historyId = (await trigger(t, fan.cookie, action)).json().historyId as number;

      const pending = (await get(`/api/admin/action-history/${historyId}`, admin)).json() as THistoryDetail;
      expect(pending.record).toMatchObject({ id: historyId, success: null, actionName: 'Detail me' });
      expect(pending.deliveries.map((d) => [d.endpointId, d.status, d.attempts])).toEqual([
        [goodId, 'queued', 0],
        [badId, 'queued', 0],
      ]);

      await drainDeliveries(t);
      const res = await get(`/api/admin/action-history/${historyId}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json() as THistoryDetail;
      expect(detail.record).toMatchObject({ id: historyId, userId: fan.id, username: 'detail-fan', success: true });
      const [delivered, failed] = detail.deliveries;
      expect(delivered).toMatchObject({
        endpointId: goodId,
        endpointDescription: 'Good hook',
        endpointLabel: `Webhook ${new URL(good.url).origin}/…`,
        status: 'delivered',
        attempts: 1,
        lastError: null,
        response: expect.stringContaining('ok'),
        nextAttemptAt: null,
        isResend: false,
      });
      expect(failed).toMatchObject({
        endpointId: badId,
        endpointDescription: 'Refusing hook',
        status: 'failed',
        attempts: 1,
        lastError: expect.stringContaining('400'),
        isResend: false,
      });
      for (const d of detail.deliveries) {
        expect(new Date(d.createdAt).toISOString()).toBe(d.createdAt);
        expect(new Date(d.updatedAt).toISOString()).toBe(d.updatedAt);
      }
      expect(res.body).not.toContain('secret-token');

      // A resend shows as new rows marked isResend, beside the trigger's own.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/resend-action/${historyId}`,
            headers: { cookie: admin },
          })
        ).statusCode,
      ).toBe(200);
      const resent = (await get(`/api/admin/action-history/${historyId}`, admin)).json() as THistoryDetail;
      expect(resent.deliveries.map((d) => [d.endpointId, d.isResend])).toEqual([
        [goodId, false],
        [badId, false],
        [goodId, true],
        [badId, true],
      ]);
      expect(resent.record.lastResend).toMatchObject({ status: 'pending' });
      await drainDeliveries(t);
    } finally {
      await t.db.kysely
        .updateTable('webhook_endpoints')
        .set({ active: 0 })
        .where('id', 'in', [goodId, badId])
        .execute();
      t.services.catalog.invalidate();
    }
  });

  it('answers 404 for a trigger that does not exist and 400 for a bad id', async () => {
    const missing = await get('/api/admin/action-history/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'error', message: 'Action history record not found' });
    expect((await get('/api/admin/action-history/abc', admin)).statusCode).toBe(400);
  });
});
