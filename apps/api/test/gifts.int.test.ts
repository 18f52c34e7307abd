import { listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { closeAll, listen, settle } from './live-helpers';

const DAY = 24 * 60 * 60 * 1000;
let sequence = 0;
/** A fresh requestId per call unless the test fixes one. */
const key = () => `gift-request-${++sequence}`;

function gift(t: TestApp, cookie: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/gifts',
    headers: { cookie },
    payload: { requestId: key(), ...body },
  });
}

const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });
const error = (status: number, message: string) => ({ status, body: { status: 'error', message } });

describe.each(testDialects())('gifts on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: { cookie: string; id: number };
  let bob: { cookie: string; id: number };

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    alice = await registerUser(t.app, 'alice');
    bob = await registerUser(t.app, 'bob');
    await grantCoins(t, alice.id, 1000);
  });

  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
  });

  it('moves the coins in two ledger rows that name each other, and both histories show them', async () => {
    const res = await gift(t, alice.cookie, { toUsername: 'BOB', coins: 100, message: '  gg  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'You gave bob 100 coins',
      toUsername: 'bob',
      coins: 100,
      balance: 900,
    });
    const giftId = res.json().giftId as number;
    expect(await t.balanceOf(alice.cookie)).toBe(900);
    expect(await t.balanceOf(bob.cookie)).toBe(100);
    const rows = await t.db.kysely
      .selectFrom('transactions')
      .select(['user_id', 'type', 'amount', 'description', 'reference'])
      .where('type', 'in', ['gift_sent', 'gift_received'])
      .orderBy('id')
      .execute();
    // MySQL hands bigint columns back as strings.
    expect(rows.map((r) => ({ ...r, amount: Number(r.amount) }))).toEqual([
      {
        user_id: alice.id,
        type: 'gift_sent',
        amount: -100,
        description: 'Gift to bob: "gg"',
        reference: `gift:${giftId}:sent`,
      },
      {
        user_id: bob.id,
        type: 'gift_received',
        amount: 100,
        description: 'Gift from alice: "gg"',
        reference: `gift:${giftId}:received`,
      },
    ]);
    // The ledger the dashboard and /history read.
    const history = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie } }).then((r) => r.json());
    expect((await history(alice.cookie))[0]).toMatchObject({ type: 'gift_sent', amount: -100 });
    expect((await history(bob.cookie))[0]).toMatchObject({
      type: 'gift_received',
      amount: 100,
      description: 'Gift from alice: "gg"',
    });
    // Without a note the description has no quote.
    await gift(t, alice.cookie, { toUsername: 'bob', coins: 1 });
    expect((await listTransactions(t.db.kysely, bob.id))[0]?.description).toBe('Gift from alice');
  });

  it('refuses each wrong gift with its reason, moving nothing', async () => {
    const carol = await registerUser(t.app, 'carol');
    const cases: [Record<string, unknown>, ReturnType<typeof error>][] = [
      [{ toUsername: 'alice', coins: 10 }, error(400, 'You cannot give coins to yourself')],
      [{ toUsername: 'nobody-here', coins: 10 }, error(404, 'There is no user called nobody-here')],
      [{ toUsername: 'bob', coins: 0 }, error(400, 'You can give at least 1 coin')],
      [{ toUsername: 'bob', coins: -5 }, error(400, 'You can give at least 1 coin')],
      [{ toUsername: 'bob', coins: 2.5 }, error(400, 'Coins must be a whole number')],
      [{ toUsername: 'bob', coins: 1001 }, error(402, 'Insufficient Coins')],
      [
        { toUsername: 'bob', coins: 5, message: 'x'.repeat(201) },
        error(400, 'The message must be at most 200 characters'),
      ],
      [
        { toUsername: 'bob', coins: 5, message: 'hi\u202Ethere' },
        error(400, 'The message may not contain control or invisible characters'),
      ],
      [{ toUsername: '', coins: 5 }, error(400, 'Recipient is required')],
    ];
    for (const [body, expected] of cases) {
      const res = await gift(t, alice.cookie, body);
      expect(refusal(res).status, JSON.stringify(body)).toBe(expected.status);
      expect(res.json().message, JSON.stringify(body)).toContain(expected.body.message);
    }
    // 200 characters after trimming are fine.
    expect(
      (await gift(t, alice.cookie, { toUsername: 'carol', coins: 1, message: ` ${'y'.repeat(200)} ` })).statusCode,
    ).toBe(200);
    expect(await t.balanceOf(alice.cookie)).toBe(999);
    expect(await t.balanceOf(bob.cookie)).toBe(0);
    expect(await t.balanceOf(carol.cookie)).toBe(1);
    // Signed out: 401.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/gifts',
      payload: { toUsername: 'bob', coins: 1, requestId: key() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never overdraws under 20 concurrent gifts', async () => {
    const poor = await registerUser(t.app, 'poor');
    await grantCoins(t, poor.id, 100);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => gift(t, poor.cookie, { toUsername: i % 2 ? 'bob' : 'alice', coins: 10 })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(10);
    expect(await t.balanceOf(poor.cookie)).toBe(0);
    expect((await t.balanceOf(alice.cookie)) + (await t.balanceOf(bob.cookie))).toBe(1000 + 100);
  });

  it('settles gifts crossing each other (A to B while B gives to A) without a deadlock or a lost coin', async () => {
    await grantCoins(t, bob.id, 1000);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? gift(t, alice.cookie, { toUsername: 'bob', coins: 3 })
          : gift(t, bob.cookie, { toUsername: 'alice', coins: 5 }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await t.balanceOf(alice.cookie)).toBe(1000 - 30 + 50);
    expect(await t.balanceOf(bob.cookie)).toBe(1000 - 50 + 30);
  });

  it('moves the coins of a replayed requestId once, and refuses its reuse for another gift', async () => {
    const body = { toUsername: 'bob', coins: 30, requestId: 'same-confirm-123' };
    const first = await gift(t, alice.cookie, body);
    const again = await gift(t, alice.cookie, body);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const concurrent = { toUsername: 'bob', coins: 7, requestId: 'double-click-456' };
    const replies = await Promise.all(Array.from({ length: 10 }, () => gift(t, alice.cookie, concurrent)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await t.balanceOf(alice.cookie)).toBe(1000 - 30 - 7);
    expect(await t.balanceOf(bob.cookie)).toBe(37);
    const reused = await gift(t, alice.cookie, { ...body, coins: 31 });
    expect(refusal(reused)).toEqual(error(409, 'This requestId was already used for another gift'));
    // The key is the sender's own: another viewer may use the same one.
    await grantCoins(t, bob.id, 5);
    expect(
      (await gift(t, bob.cookie, { toUsername: 'alice', coins: 5, requestId: 'same-confirm-123' })).statusCode,
    ).toBe(200);
    expect(await t.db.kysely.selectFrom('gifts').select('id').execute()).toHaveLength(3);
  });

  it('caps what one sender gives per UTC day, and starts again the next day', async () => {
    await grantCoins(t, alice.id, 10_000);
    // 2026-01-01 00:00 UTC: near the end of the day the cap still counts the whole day.
    t.clock.advance(DAY - 60_000);
    expect((await gift(t, alice.cookie, { toUsername: 'bob', coins: 4000 })).statusCode).toBe(200);
    expect(refusal(await gift(t, alice.cookie, { toUsername: 'bob', coins: 1001 }))).toEqual(
      error(409, 'You can give at most 5,000 coins a day; you can give 1,000 coins more today'),
    );
    expect((await gift(t, alice.cookie, { toUsername: 'bob', coins: 1000 })).statusCode).toBe(200);
    expect(refusal(await gift(t, alice.cookie, { toUsername: 'bob', coins: 1 }))).toEqual(
      error(409, 'You can give at most 5,000 coins a day, and you have reached that today'),
    );
    // Someone else's cap is their own.
    await grantCoins(t, bob.id, 10);
    expect((await gift(t, bob.cookie, { toUsername: 'alice', coins: 10 })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await gift(t, alice.cookie, { toUsername: 'bob', coins: 5000 })).statusCode).toBe(200);
    expect(await t.balanceOf(bob.cookie)).toBe(10_000);
  });

  it('holds the cap under concurrent gifts', async () => {
    await grantCoins(t, alice.id, 10_000);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => gift(t, alice.cookie, { toUsername: 'bob', coins: 500 })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect(await t.balanceOf(bob.cookie)).toBe(5000);
  });

  it('is refused while the admin has switched gifting off', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/admin/gifting', headers: { cookie: admin } });
    const put = (cookie: string, enabled: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/gifting', headers: { cookie }, payload: { enabled } });
    expect((await get()).json()).toEqual({ enabled: true, holdDays: 7 });
    expect((await put(alice.cookie, false)).statusCode).toBe(403);
    expect((await put(admin, 'nope')).statusCode).toBe(400);
    expect((await put(admin, false)).json()).toEqual({ enabled: false, holdDays: 7 });
    expect((await get()).json()).toEqual({ enabled: false, holdDays: 7 });
    expect(refusal(await gift(t, alice.cookie, { toUsername: 'bob', coins: 10 }))).toEqual(
      error(409, 'Gifting is switched off'),
    );
    expect(await t.balanceOf(alice.cookie)).toBe(1000);
    expect((await put(admin, true)).json()).toEqual({ enabled: true, holdDays: 7 });
    expect((await gift(t, alice.cookie, { toUsername: 'bob', coins: 10 })).statusCode).toBe(200);
  });

  it("tells the recipient's open pages, and nobody else's", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/ws`;
    const bobPage = await listen(url, bob.cookie);
    const alicePage = await listen(url, alice.cookie);
    const anonymous = await listen(url);
    try {
      // The recipient is told the giver's display name, as the pages show people.
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: { cookie: alice.cookie },
        payload: { displayName: 'Alice A' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await gift(t, alice.cookie, { toUsername: 'bob', coins: 100, message: 'gg' })).statusCode).toBe(200);
      expect((await gift(t, alice.cookie, { toUsername: 'bob', coins: 5 })).statusCode).toBe(200);
      await settle(t, [bobPage, alicePage, anonymous], 'after-gifts');
      const changes = (l: typeof bobPage) => l.messages.filter((m) => m.type === 'balance_changed');
      const at = new Date(t.clock.now()).toISOString();
      expect(changes(bobPage)).toEqual([
        {
          type: 'balance_changed',
          balance: 100,
          amount: 100,
          reason: 'gift',
          from: 'Alice A',
          message: 'gg',
          timestamp: at,
        },
        {
          type: 'balance_changed',
          balance: 105,
          amount: 5,
          reason: 'gift',
          from: 'Alice A',
          message: null,
          timestamp: at,
        },
      ]);
      expect(changes(alicePage)).toEqual([]);
      expect(changes(anonymous)).toEqual([]);
    } finally {
      closeAll(bobPage, alicePage, anonymous);
    }
  });
});
