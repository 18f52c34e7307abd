import {
  findUserByUsername,
  insertSession,
  insertUser,
  listCategories,
  listCoinPackages,
  listStreamActions,
} from '@shop/db';
import { createTestDb, type TestDb, testDialects } from '@shop/db/testing';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/password';
import { ensureAdmin } from '../src/bootstrap';
import { loadConfig } from '../src/env';
import { createTestApp, DEFAULT_RATE_LIMITS, loginAs, sessionCookie, testConfig } from './helpers';

async function countSessions(db: TestDb, username: string): Promise<number> {
  const user = await findUserByUsername(db.kysely, username);
  if (!user) throw new Error(`no user ${username}`);
  const rows = await db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
  return rows.length;
}

describe.each(testDialects())('start-up on %s', (dialect) => {
  it('creates the configured admin, who can sign in and is an admin', async () => {
    const t = await createTestApp(dialect, { admin: { username: 'boss', password: 'boss-pass' } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'boss', password: 'boss-pass' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().isAdmin).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('promotes an existing user and sets the configured password', async () => {
    const db = await createTestDb(dialect);
    try {
      await insertUser(db.kysely, { username: 'Boss', passwordHash: await hashPassword('old-password'), now: 1 });
      const { app } = await buildApp(testConfig({ admin: { username: 'boss', password: 'new-password' } }), { db });
      const old = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'boss', password: 'old-password' },
      });
      expect(old.statusCode).toBe(401);
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'boss', password: 'new-password' },
      });
      expect(res.json().isAdmin).toBe(true);
      expect((await findUserByUsername(db.kysely, 'boss'))?.is_admin).toBe(1);
      await app.close();
    } finally {
      await db.destroy();
    }
  });

  it('refuses to register the configured admin name, in any case', async () => {
    const t = await createTestApp(dialect, { admin: { username: 'boss', password: 'boss-pass' } });
    try {
      for (const username of ['boss', 'BOSS', ' Boss ']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { username, password: 'secret123' },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ status: 'error', message: 'This username is reserved' });
      }
      const trpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.register',
        payload: { username: 'Boss', password: 'secret123' },
      });
      expect(trpc.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });

  it('signs out every session of a squatted account when start-up promotes it', async () => {
    const db = await createTestDb(dialect);
    try {
      // A viewer registers the name before the operator configures it as the admin.
      const before = await buildApp(testConfig(), { db });
      const squatter = await before.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'Boss', password: 'squatter-pass' },
      });
      expect(squatter.statusCode).toBe(200);
      const cookie = sessionCookie(squatter);
      await before.app.close();

      const after = await buildApp(testConfig({ admin: { username: 'boss', password: 'real-admin-pass' } }), { db });
      try {
        const me = await after.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
        expect(me.statusCode).toBe(401);
        const admin = await after.app.inject({
          method: 'GET',
          url: '/api/admin/coin-packages',
          headers: { cookie },
        });
        expect(admin.statusCode).toBe(401);
        const old = await after.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'boss', password: 'squatter-pass' },
        });
        expect(old.statusCode).toBe(401);
        expect(await countSessions(db, 'boss')).toBe(0);
      } finally {
        await after.app.close();
      }
    } finally {
      await db.destroy();
    }
  });

  it('keeps the admin signed in across a restart that changes nothing', async () => {
    const db = await createTestDb(dialect);
    try {
      const admin = { username: 'boss', password: 'boss-pass-1' };
      const first = await buildApp(testConfig({ admin }), { db });
      const cookie = await loginAs(first.app, admin.username, admin.password);
      await first.app.close();

      const same = await buildApp(testConfig({ admin }), { db });
      try {
        expect((await same.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
      } finally {
        await same.app.close();
      }
    } finally {
      await db.destroy();
    }
  });

  it('keeps the password the admin chose across restarts, until ADMIN_PASSWORD_RESET restores the configured one', async () => {
    const db = await createTestDb(dialect);
    const login = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { username: 'boss', password } });
    const signedIn = async (app: FastifyInstance, cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode === 200;
    try {
      const admin = { username: 'boss', password: 'configured-pass' };
      const first = await buildApp(testConfig({ admin }), { db });
      const adminId = (await findUserByUsername(db.kysely, 'boss'))?.id;
      const changed = await first.app.inject({
        method: 'POST',
        url: `/api/admin/change-password/${adminId}`,
        headers: { cookie: await loginAs(first.app, 'boss', 'configured-pass') },
        payload: { password: 'chosen-by-admin' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const cookie = sessionCookie(changed);
      await first.app.close();

      // A plain restart, and one with a different ADMIN_PASSWORD: the chosen password stays, and so does the session.
      for (const password of ['configured-pass', 'edited-in-env']) {
        const restarted = await buildApp(testConfig({ admin: { ...admin, password } }), { db });
        try {
          expect((await login(restarted.app, 'chosen-by-admin')).statusCode).toBe(200);
          expect((await login(restarted.app, password)).statusCode).toBe(401);
          expect(await signedIn(restarted.app, cookie)).toBe(true);
        } finally {
          await restarted.app.close();
        }
      }
      expect(await ensureAdmin(db, { ...admin, password: 'edited-in-env' }, Date.now())).toBe('password-kept');

      const reset = await buildApp(testConfig({ admin: { ...admin, resetPassword: true } }), { db });
      let afterReset: string;
      try {
        expect((await login(reset.app, 'configured-pass')).json().isAdmin).toBe(true);
        expect((await login(reset.app, 'chosen-by-admin')).statusCode).toBe(401);
        // Whoever knew the chosen password (or held a cookie from it) is signed out.
        expect(await signedIn(reset.app, cookie)).toBe(false);
        afterReset = await loginAs(reset.app, 'boss', 'configured-pass');
      } finally {
        await reset.app.close();
      }

      // The flag left on: the password already matches, so nothing changes and nobody is signed out.
      const again = await buildApp(testConfig({ admin: { ...admin, resetPassword: true } }), { db });
      try {
        expect(await signedIn(again.app, afterReset)).toBe(true);
      } finally {
        await again.app.close();
      }
    } finally {
      await db.destroy();
    }
  });

  it('sweeps sessions that expired without their cookie coming back', async () => {
    const db = await createTestDb(dialect);
    try {
      const userId = await insertUser(db.kysely, { username: 'gone', passwordHash: 'x', now: 1 });
      await insertSession(db.kysely, { id: 'old', user_id: userId, expires_at: 1 });
      await insertSession(db.kysely, { id: 'live', user_id: userId, expires_at: Date.now() + 60_000 });
      const { app } = await buildApp(testConfig(), { db });
      await app.close();
      const left = await db.kysely.selectFrom('sessions').select('id').execute();
      expect(left.map((r) => r.id)).toEqual(['live']);
    } finally {
      await db.destroy();
    }
  });

  it('seeds an empty shop once, and not at all when told not to', async () => {
    const db = await createTestDb(dialect);
    try {
      const first = await buildApp(testConfig({ seedDemoData: true }), { db });
      await first.app.close();
      const second = await buildApp(testConfig({ seedDemoData: true }), { db });
      await second.app.close();
      expect(await listCoinPackages(db.kysely, { activeOnly: true })).toHaveLength(4);
      expect((await listCategories(db.kysely)).map((c) => c.name).sort()).toEqual([
        'Chat Effect',
        'Game Effect',
        'Sound Effect',
        'Visual Effect',
      ]);
      expect((await listStreamActions(db.kysely, { activeOnly: true })).length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
    const empty = await createTestApp(dialect, { seedDemoData: false });
    try {
      expect(await listCoinPackages(empty.db.kysely, { activeOnly: false })).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('rate limits login and register per address', async () => {
    const t = await createTestApp(dialect, {
      rateLimits: { ...DEFAULT_RATE_LIMITS, login: { max: 3, windowMs: 60_000 } },
    });
    try {
      const attempt = () =>
        t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ghost', password: 'secret123' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
      t.clock.advance(61_000);
      expect((await attempt()).statusCode).toBe(401);

      const register = (i: number) =>
        t.app.inject({ method: 'POST', url: '/api/register', payload: { username: `new${i}`, password: 'secret123' } });
      const codes = [];
      for (let i = 0; i < DEFAULT_RATE_LIMITS.register.max + 1; i++) codes.push((await register(i)).statusCode);
      expect(codes.at(-1)).toBe(429);
      expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('ADMIN_PASSWORD_RESET', () => {
  it('is read as a boolean, off unless set, and only with an admin configured', () => {
    const env = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'boss-pass' };
    expect(loadConfig(env).admin).toEqual({ username: 'boss', password: 'boss-pass', resetPassword: false });
    expect(loadConfig({ ...env, ADMIN_PASSWORD_RESET: 'true' }).admin?.resetPassword).toBe(true);
    expect(loadConfig({ ...env, ADMIN_PASSWORD_RESET: '' }).admin?.resetPassword).toBe(false);
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD_RESET: 'maybe' })).toThrow(/ADMIN_PASSWORD_RESET/);
    expect(() => loadConfig({ ADMIN_PASSWORD_RESET: 'true' })).toThrow(/ADMIN_PASSWORD_RESET/);
  });
});
