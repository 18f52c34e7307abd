import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * A shop process of a test's own (own port, own SQLite file) for tests that stop and restart the
 * server or need delivery timings of their own; the shared server of global-setup stays untouched.
 */
export interface OwnServer {
  baseURL: string;
  /** SIGTERM, wait for the exit, start again on the same port and database. */
  restart: () => Promise<void>;
  /** SIGTERM and wait for the exit, keeping port and database for `start` (a server that is down). */
  kill: () => Promise<void>;
  /** Starts it again after `kill`. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A port nobody listens on now (the shared server of global-setup takes one the same way). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Resolves once the started shop answers /healthz; fails with its output if it exits first. */
export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer within 30 s:\n${output()}`);
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-own-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    log = '';
    const proc = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dataDir, 'shop.sqlite')}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        REGISTER_LIMIT_PER_MINUTE: '1000',
        LOGIN_LIMIT_PER_MINUTE: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d) => {
      log += d;
    });
    proc.stderr?.on('data', (d) => {
      log += d;
    });
    child = proc;
    await waitForHealth(baseURL, proc, () => log);
  };

  const kill = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    baseURL,
    restart: async () => {
      await kill();
      await start();
    },
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
