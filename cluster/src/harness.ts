// The production shape on one machine: nginx (Debian's, with deploy/'s config) in front of several
// processes of the BUILT shop on one MariaDB database and one Redis, as `docker compose` runs them in
// deploy/. Used by the cluster test and by `pnpm bench:cluster`.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type Db, migrateToLatest } from '@shop/db';
import { createConnection } from 'mysql2/promise';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = resolve(REPO_ROOT, 'apps/api/dist/server.js');
const NGINX_TEMPLATE = resolve(REPO_ROOT, 'deploy/nginx/templates/shop.conf.template');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** Every prerequisite the cluster needs that npm cannot install, with what to do about it. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(NGINX)) missing.push(`nginx is not installed at ${NGINX} (apt-get install nginx, or set NGINX_PATH)`);
  if (!existsSync(SERVER)) missing.push(`${SERVER} is missing: run pnpm build first`);
  return missing;
}

/** Replaces `${NAME}` for the given names only, as the nginx image's envsubst does with its defined variables. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

async function until(check: () => Promise<boolean>, what: string, child?: ChildProcess, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;

export interface ApiProcess {
  port: number;
  child: ChildProcess;
  /** The last stderr and stdout text, for a failure's message. */
  log(): string;
}

export interface ClusterOptions {
  /** How many api processes. */
  processes: number;
  /** Settings every api process gets on top of the cluster's own. */
  env?: Record<string, string>;
  /** Runs on the migrated, empty database before any api process starts (catalogue, endpoints). */
  prepare?: (db: Db) => Promise<void>;
}

export interface Cluster {
  /** nginx's address: what every client uses. */
  origin: string;
  databaseUrl: string;
  /** A connection of the test's own to the cluster's database. */
  db: Db;
  apis: ApiProcess[];
  /** kill -9 of one api process, by its pid; resolves once it is gone. */
  kill(index: number): Promise<void>;
  /** Starts that api process again on the same port and waits until it answers. */
  restart(index: number): Promise<void>;
  close(): Promise<void>;
}

async function freshMysqlDatabase(name: string): Promise<string> {
  const base = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const conn = await createConnection({ uri: base.toString() });
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.query(`CREATE DATABASE \`${name}\``);
  await conn.end();
  base.pathname = `/${name}`;
  return base.toString();
}

async function dropMysqlDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  parsed.pathname = '/';
  const conn = await createConnection({ uri: parsed.toString() });
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();
}

function spawnApi(port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, [SERVER], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { port, child, log: () => text };
}

async function startNginx(dir: string, port: number, upstreams: number[]) {
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');
  const servers = upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ');
  writeFileSync(
    join(dir, 'shop.conf'),
    renderTemplate(template, { NGINX_PORT: `127.0.0.1:${port}`, SHOP_UPSTREAM_SERVERS: servers }),
  );
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp), { recursive: true });
    // Workers may run as another user than the master (root starts them as nobody).
    chmodSync(join(dir, temp), 0o777);
  }
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${join(dir, 'body')};`,
      `  proxy_temp_path ${join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${join(dir, 'scgi')};`,
      `  include ${join(dir, 'shop.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await until(() => answers(`http://127.0.0.1:${port}/healthz`), `nginx on ${port} (${errors})`, child);
  return child;
}

/**
 * Starts the cluster: a fresh MariaDB database (migrated and prepared here, so no api process races
 * another to migrate), the api processes one after another, then nginx in front of them.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const missing = missingPrerequisites();
  if (missing.length > 0) throw new Error(missing.join('\n'));
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const databaseUrl = await freshMysqlDatabase(`shop_cluster_${process.pid}`);
  const db = connect({ dialect: 'mysql', url: databaseUrl });
  await migrateToLatest(db);
  await options.prepare?.(db);

  const dir = mkdtempSync(join(tmpdir(), 'shop-cluster-'));
  const nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: '1',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    PAYMENT_RECONCILE_INTERVAL_S: '0',
    WATCH_TIME_SERVICE: 'false',
    WEB_DIST_DIR: resolve(REPO_ROOT, 'apps/web/dist'),
    ...options.env,
  };
  const apis: ApiProcess[] = [];
  for (let i = 0; i < options.processes; i++) {
    const api = spawnApi(await freePort(), env);
    apis.push(api);
    await until(() => answers(`http://127.0.0.1:${api.port}/healthz`), `api ${i}: ${api.log()}`, api.child);
  }
  const nginx = await startNginx(
    dir,
    nginxPort,
    apis.map((a) => a.port),
  );

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once('exit', () => r()));

  return {
    origin,
    databaseUrl,
    db,
    apis,
    kill: async (index) => {
      const api = apis[index];
      if (!api) throw new Error(`no api process ${index}`);
      const gone = exited(api.child);
      process.kill(api.child.pid ?? -1, 'SIGKILL');
      await gone;
    },
    restart: async (index) => {
      const old = apis[index];
      if (!old) throw new Error(`no api process ${index}`);
      const api = spawnApi(old.port, env);
      apis[index] = api;
      await until(
        () => answers(`http://127.0.0.1:${api.port}/healthz`),
        `api ${index} restart: ${api.log()}`,
        api.child,
      );
    },
    close: async () => {
      nginx.kill('SIGTERM');
      await exited(nginx);
      await Promise.all(
        apis.map(async (api) => {
          const gone = exited(api.child);
          api.child.kill('SIGTERM');
          await gone;
        }),
      );
      await db.close();
      await dropMysqlDatabase(databaseUrl);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
