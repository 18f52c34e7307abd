import { findHistory, listDeliveries, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { closedPort, type RconStandIn, startRconStandIn } from '@shop/dispatch/testing';
import { historyStatus, type TActionHistoryRecord } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';

describe.each(testDialects())('resend and test on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let rcon: RconStandIn;
  let hook: ControlledWebhook;
  /** What the webhook stand-in answers; tests flip it to take the target down. */
  let hookStatus = 200;
  let hookEndpoint: number;

  const api = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const balance = async (cookie: string) => (await api('GET', '/api/user', cookie)).json().coinBalance as number;
  const historyRecord = async (id: number) =>
    ((await api('GET', '/api/admin/action-history', admin)).json() as TActionHistoryRecord[]).find((h) => h.id === id);
  /** Runs every retry of a failing delivery: the worker, then the clock past each backoff. */
  const drainWithRetries = async () => {
    for (const wait of [0, 2_000, 10_000, 60_000]) {
      t.clock.advance(wait);
      await drainDeliveries(t);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    rcon = await startRconStandIn({ password: 'whsec_dGVzdA==' });
    hook = await startControlledWebhook({ answer: () => hookStatus });
    hookEndpoint = await addEndpoint(t, hook.url, 'rust', 'rust hook');
    await addEndpoint(t, rcon.url, 'minecraft', 'minecraft server');
  });
  afterEach(async () => {
    hookStatus = 200;
    await assertLedgerInvariant(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([rcon?.close(), hook?.close()]);
  });

  it('resends a delivered trigger to a target that is down: money unchanged, still Success, the failure shown', async () => {
    const action = await addAction(t, { name: 'Gift', gameType: 'rust', cost: 20 });
    const viewer = await viewerWithCoins(t, 'gifted', 50);
    const historyId = (await trigger(t, viewer.cookie, action)).json().historyId as number;
    await drainDeliveries(t);
    expect((await findHistory(t.db.kysely, historyId))?.success).toBe(1);
    const ledgerBefore = await listTransactions(t.db.kysely, viewer.id);

    hookStatus = 503;
    const resend = await api('POST', `/api/admin/resend-action/${historyId}`, admin);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ status: 'success', message: 'Action resent' });
    expect((await historyRecord(historyId))?.lastResend).toMatchObject({ status: 'pending' });
    await drainWithRetries();

    const rows = await listDeliveries(t.db.kysely, historyId);
    expect(rows.map((r) => [r.is_resend, r.status, r.attempts])).toEqual([
      [0, 'delivered', 1],
      [1, 'failed', 4],
    ]);
    expect(await balance(viewer.cookie)).toBe(30);
    expect(await listTransactions(t.db.kysely, viewer.id)).toEqual(ledgerBefore);
    const record = await historyRecord(historyId);
    expect(record).toMatchObject({ success: true, refunded: false });
    expect(historyStatus(record ?? { refunded: true, isTest: true, success: null })).toBe('Success');
    expect(record?.lastResend).toMatchObject({ status: 'failed', error: expect.stringContaining('HTTP 503') });
    // The resend is a delivery of its own: its own webhook-id, the same on each of its four attempts.
    const seen = (row: (typeof rows)[number] | undefined) =>
      hook.received.filter((r) => r.webhookId === `delivery_${row?.id}`).map((r) => r.status);
    expect(seen(rows[0])).toEqual([200]);
    expect(seen(rows[1])).toEqual([503, 503, 503, 503]);
  });

  it('resends a refunded trigger without charging or un-refunding it', async () => {
    const action = await addAction(t, { name: 'Sabotage', gameType: 'rust', cost: 15 });
    const viewer = await viewerWithCoins(t, 'sabotaged', 15);
    hookStatus = 400;
    const historyId = (await trigger(t, viewer.cookie, action)).json().historyId as number;
    await drainDeliveries(t);
    expect(await findHistory(t.db.kysely, historyId)).toMatchObject({ success: 0, refunded: 1 });
    expect(await balance(viewer.cookie)).toBe(15);

    hookStatus = 200;
    expect((await api('POST', `/api/admin/resend-action/${historyId}`, admin)).statusCode).toBe(200);
    await drainDeliveries(t);
    const record = await historyRecord(historyId);
    expect(record).toMatchObject({ refunded: true, success: false, lastResend: { status: 'delivered', error: null } });
    expect(await balance(viewer.cookie)).toBe(15);
    expect((await listTransactions(t.db.kysely, viewer.id)).filter((e) => e.type === 'refund')).toHaveLength(1);
  });

  it('refuses to resend a trigger still on its way, a test, or one already being resent', async () => {
    const action = await addAction(t, { name: 'Pending', gameType: 'rust', cost: 1 });
    const viewer = await viewerWithCoins(t, 'waiting', 1);
    const historyId = (await trigger(t, viewer.cookie, action)).json().historyId as number;
    const early = await api('POST', `/api/admin/resend-action/${historyId}`, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'This action is still being delivered; resend it once it has succeeded or failed',
    );
    await drainDeliveries(t);
    expect((await api('POST', `/api/admin/resend-action/${historyId}`, admin)).statusCode).toBe(200);
    const twice = await api('POST', `/api/admin/resend-action/${historyId}`, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A resend of this action is already on its way');
    await drainDeliveries(t);

    const tested = await api('POST', '/api/admin/test-action', admin, { actionId: action });
    const test = await api('POST', `/api/admin/resend-action/${tested.json().historyId}`, admin);
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe('A test cannot be resent; use Test again instead');
    expect((await api('POST', '/api/admin/resend-action/999999', admin)).statusCode).toBe(404);
  });

  it("tests an action at once and answers each target's outcome, queueing nothing", async () => {
    const down = await addEndpoint(t, `rcon://127.0.0.1:${await closedPort()}`, 'other', 'dead server');
    try {
      const action = await addAction(t, {
        name: 'Creeper',
        gameType: 'minecraft',
        cost: 5,
        webhookAction: 'summon creeper',
      });
      const sent = rcon.commands.length;
      const res = await api('POST', '/api/admin/test-action', admin, { actionId: action });
      expect(res.statusCode, res.body).toBe(200);
      // The reply came after the delivery: the game server already has the command.
      expect(rcon.commands.slice(sent)).toEqual(['summon creeper']);
      const body = res.json();
      expect(body).toMatchObject({ status: 'success' });
      expect(body.message).toContain('Test delivered to 1 of 2 target(s)');
      expect(body.results).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            description: 'minecraft server',
            success: true,
            message: 'Executed: summon creeper',
          }),
          expect.objectContaining({ endpointId: down, description: 'dead server', success: false }),
        ]),
      );
      expect(await listDeliveries(t.db.kysely, body.historyId)).toEqual([]);
      expect((await historyRecord(body.historyId))?.isTest).toBe(true);
      await drainWithRetries();
      expect(rcon.commands.length).toBe(sent + 1);
      expect(await balance(admin)).toBe(0);
    } finally {
      await t.db.kysely.deleteFrom('webhook_endpoints').where('id', '=', down).execute();
      t.services.catalog.invalidate();
    }
  });

  it('answers 502 with every error when no target took the test', async () => {
    const action = await addAction(t, { name: 'Storm', gameType: 'rust', cost: 5 });
    hookStatus = 500;
    const res = await api('POST', '/api/admin/test-action', admin, { actionId: action });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'No target took the test. rust hook: HTTP 500: status 500',
    });
  });

  it('tests one endpoint through the same dispatcher', async () => {
    const res = await api('POST', `/api/admin/webhook-endpoints/${hookEndpoint}/test`, admin, { command: 'ping' });
    expect(res.json()).toMatchObject({ success: true, message: 'ok' });
    expect(JSON.parse(hook.received.at(-1)?.body ?? '{}')).toMatchObject({ command: 'ping' });
  });
});

