import { credit, debit, insertHistory } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { DAY_MS, type TOverview } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';

const DAY_A = Date.UTC(2026, 0, 1);
const DAY_B = DAY_A + DAY_MS;
const DAY_C = DAY_B + DAY_MS;
const HOUR = 3_600_000;

/**
 * A small known data set over three UTC days (A, B, C = today), written through the ledger so the
 * invariant holds: purchases and payments, paid triggers with their deliveries, a refunded trigger
 * with a failed delivery, a test trigger and rows outside the period that must not count.
 */
describe.each(testDialects())('GET /api/admin/overview on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let alice: number;
  let bob: number;
  const endpoints: Record<'e1' | 'e2' | 'e3', number> = { e1: 0, e2: 0, e3: 0 };

  async function purchase(userId: number, coins: number, cents: number, at: number, status = 'credited' as const) {
    const db = t.db.kysely;
    await db
      .transaction()
      .execute((tx) => credit(tx, { userId, amount: coins, type: 'purchase', description: 'test purchase', now: at }));
    await db
      .insertInto('payments')
      .values({
        provider: 'demo',
        order_id: `order-${userId}-${at}`,
        user_id: userId,
        package_id: null,
        amount_cents: cents,
        currency: 'USD',
        status,
        failure_reason: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  async function trigger(
    userId: number,
    action: { id: number; name: string; cost: number },
    at: number,
    delivery: { endpointId: number; status: 'delivered' | 'failed' | 'queued' },
    opts: { refunded?: boolean; isTest?: boolean } = {},
  ) {
    await t.db.kysely.transaction().execute(async (tx) => {
      if (!opts.isTest) {
        const paid = await debit(tx, {
          userId,
          amount: action.cost,
          type: 'action',
          description: action.name,
          now: at,
        });
        expect(paid).not.toBeNull();
      }
      const historyId = await insertHistory(tx, {
        userId,
        actionId: action.id,
        actionName: action.name,
        cost: action.cost,
        target: null,
        isTest: opts.isTest ?? false,
        now: at,
      });
      if (opts.refunded) {
        await credit(tx, {
          userId,
          amount: action.cost,
          type: 'refund',
          description: `refund ${action.name}`,
          reference: `refund:${historyId}`,
          now: at,
        });
        await tx.updateTable('action_history').set({ refunded: 1, success: 0 }).where('id', '=', historyId).execute();
      }
      await tx
        .insertInto('deliveries')
        .values({
          history_id: historyId,
          endpoint_id: delivery.endpointId,
          command: action.name,
          status: delivery.status,
          next_attempt_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    });
  }

  const overview = async (query = '', cookie = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/overview${query}`, headers: { cookie } });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const a = await registerUser(t.app, 'alice');
    const b = await registerUser(t.app, 'bob');
    viewer = a.cookie;
    alice = a.id;
    bob = b.id;
    await t.db.kysely.updateTable('users').set({ display_name: 'Alice A.' }).where('id', '=', alice).execute();
    for (const [key, description] of [
      ['e1', 'Main server'],
      ['e2', 'Backup server'],
      ['e3', 'Old server'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
        payload: {
          url: `https://example.com/${key}`,
          secretKey: 'whsec-test',
          description,
          gameType: 'other',
          active: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      endpoints[key] = res.json().id;
    }
    const zombie = { id: 101, name: 'Spawn Zombie', cost: 50 };
    const creeper = { id: 102, name: 'Creeper', cost: 30 };

    // Outside the 30-day period: counts nowhere.
    await purchase(alice, 1000, 999, DAY_A - 40 * DAY_MS);
    await trigger(alice, zombie, DAY_A - 40 * DAY_MS, { endpointId: endpoints.e1, status: 'failed' });
    // Day A: two purchases, one refused order (no money taken), one trigger delivered.
    await purchase(alice, 500, 499, DAY_A + HOUR);
    await purchase(bob, 200, 199, DAY_A + 2 * HOUR);
    await t.db.kysely
      .insertInto('payments')
      .values({
        provider: 'demo',
        order_id: 'refused-1',
        user_id: bob,
        package_id: null,
        amount_cents: 5000,
        currency: 'USD',
        status: 'refused',
        failure_reason: 'declined',
        created_at: DAY_A + 3 * HOUR,
        updated_at: DAY_A + 3 * HOUR,
      })
      .execute();
    await trigger(alice, zombie, DAY_A + 5 * HOUR, { endpointId: endpoints.e1, status: 'delivered' });
    // Day B: a delivered trigger, a refunded one whose delivery failed, and an admin's test.
    await trigger(alice, zombie, DAY_B + HOUR, { endpointId: endpoints.e1, status: 'delivered' });
    await trigger(bob, creeper, DAY_B + 2 * HOUR, { endpointId: endpoints.e2, status: 'failed' }, { refunded: true });
    await trigger(bob, zombie, DAY_B + 3 * HOUR, { endpointId: endpoints.e1, status: 'delivered' }, { isTest: true });
    // Day C (today): bob's triggers; one went to an endpoint deleted since, one is still queued.
    await trigger(bob, zombie, DAY_C + HOUR, { endpointId: endpoints.e3, status: 'delivered' });
    await trigger(bob, creeper, DAY_C + 2 * HOUR, { endpointId: endpoints.e2, status: 'delivered' });
    await trigger(alice, creeper, DAY_C + 3 * HOUR, { endpointId: endpoints.e1, status: 'queued' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhook-endpoints/${endpoints.e3}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    t.clock.value = DAY_C + 20 * HOUR;
  });
  afterAll(async () => t?.close());

  it('refuses visitors (401) and viewers (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 'error', message: 'You must be logged in' });
    const forbidden = await overview('', viewer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ status: 'error', message: 'Admin access required' });
  });

  it.each([
    ['?days=0', 'days must be at least 1'],
    ['?days=366', 'days must be at most 365'],
    ['?days=abc', 'days must be a number'],
    ['?days=2.5', 'days must be a whole number'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await overview(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
    expect(res.json().message).toContain(message);
  });

  it('computes every figure of the last 30 UTC days from the ledger and the history', async () => {
    const res = await overview();
    expect(res.statusCode, res.body).toBe(200);
    const body: TOverview = res.json();
    expect(body.days).toBe(30);
    expect(body.from).toBe('2025-12-05');
    expect(body.to).toBe('2026-01-03');
    expect(body.daily).toHaveLength(30);
    expect(body.daily.slice(-3)).toEqual([
      { day: '2026-01-01', coinsSold: 700, moneyCents: 698, triggers: 1, refunds: 0, failedDeliveries: 0 },
      { day: '2026-01-02', coinsSold: 0, moneyCents: 0, triggers: 2, refunds: 1, failedDeliveries: 1 },
      { day: '2026-01-03', coinsSold: 0, moneyCents: 0, triggers: 3, refunds: 0, failedDeliveries: 0 },
    ]);
    expect(body.daily.slice(0, -3).every((d) => d.triggers === 0 && d.coinsSold === 0)).toBe(true);
    // Refunded and test triggers are not in the top lists.
    expect(body.topActions).toEqual([
      { actionId: 101, name: 'Spawn Zombie', triggers: 3, coins: 150 },
      { actionId: 102, name: 'Creeper', triggers: 2, coins: 60 },
    ]);
    expect(body.topSupporters).toEqual([
      { userId: alice, username: 'alice', displayName: 'Alice A.', coins: 130, triggers: 3 },
      { userId: bob, username: 'bob', displayName: null, coins: 80, triggers: 2 },
    ]);
    // Queued deliveries are not settled: they count in no rate. A test's delivery is the endpoint's
    // health as much as a paid one's, so it counts here (though not as a trigger).
    expect(body.endpoints).toEqual([
      { endpointId: endpoints.e1, description: 'Main server', delivered: 3, failed: 0, successRate: 1 },
      { endpointId: endpoints.e2, description: 'Backup server', delivered: 1, failed: 1, successRate: 0.5 },
      { endpointId: null, description: 'Removed endpoint', delivered: 1, failed: 0, successRate: 1 },
    ]);
    await assertLedgerInvariant(t.db);
  });

  it('narrows everything to the chosen period (days=1 is today, UTC)', async () => {
    const res = await overview('?days=1');
    expect(res.statusCode).toBe(200);
    const body: TOverview = res.json();
    expect(body.daily).toEqual([
      { day: '2026-01-03', coinsSold: 0, moneyCents: 0, triggers: 3, refunds: 0, failedDeliveries: 0 },
    ]);
    expect(body.topActions.map((a) => [a.name, a.triggers])).toEqual([
      ['Creeper', 2],
      ['Spawn Zombie', 1],
    ]);
    expect(body.topSupporters.map((s) => [s.username, s.coins])).toEqual([
      ['bob', 80],
      ['alice', 30],
    ]);
    expect(body.endpoints.map((e) => [e.description, e.delivered, e.failed])).toEqual([
      ['Backup server', 1, 0],
      ['Removed endpoint', 1, 0],
    ]);
  });

  it('reaches back to older rows with a longer period', async () => {
    const body: TOverview = (await overview('?days=90')).json();
    expect(body.daily).toHaveLength(90);
    expect(body.daily.reduce((sum, d) => sum + d.coinsSold, 0)).toBe(1700);
    expect(body.daily.reduce((sum, d) => sum + d.failedDeliveries, 0)).toBe(2);
    expect(body.topActions[0]).toEqual({ actionId: 101, name: 'Spawn Zombie', triggers: 4, coins: 200 });
  });

  it('answers the same through tRPC for the web app', async () => {
    const input = encodeURIComponent(JSON.stringify({ days: 7 }));
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/overview.get?input=${input}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.daily).toHaveLength(7);
  });
});
