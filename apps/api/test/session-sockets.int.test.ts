import { testDialects } from '@shop/db/testing';
import type { TRealtimeMessage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import type { Services } from '../src/services';
import { createTestApp, loginAs, registerUser, sessionCookie, TEST_ADMIN, testRedisUrl } from './helpers';
import { closeAll, closeOf, type Listener, listen, receiptsOf, settle } from './live-helpers';

/** A receipt for this viewer, as the delivery code would send it. */
function receiptFor(services: Services, userId: number, actionName: string): void {
  const message: TRealtimeMessage = {
    type: 'action_status',
    historyId: 1,
    userId,
    actionName,
    status: 'delivered',
    attempt: 1,
    maxAttempts: 4,
    nextAttemptAt: null,
    message: null,
    timestamp: new Date().toISOString(),
  };
  services.realtime.broadcast(message);
}

const receiptNames = (listener: Listener) => receiptsOf(listener).map((r) => r.actionName);

const SESSION_ENDED = { code: 1008, reason: 'Session ended' };

describe.each(testDialects())('sockets of a revoked session on %s', (dialect) => {
  it('logout closes the sockets signed in with that session, and only those', async () => {
    const t = await createTestApp(dialect);
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
      const viewer = await registerUser(t.app, 'leaver');
      const otherDevice = await loginAs(t.app, 'leaver', 'secret123');
      const here = await listen(socketUrl, viewer.cookie);
      const hereToo = await listen(socketUrl, viewer.cookie);
      const there = await listen(socketUrl, otherDevice);
      const closed = [closeOf(here.ws), closeOf(hereToo.ws)];

      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: viewer.cookie } });
      expect(res.statusCode).toBe(200);
      expect(await Promise.all(closed)).toEqual([SESSION_ENDED, SESSION_ENDED]);

      // The other device's session is untouched: its socket still gets the viewer's receipts.
      receiptFor(t.services, viewer.id, 'After logout');
      await settle(t, [there], 'after-logout');
      expect(receiptNames(there)).toEqual(['After logout']);
      expect(receiptNames(here)).toEqual([]);
      closeAll(there);
    } finally {
      await t.close();
    }
  });

  it("an admin's password change closes every socket of that user; an admin changing their own keeps the new session", async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const adminId = (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin } })).json()
        .id as number;
      const viewer = await registerUser(t.app, 'stolen');
      const laptop = await loginAs(t.app, 'stolen', 'secret123');
      const phone = await listen(socketUrl, viewer.cookie);
      const desk = await listen(socketUrl, laptop);
      const bystander = await registerUser(t.app, 'bystander');
      const unrelated = await listen(socketUrl, bystander.cookie);
      const closed = [closeOf(phone.ws), closeOf(desk.ws)];

      const change = await t.app.inject({
        method: 'POST',
        url: `/api/admin/change-password/${viewer.id}`,
        headers: { cookie: admin },
        payload: { password: 'brand-new-pass' },
      });
      expect(change.statusCode).toBe(200);
      expect(await Promise.all(closed)).toEqual([SESSION_ENDED, SESSION_ENDED]);
      receiptFor(t.services, bystander.id, 'Still here');
      await settle(t, [unrelated], 'after-change');
      expect(receiptNames(unrelated)).toEqual(['Still here']);

      // The admin's own change: the old session's socket closes, the fresh cookie's socket works.
      const oldAdminSocket = await listen(socketUrl, admin);
      const adminClosed = closeOf(oldAdminSocket.ws);
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/admin/change-password/${adminId}`,
        headers: { cookie: admin },
        payload: { password: 'admin-pass-456' },
      });
      expect(own.statusCode).toBe(200);
      expect(await adminClosed).toEqual(SESSION_ENDED);
      const fresh = await listen(socketUrl, sessionCookie(own));
      receiptFor(t.services, adminId, 'Admin receipt');
      await settle(t, [fresh], 'after-own-change');
      expect(receiptNames(fresh)).toEqual(['Admin receipt']);
      closeAll(unrelated, fresh);
    } finally {
      await t.close();
    }
  });
});

describe('sockets of a revoked session across api processes through Redis', () => {
  const redisUrl = testRedisUrl();
  // As the other fan-out tests: CI always has Redis; a developer's machine may not.
  const maybe = redisUrl ? it : it.skip;
  maybe('a logout or password change on one process closes the sockets open on another', async () => {
    const a = await createTestApp('sqlite', { admin: TEST_ADMIN, redisUrl });
    const b = await a.sibling({ redisUrl });
    try {
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
      const viewer = await registerUser(a.app, 'roamer');
      const second = await loginAs(a.app, 'roamer', 'secret123');
      const first = await listen(socketUrl, viewer.cookie);
      const other = await listen(socketUrl, second);
      const firstClosed = closeOf(first.ws);

      // Signed out through process b; the socket lives on process a.
      const out = await b.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: viewer.cookie } });
      expect(out.statusCode).toBe(200);
      expect(await firstClosed).toEqual(SESSION_ENDED);
      expect(other.ws.readyState).toBe(other.ws.OPEN);

      const otherClosed = closeOf(other.ws);
      const admin = await loginAs(b.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const change = await b.app.inject({
        method: 'POST',
        url: `/api/admin/change-password/${viewer.id}`,
        headers: { cookie: admin },
        payload: { password: 'brand-new-pass' },
      });
      expect(change.statusCode).toBe(200);
      expect(await otherClosed).toEqual(SESSION_ENDED);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
