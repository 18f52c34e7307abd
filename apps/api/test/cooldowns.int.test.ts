import { testDialects } from '@shop/db/testing';
import type { TStreamAction } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';

async function createAction(t: TestApp, admin: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/stream-actions',
    headers: { cookie: admin },
    payload: { name: 'Fireworks', description: 'Bang', webhookAction: 'fireworks', cost: 10, ...payload },
  });
}

async function listed(t: TestApp, actionId: number, cookie?: string): Promise<TStreamAction> {
  const res = await t.app.inject({ method: 'GET', url: '/api/stream-actions', headers: cookie ? { cookie } : {} });
  const action = (res.json() as TStreamAction[]).find((a) => a.id === actionId);
  if (!action) throw new Error('action not listed');
  return action;
}

describe.each(testDialects())('action cooldowns on %s', (dialect) => {
  it('checks the form fields with clear messages', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const tooLong = await createAction(t, admin, { cooldownSeconds: 86_401 });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toContain('Cooldown must be at most 86400 seconds (one day)');
      const negative = await createAction(t, admin, { userCooldownSeconds: -1 });
      expect(negative.json().message).toContain('Per-viewer cooldown cannot be negative');
      const fraction = await createAction(t, admin, { cooldownSeconds: 1.5 });
      expect(fraction.json().message).toContain('Cooldown must be a whole number of seconds');
      const plain = await createAction(t, admin, {});
      expect(plain.json()).toMatchObject({ cooldownSeconds: 0, userCooldownSeconds: 0, availableAt: null });
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/stream-actions/${plain.json().id}`,
        headers: { cookie: admin },
        payload: { cooldownSeconds: 90, userCooldownSeconds: 600 },
      });
      expect(edited.json()).toMatchObject({ cooldownSeconds: 90, userCooldownSeconds: 600 });
    } finally {
      await t.close();
    }
  });

  it('refuses everyone during a global cooldown, charging nothing, and says how long is left', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
      const actionId = (await createAction(t, admin, { cooldownSeconds: 60 })).json().id as number;
      const alice = await viewerWithCoins(t, 'alice', 100);
      const bob = await viewerWithCoins(t, 'bob', 100);
      const started = t.clock.value;

      expect((await t.trigger(alice.cookie, actionId)).statusCode).toBe(200);
      expect((await listed(t, actionId)).availableAt).toBe(new Date(started + 60_000).toISOString());

      t.clock.advance(45_400);
      const refused = await t.trigger(bob.cookie, actionId);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 'error',
        message: 'This action is cooling down. Try again in 15 seconds.',
      });
      expect(refused.headers['retry-after']).toBe('15');
      expect(await t.balanceOf(bob.cookie)).toBe(100);
      // The refusal did not move the cooldown.
      expect((await listed(t, actionId)).availableAt).toBe(new Date(started + 60_000).toISOString());

      t.clock.advance(14_600);
      expect((await listed(t, actionId)).availableAt).toBeNull();
      expect((await t.trigger(bob.cookie, actionId)).statusCode).toBe(200);
      expect(await t.balanceOf(bob.cookie)).toBe(90);
      const rows = await t.db.kysely.selectFrom('action_history').select('user_id').execute();
      expect(rows.map((r) => r.user_id).sort()).toEqual([alice.id, bob.id].sort());
    } finally {
      await t.close();
    }
  });

  it('lets exactly one of two racing triggers through a global cooldown', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
      const actionId = (await createAction(t, admin, { cooldownSeconds: 300 })).json().id as number;
      const viewers = await Promise.all(
        ['racer1', 'racer2', 'racer3', 'racer4'].map((name) => viewerWithCoins(t, name, 50)),
      );
      const replies = await Promise.all(viewers.map((v) => t.trigger(v.cookie, actionId)));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
      // Each loser names the cooldown the winner started (the clock stands still here).
      for (const refused of replies.filter((r) => r.statusCode === 429)) {
        expect(refused.json().message).toBe('This action is cooling down. Try again in 300 seconds.');
      }
      const balances = await Promise.all(viewers.map((v) => t.balanceOf(v.cookie)));
      expect(balances.sort()).toEqual([40, 50, 50, 50]);
      const history = await t.db.kysely.selectFrom('action_history').select('id').execute();
      expect(history).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('keeps a per-viewer cooldown for that viewer only, and answers a replayed requestId', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
      const actionId = (await createAction(t, admin, { userCooldownSeconds: 30 })).json().id as number;
      const alice = await viewerWithCoins(t, 'alice', 100);
      const bob = await viewerWithCoins(t, 'bob', 100);
      const started = t.clock.value;

      const first = await t.trigger(alice.cookie, actionId, { requestId: 'req-alice-0001' });
      expect(first.statusCode).toBe(200);
      t.clock.advance(10_000);
      // The same confirm sent again answers the first result, not a cooldown.
      const replay = await t.trigger(alice.cookie, actionId, { requestId: 'req-alice-0001' });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().historyId).toBe(first.json().historyId);

      const again = await t.trigger(alice.cookie, actionId, { requestId: 'req-alice-0002' });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe('This action is cooling down. Try again in 20 seconds.');
      expect(await t.balanceOf(alice.cookie)).toBe(90);
      expect((await t.trigger(bob.cookie, actionId)).statusCode).toBe(200);

      expect(await listed(t, actionId, alice.cookie)).toMatchObject({
        availableAt: null,
        userAvailableAt: new Date(started + 30_000).toISOString(),
      });
      expect((await listed(t, actionId, bob.cookie)).userAvailableAt).toBe(new Date(started + 40_000).toISOString());
      expect((await listed(t, actionId)).userAvailableAt).toBeNull();

      t.clock.advance(20_000);
      expect((await t.trigger(alice.cookie, actionId)).statusCode).toBe(200);
      expect(await t.balanceOf(alice.cookie)).toBe(80);
    } finally {
      await t.close();
    }
  });
});
