import { listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restEndpoints } from '../src/rest/endpoints';
import { createTestApp, grantCoins, loginAs, registerUser, sessionCookie, TEST_ADMIN, type TestApp } from './helpers';

type Method = 'GET' | 'POST';

const adminToolsRestRoutes = restEndpoints().filter((e) => e.procedure.startsWith('adminTools.'));

describe.each(testDialects())('admin tools: users and coins on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewer = (await registerUser(t.app, 'nosy')).cookie;
  });
  afterAll(async () => t?.close());

  describe('every path refuses anonymous visitors (401) and viewers (403)', () => {
    it('covers the eleven paths of the page', () => {
      expect(adminToolsRestRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
        'GET /api/admin/users',
        'GET /api/admin/users/{id}/transactions',
        'GET /api/db-diagnostics',
        'GET /api/mysql-test',
        'GET /api/ssl-check',
        'POST /api/admin/change-password/{userId}',
        'POST /api/admin/users/{id}/coins',
        'POST /api/admin/users/{id}/disable',
        'POST /api/admin/users/{id}/enable',
        'POST /api/db-diagnostics',
        'POST /api/mysql-test',
      ]);
      for (const route of adminToolsRestRoutes) expect(route.access).toBe('admin');
    });

    it.each(adminToolsRestRoutes.map((r) => [r.method, r.path] as const))('%s %s', async (method, url) => {
      const path = url.replace(/\{\w+\}/g, '1');
      // A body that would be valid for an admin: refusal must not depend on input checks running first.
      const payload =
        method === 'GET'
          ? undefined
          : { password: 'new-secret-1', amount: 5, reason: 'x', host: '127.0.0.1', port: 1, user: 'root' };
      const anonymous = await call(method as Method, path, null, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ status: 'error', message: 'You must be logged in' });
      const forbidden = await call(method as Method, path, viewer, payload);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ status: 'error', message: 'Admin access required' });
    });

    it('refuses viewers over tRPC too', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/adminTools.searchUsers?input=${encodeURIComponent(JSON.stringify({ username: 'a' }))}`,
        headers: { cookie: viewer },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('user search', () => {
    beforeAll(async () => {
      await registerUser(t.app, 'AliceOne');
      await registerUser(t.app, 'bobalice');
      await registerUser(t.app, 'carol');
      for (let i = 0; i < 22; i++) await registerUser(t.app, `bulk_${String(i).padStart(2, '0')}`);
    });

    const search = (text: string) => call('GET', `/api/admin/users?username=${encodeURIComponent(text)}`, admin);

    it("asks for a username: 'Username is required'", async () => {
      for (const url of ['/api/admin/users', '/api/admin/users?username=', '/api/admin/users?username=%20%20']) {
        const res = await call('GET', url, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('Username is required');
      }
    });

    it('finds usernames containing the text in any case, with the listed fields only', async () => {
      const res = await search('ALICE');
      expect(res.statusCode).toBe(200);
      const users = res.json() as Record<string, unknown>[];
      expect(users.map((u) => u.username)).toEqual(['AliceOne', 'bobalice']);
      expect(Object.keys(users[0] ?? {}).sort()).toEqual([
        'coinBalance',
        'createdAt',
        'disabledAt',
        'displayName',
        'id',
        'isAdmin',
        'username',
      ]);
      expect(res.body).not.toContain('argon2');
    });

    it('answers at most 20 users', async () => {
      const res = await search('bulk_');
      expect(res.json()).toHaveLength(20);
    });

    it('treats % and _ as plain characters and answers an empty list when nothing matches', async () => {
      expect((await search('%')).json()).toEqual([]);
      expect((await search('nobody-like-this')).json()).toEqual([]);
      // '_' must not match any one character: 'bulk_' matches, 'bulkx' style names would not.
      expect((await search('k_0')).json()).toHaveLength(10);
    });

    it('marks admins', async () => {
      const [found] = (await search('admin')).json() as { isAdmin: boolean }[];
      expect(found?.isAdmin).toBe(true);
    });
  });

  describe('password change', () => {
    it('sets the new password and signs the user out everywhere, and nobody else', async () => {
      const victim = await registerUser(t.app, 'victim', 'old-password');
      const secondDevice = await loginAs(t.app, 'victim', 'old-password');
      const bystander = await registerUser(t.app, 'bystander');
      expect((await call('GET', '/api/user', victim.cookie)).statusCode).toBe(200);

      const res = await call('POST', `/api/admin/change-password/${victim.id}`, admin, { password: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: 'Password changed' });
      expect(res.body).not.toContain('brand-new-pass');

      expect((await call('GET', '/api/user', victim.cookie)).statusCode).toBe(401);
      expect((await call('GET', '/api/user', secondDevice)).statusCode).toBe(401);
      expect((await call('GET', '/api/user', bystander.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/user', admin)).statusCode).toBe(200);
      const oldLogin = await call('POST', '/api/login', null, { username: 'victim', password: 'old-password' });
      expect(oldLogin.statusCode).toBe(401);
      await loginAs(t.app, 'victim', 'brand-new-pass');
    });

    it.each([
      ['12345', 'Password must be at least 6 characters'],
      ['x'.repeat(51), 'Password must be less than 50 characters'],
    ])('refuses %s with the spec message', async (password, message) => {
      const victim = await registerUser(t.app, `short_${password.length}`, 'kept-password');
      const res = await call('POST', `/api/admin/change-password/${victim.id}`, admin, { password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      // Nothing changed: the session and the old password still work.
      expect((await call('GET', '/api/user', victim.cookie)).statusCode).toBe(200);
      await loginAs(t.app, `short_${password.length}`, 'kept-password');
    });

    it('accepts exactly 6 and exactly 50 characters', async () => {
      const user = await registerUser(t.app, 'edges');
      for (const password of ['123456', 'y'.repeat(50)]) {
        const res = await call('POST', `/api/admin/change-password/${user.id}`, admin, { password });
        expect(res.statusCode).toBe(200);
        await loginAs(t.app, 'edges', password);
      }
    });

    it('answers 404 for an unknown user', async () => {
      const res = await call('POST', '/api/admin/change-password/999999', admin, { password: 'whatever-1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'User not found' });
    });

    it('keeps an admin who changes their own password signed in, through a fresh session', async () => {
      const other = await registerUser(t.app, 'second_admin', 'first-pass');
      await t.db.kysely.updateTable('users').set({ is_admin: 1 }).where('id', '=', other.id).execute();
      const elsewhere = await loginAs(t.app, 'second_admin', 'first-pass');
      const res = await call('POST', `/api/admin/change-password/${other.id}`, other.cookie, {
        password: 'second-pass',
      });
      expect(res.statusCode).toBe(200);
      const fresh = sessionCookie(res as LightMyRequestResponse);
      expect(fresh).not.toBe(other.cookie);
      expect((await call('GET', '/api/user', fresh)).statusCode).toBe(200);
      expect((await call('GET', '/api/user', other.cookie)).statusCode).toBe(401);
      expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(401);
    });
  });

  describe('coin adjustments', () => {
    const adjust = (userId: number, payload: object) =>
      call('POST', `/api/admin/users/${userId}/coins`, admin, payload);

    it('adds and removes coins as admin_adjustment ledger rows naming the reason and the admin', async () => {
      const { id } = await registerUser(t.app, 'adjusted');
      const added = await adjust(id, { amount: 100, reason: 'stream giveaway' });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ status: 'success', balance: 100 });
      const removed = await adjust(id, { amount: -30, reason: 'duplicate grant' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ balance: 70, message: 'Removed 30 coins; the balance is now 70' });

      const ledger = await listTransactions(t.db.kysely, id);
      expect(ledger.map((r) => [r.type, r.amount, r.description])).toEqual([
        ['admin_adjustment', -30, 'Adjusted by admin: duplicate grant'],
        ['admin_adjustment', 100, 'Adjusted by admin: stream giveaway'],
      ]);
      const recent = await call('GET', `/api/admin/users/${id}/transactions`, admin);
      expect(recent.statusCode).toBe(200);
      expect((recent.json() as { amount: number }[]).map((r) => r.amount)).toEqual([-30, 100]);
      await assertLedgerInvariant(t.db);
    });

    it("never takes the balance below zero: 'The user has only N coins' and nothing changes", async () => {
      const { id } = await registerUser(t.app, 'poor');
      await grantCoins(t, id, 70);
      const res = await adjust(id, { amount: -71, reason: 'too much' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: 'The user has only 70 coins' });
      const user = (await call('GET', `/api/admin/users?username=poor`, admin)).json() as { coinBalance: number }[];
      expect(user[0]?.coinBalance).toBe(70);
      expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
      const all = await adjust(id, { amount: -70, reason: 'exactly all' });
      expect(all.json().balance).toBe(0);
      await assertLedgerInvariant(t.db);
    });

    it('lets concurrent removals take only what is there', async () => {
      const { id } = await registerUser(t.app, 'contested');
      await grantCoins(t, id, 100);
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) => adjust(id, { amount: -40, reason: `race ${i}` })),
      );
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(4);
      const [found] = (await call('GET', '/api/admin/users?username=contested', admin)).json() as {
        coinBalance: number;
      }[];
      expect(found?.coinBalance).toBe(20);
      await assertLedgerInvariant(t.db);
    });

    it.each([
      [{ amount: 0, reason: 'zero' }, 'Amount must not be zero'],
      [{ amount: 1.5, reason: 'fraction' }, 'Amount must be a whole number'],
      [{ amount: '10', reason: 'text' }, 'Amount must be a whole number'],
      [{ amount: 10 }, 'Reason is required'],
      [{ amount: 10, reason: '   ' }, 'Reason is required'],
      [{ amount: 10, reason: 'r'.repeat(151) }, 'Reason must be at most 150 characters'],
      [{ amount: 1_000_001, reason: 'typo' }, 'Amount must be between'],
    ])('refuses %j', async (payload, message) => {
      const { id } = await registerUser(t.app, `bad_${Math.random().toString(36).slice(2, 10)}`);
      const res = await adjust(id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await listTransactions(t.db.kysely, id)).toHaveLength(0);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await adjust(999_999, { amount: 5, reason: 'ghost' })).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/users/999999/transactions', admin)).statusCode).toBe(404);
      await assertLedgerInvariant(t.db);
    });
  });
});
