import { createServer, type Server, type Socket } from 'node:net';
import { type DialectName, findUserById } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TDiagnosticsResult, TMysqlTestResult, TSslCheck } from '@shop/domain';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testCustomMysql } from '../src/diagnostics/mysql-test';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp, testConfig } from './helpers';

// A value no diagnostics reply may ever contain: only the NAME of a variable may be shown.
const CANARY_NAME = 'SHOP_TEST_DIAGNOSTICS_CANARY';
const CANARY_VALUE = 'canary-value-7f3e9a1c-never-echo';

/** Like createTestApp, but DATABASE_URL names the test database, as it does in production. */
function createDiagnosticsApp(dialect: DialectName, url: (dbUrl: string | null) => string): Promise<TestApp> {
  return createTestApp(dialect, (db) => ({ admin: TEST_ADMIN, databaseUrl: url(db.url) }));
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago and we closed it). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Accepts TCP connections and never says a word: a MySQL that hangs after the handshake began. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(testDialects())('admin tools: diagnostics on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminCookie: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: admin, ...headers } });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });

  beforeAll(async () => {
    process.env[CANARY_NAME] = CANARY_VALUE;
    t = await createDiagnosticsApp(dialect, (dbUrl) => dbUrl ?? 'sqlite:./unused-in-tests.sqlite');
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    adminCookie = admin.split('=')[1] ?? '';
  });
  afterAll(async () => {
    delete process.env[CANARY_NAME];
    await t?.close();
  });

  describe('GET /api/db-diagnostics (the shop database)', () => {
    it('reports version, tables with counts, the environment by variable name only, and the network', async () => {
      const { id } = await registerUser(t.app, 'counted');
      await grantCoins(t, id, 25);
      const res = await get('/api/db-diagnostics');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(CANARY_VALUE);
      const result = res.json() as TDiagnosticsResult;
      expect(result).toMatchObject({ success: true, error: null });
      const d = result.details;
      expect(d.dialect).toBe(dialect);
      expect(d.serverVersion).toMatch(/\d+\.\d+/);
      expect(d.tables).toEqual(expect.arrayContaining(['users', 'transactions', 'sessions']));
      expect(d.tableCounts.users).toBe(2);
      expect(d.tableCounts.transactions).toBe(1);
      expect(d.environment.nodeVersion).toBe(process.version);
      expect(d.environment.mysqlClientVersion).toMatch(/^3\.\d+\.\d+$/);
      expect(d.environment.memory.total).toBeGreaterThan(0);
      expect(d.environment.environmentVariables).toContain(CANARY_NAME);
      expect(d.environment.environmentVariables).toContain('PATH');
      expect(d.ledger).toEqual({ ok: true, problems: [] });
      if (dialect === 'sqlite') {
        expect(d.config).toBeNull();
        expect(d.network).toBeNull();
        expect(d.file?.path).toMatch(/shop_test_.*\.sqlite$/);
        expect(d.file?.sizeBytes).toBeGreaterThan(0);
      } else {
        expect(d.file).toBeNull();
        expect(Object.keys(d.config ?? {}).sort()).toEqual(['database', 'host', 'port', 'user']);
        expect(d.config?.database).toMatch(/^shop_test_/);
        expect(d.network).toMatchObject({ host: '127.0.0.1', isLocal: true, isPingable: true });
        expect(d.network?.pingResult).toContain('TCP connection to 127.0.0.1:3306 opened');
      }
    });

    it('finds a user whose balance differs from the ledger', async () => {
      const { id } = await registerUser(t.app, 'tampered');
      await grantCoins(t, id, 10);
      await t.db.kysely.updateTable('users').set({ coin_balance: 999 }).where('id', '=', id).execute();
      try {
        const result = (await get('/api/db-diagnostics')).json() as TDiagnosticsResult;
        expect(result.success).toBe(true);
        expect(result.message).toContain('LEDGER MISMATCH');
        expect(result.details.ledger).toEqual({ ok: false, problems: [{ userId: id, balance: 999, ledgerSum: 10 }] });
      } finally {
        await t.db.kysely.updateTable('users').set({ coin_balance: 10 }).where('id', '=', id).execute();
      }
      expect(((await get('/api/db-diagnostics')).json() as TDiagnosticsResult).details.ledger?.ok).toBe(true);
      expect(Number((await findUserById(t.db.kysely, id))?.coin_balance)).toBe(10);
      await assertLedgerInvariant(t.db);
    });
  });

  describe('custom MySQL connections that fail', () => {
    it("POST /api/mysql-test: 'Failed to connect to MySQL', the config without the password", async () => {
      const port = await closedPort();
      const password = 'custom-secret-pass-41';
      const res = await post('/api/mysql-test', { host: '127.0.0.1', port, user: 'shop', password, database: 'db1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(password);
      const result = res.json() as TMysqlTestResult;
      expect(result).toMatchObject({
        success: false,
        applicable: true,
        message: 'Failed to connect to MySQL',
        config: { host: '127.0.0.1', port, user: 'shop', database: 'db1' },
      });
      expect(result.error).toContain('ECONNREFUSED');
    });

    it("POST /api/db-diagnostics: 'Connection Failed' with the unreachable port in the network check", async () => {
      const port = await closedPort();
      const password = 'diag-secret-pass-77';
      const res = await post('/api/db-diagnostics', { host: 'localhost', port: String(port), user: 'u', password });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(password);
      expect(res.body).not.toContain(CANARY_VALUE);
      const result = res.json() as TDiagnosticsResult;
      expect(result).toMatchObject({ success: false, message: 'Connection Failed' });
      expect(result.details.config).toEqual({ host: 'localhost', port, user: 'u', database: '' });
      expect(result.details.network).toMatchObject({ host: 'localhost', isLocal: true, isPingable: false });
      expect(result.details.network?.pingResult).toContain('failed');
      expect(result.details.ledger).toBeNull();
    });

    it.each([
      [{ port: 3306, user: 'root' }, 'host: Host is required'],
      [{ host: 'db', port: 'abc', user: 'root' }, 'port: Port must be a number'],
      [{ host: 'db', port: 70000, user: 'root' }, 'port: Port must be between 1 and 65535'],
      [{ host: 'db', port: 3306 }, 'user: User is required'],
    ])('refuses %j', async (payload, message) => {
      for (const url of ['/api/mysql-test', '/api/db-diagnostics']) {
        const res = await post(url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: 'error', message });
      }
    });

    it('gives up on a server that accepts and never answers once the timeout passes', async () => {
      const silent = await silentServer();
      try {
        const result = await testCustomMysql(
          { host: '127.0.0.1', port: silent.port, user: 'root', password: 'hang-secret', database: '' },
          200,
        );
        expect(result).toMatchObject({ success: false, message: 'Failed to connect to MySQL' });
        expect(result.error).toMatch(/ETIMEDOUT|timeout/i);
        expect(JSON.stringify(result)).not.toContain('hang-secret');
      } finally {
        await silent.close();
      }
    });
  });

  if (dialect === 'sqlite') {
    it('GET /api/mysql-test on SQLite says there is no MySQL to test', async () => {
      const result = (await get('/api/mysql-test')).json() as TMysqlTestResult;
      expect(result).toMatchObject({ success: false, applicable: false, config: null });
      expect(result.message).toContain('SQLite');
    });
  }

  if (dialect === 'mysql') {
    describe('MySQL with a password-protected account', () => {
      const password = 'diag-Pa55-secret-93b1';
      const account = `diag_${process.pid}`;
      let dbName = '';
      let withAccount: TestApp | null = null;

      beforeAll(async () => {
        const url = new URL(t.db.url ?? '');
        dbName = url.pathname.slice(1);
        const root = await createConnection(t.db.url ?? '');
        for (const host of ['localhost', '127.0.0.1']) {
          await root.query(`CREATE USER IF NOT EXISTS '${account}'@'${host}' IDENTIFIED BY '${password}'`);
          await root.query(`GRANT ALL ON \`${dbName}\`.* TO '${account}'@'${host}'`);
        }
        await root.end();
        // The app runs on the same test database, but DATABASE_URL carries the account's password.
        withAccount = await createDiagnosticsApp('mysql', () => {
          const u = new URL(t.db.url ?? '');
          u.username = account;
          u.password = password;
          return u.toString();
        });
      });
      afterAll(async () => {
        await withAccount?.close();
        const root = await createConnection(t.db.url ?? '');
        for (const host of ['localhost', '127.0.0.1']) await root.query(`DROP USER IF EXISTS '${account}'@'${host}'`);
        await root.end();
      });

      it('GET /api/mysql-test connects with DATABASE_URL and never shows its password', async () => {
        const app = withAccount as TestApp;
        const cookie = await loginAs(app.app, TEST_ADMIN.username, TEST_ADMIN.password);
        const res = await app.app.inject({ method: 'GET', url: '/api/mysql-test', headers: { cookie } });
        expect(res.body).not.toContain(password);
        const result = res.json() as TMysqlTestResult;
        expect(result).toMatchObject({ success: true, applicable: true, error: null });
        expect(result.message).toMatch(/^Connected to MySQL \d/);
        expect(result.config).toEqual({ host: '127.0.0.1', port: 3306, user: account, database: expect.any(String) });
        const diagnostics = await app.app.inject({ method: 'GET', url: '/api/db-diagnostics', headers: { cookie } });
        expect(diagnostics.body).not.toContain(password);
        expect(diagnostics.body).not.toContain(CANARY_VALUE);
        expect((diagnostics.json() as TDiagnosticsResult).details.config?.user).toBe(account);
      });

      it('POST /api/db-diagnostics reads another database with the given account, password never echoed', async () => {
        const res = await post('/api/db-diagnostics', {
          host: '127.0.0.1',
          port: 3306,
          user: account,
          password,
          database: dbName,
        });
        expect(res.body).not.toContain(password);
        expect(res.body).not.toContain(CANARY_VALUE);
        const result = res.json() as TDiagnosticsResult;
        expect(result).toMatchObject({ success: true, error: null });
        expect(result.details.tables).toContain('users');
        expect(result.details.tableCounts.users).toBeGreaterThanOrEqual(1);
        expect(result.details.network).toMatchObject({ isLocal: true, isPingable: true });
      });

      it('POST /api/mysql-test with a wrong password fails without echoing it', async () => {
        const wrong = 'wrong-password-5521';
        const res = await post('/api/mysql-test', { host: '127.0.0.1', port: 3306, user: account, password: wrong });
        expect(res.body).not.toContain(wrong);
        const result = res.json() as TMysqlTestResult;
        expect(result).toMatchObject({ success: false, message: 'Failed to connect to MySQL' });
        expect(result.error).toContain('Access denied');
      });

      it('POST /api/mysql-test with the right password succeeds', async () => {
        const res = await post('/api/mysql-test', { host: '127.0.0.1', port: 3306, user: account, password });
        expect(res.body).not.toContain(password);
        expect((res.json() as TMysqlTestResult).success).toBe(true);
      });
    });
  }

  describe('GET /api/ssl-check', () => {
    it('reads plain http, spots Cloudflare, and never shows Cookie or Authorization', async () => {
      const res = await get('/api/ssl-check', {
        authorization: 'Bearer bearer-token-secret-1234',
        'cf-ray': '8a1b2c3d4e5f-FRA',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('bearer-token-secret-1234');
      expect(res.body).not.toContain(adminCookie);
      const result = res.json() as TSslCheck;
      // TRUST_PROXY is off: a client's X-Forwarded-Proto cannot make plain http look secure.
      expect(result).toMatchObject({ protocol: 'http', secure: false, cloudflare: true, clientIp: '127.0.0.1' });
      expect(result.host).toBe('localhost:80');
      expect(result.headers['cf-ray']).toBe('8a1b2c3d4e5f-FRA');
      expect(result.headers).not.toHaveProperty('cookie');
      expect(result.headers).not.toHaveProperty('authorization');
      expect(result.trustProxy).toContain('off');
    });

    it('says no Cloudflare without its headers', async () => {
      expect(((await get('/api/ssl-check')).json() as TSslCheck).cloudflare).toBe(false);
      const viaIp = (await get('/api/ssl-check', { 'cf-connecting-ip': '198.51.100.4' })).json() as TSslCheck;
      expect(viaIp.cloudflare).toBe(true);
    });

    it('believes X-Forwarded-Proto and -For from one trusted proxy hop (TRUST_PROXY=1)', async () => {
      const proxied = await buildApp(testConfig({ admin: TEST_ADMIN, trustProxy: 1 }), {
        db: t.db,
        now: t.clock.now,
      });
      try {
        await proxied.app.ready();
        const res = await proxied.app.inject({
          method: 'GET',
          url: '/api/ssl-check',
          headers: { cookie: admin, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
        });
        const result = res.json() as TSslCheck;
        expect(result).toMatchObject({ protocol: 'https', secure: true, clientIp: '203.0.113.9' });
        expect(result.trustProxy).toBe('1 hop');
      } finally {
        await proxied.app.close();
      }
    });
  });

  it('documents every path in GET /api/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/db-diagnostics'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/mysql-test'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/ssl-check']?.get).toBeDefined();
    expect(doc.paths['/api/admin/users']?.get).toBeDefined();
  });
});