describe.each(testDialects())('kept-open connections follow endpoint edits on %s', (dialect) => {
  it('closes the connection logged in with the old password as soon as the endpoint is edited or deleted', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    const rcon = await startRconStandIn({ password: 'first-pass' });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const edit = (id: number, payload: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/webhook-endpoints/${id}`,
          headers: { cookie: admin },
          payload,
        });
      const test = (id: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/webhook-endpoints/${id}/test`,
          headers: { cookie: admin },
          payload: { command: 'list' },
        });
      const id = await addEndpoint(t, rcon.url, 'minecraft', 'kept', 'first-pass');
      expect((await test(id)).json()).toMatchObject({ success: true });
      await rcon.untilOpenConnections(1);

      // A description change keeps the connection; a new password closes it at once.
      expect((await edit(id, { description: 'renamed' })).statusCode).toBe(200);
      expect(rcon.openConnections).toBe(1);
      expect((await edit(id, { secretKey: 'second-pass' })).statusCode).toBe(200);
      await rcon.untilOpenConnections(0);

      const again = await addEndpoint(t, rcon.url, 'minecraft', 'again', 'first-pass');
      expect((await test(again)).json()).toMatchObject({ success: true });
      await rcon.untilOpenConnections(1);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhook-endpoints/${again}`,
        headers: { cookie: admin },
      });
      expect(removed.statusCode).toBe(200);
      await rcon.untilOpenConnections(0);
    } finally {
      await t.close();
      await rcon.close();
    }
  });
});
