// The BUILT shop (node apps/api/dist/server.js) in a child process on a fresh database, and the admin
// calls a benchmark needs to set it up, all over its public /api.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DialectName } from '@shop/db';
import { createConnection } from 'mysql2/promise';
import { post } from '../measure';
import { type Child, freePort, REPO_ROOT, startChild, waitForHttp } from './processes';

/** BENCH_SHOP_SERVER runs another build of the shop (e.g. a copy kept apart while others rebuild). */
export const SHOP_SERVER = resolve(REPO_ROOT, process.env.BENCH_SHOP_SERVER ?? 'apps/api/dist/server.js');
const ADMIN = { username: 'bench_admin', password: 'bench-admin-pass' };

/** A database nobody else uses: a new SQLite file, or a new MySQL schema on TEST_MYSQL_URL. */
export async function freshDatabase(dialect: DialectName, name: string): Promise<string> {
  if (dialect === 'sqlite') return `sqlite:${join(mkdtempSync(join(tmpdir(), `${name}-`)), 'shop.sqlite')}`;
  const base = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const schema = `${name}_${process.pid}`;
  const conn = await createConnection({ uri: base.toString() });
  await conn.query(`DROP DATABASE IF EXISTS \`${schema}\``);
  await conn.query(`CREATE DATABASE \`${schema}\``);
  await conn.end();
  base.pathname = `/${schema}`;
  return base.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    rmSync(dirname(url.slice('sqlite:'.length)), { recursive: true, force: true });
    return;
  }
  const parsed = new URL(url);
  const schema = parsed.pathname.slice(1);
  parsed.pathname = '/';
  const conn = await createConnection({ uri: parsed.toString() });
  await conn.query(`DROP DATABASE IF EXISTS \`${schema}\``);
  await conn.end();
}

export interface Shop {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

/** Starts the built shop; `env` adds or overrides settings (DELIVERY_WORKER, DB_LOG_QUERIES...). */
export async function startShop(databaseUrl: string, env: Record<string, string> = {}): Promise<Shop> {
  if (!existsSync(SHOP_SERVER)) throw new Error(`${SHOP_SERVER} is missing: run pnpm build first`);
  const port = await freePort();
  const child = startChild(
    process.execPath,
    // BENCH_CPU_PROF_DIR=/some/dir writes a V8 CPU profile of each shop process (open it in Chrome's DevTools).
    process.env.BENCH_CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`, SHOP_SERVER]
      : [SHOP_SERVER],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: tmpdir(),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO_DATA: 'false',
      PAYMENT_PROVIDER: 'demo',
      PAYMENT_RECONCILE_INTERVAL_S: '0',
      LOGIN_LIMIT_PER_MINUTE: '10000',
      REGISTER_LIMIT_PER_MINUTE: '10000',
      TRIGGER_LIMIT_PER_10S: '1000000',
      WEB_DIST_DIR: tmpdir(),
      ...env,
      // BENCH_SHOP_ENV='{"DELIVERY_THREAD":"false"}' tries a setting of the shop without editing the bench.
      ...(JSON.parse(process.env.BENCH_SHOP_ENV ?? '{}') as Record<string, string>),
    },
    'shop',
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, child);
  return { url, child, stop: () => child.stop() };
}

export function cookieOf(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export async function loginAdmin(shop: Shop): Promise<string> {
  const res = await post(`${shop.url}/api/login`, '', ADMIN);
  if (!res.ok) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Viewer {
  id: number;
  username: string;
  cookie: string;
  /** The session token alone (the cookie's value). */
  token: string;
}

/** An RCON endpoint, a 1-coin Minecraft action and `count` viewers holding plenty of coins. */
export async function setUpTriggering(
  shop: Shop,
  rconUrl: string,
  count: number,
): Promise<{ admin: string; actionId: number; endpointId: number; viewers: Viewer[] }> {
  const admin = await loginAdmin(shop);
  const endpoint = await json<{ id: number }>(
    await post(`${shop.url}/api/admin/webhook-endpoints`, admin, {
      url: rconUrl,
      secretKey: 'bench',
      description: 'rcon',
      gameType: 'minecraft',
    }),
    'endpoint',
  );
  const action = await json<{ id: number }>(
    await post(`${shop.url}/api/admin/stream-actions`, admin, {
      name: 'Bench',
      description: 'bench',
      webhookAction: 'say {username}',
      gameType: 'minecraft',
      cost: 1,
    }),
    'action',
  );
  const viewers: Viewer[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench_viewer_${i}`;
    const res = await post(`${shop.url}/api/register`, '', { username, password: 'bench-pass-1' });
    const { id } = await json<{ id: number }>(res, 'register');
    const cookie = cookieOf(res);
    await json(
      await post(`${shop.url}/api/admin/users/${id}/coins`, admin, { amount: 1_000_000, reason: 'bench' }),
      'grant',
    );
    viewers.push({ id, username, cookie, token: cookie.split('=')[1] ?? '' });
  }
  return { admin, actionId: action.id, endpointId: endpoint.id, viewers };
}
