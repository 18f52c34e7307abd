// The floor for POST /api/trigger-action: node:http and the database driver, no framework, running the
// statements of statements.ts in the shop's order (better-sqlite3 statements prepared once, with the
// shop's connection settings and its way of putting commits on disk; a mysql2 pool of the shop's size
// sending plain queries, as Kysely's MySQL driver does). Run by trigger.ts.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WalSync, walFileFlush } from '@shop/db/wal-sync';
import SQLite from 'better-sqlite3';
import { createPool, type PoolConnection, type ResultSetHeader, type RowDataPacket } from 'mysql2/promise';
import {
  BALANCE,
  DEBIT,
  DELIVERY,
  HISTORY,
  LEDGER,
  PAUSE,
  READ_ACTION,
  READ_COMMITTED,
  READ_ENDPOINTS,
  SESSION,
  TOTALS,
} from './statements';

interface Input {
  databaseUrl: string;
  port: number;
  cachedReads: boolean;
}
const input = JSON.parse(process.env.BENCH_INPUT ?? '{}') as Input;

interface Row {
  [column: string]: unknown;
}
interface Action {
  id: number;
  name: string;
  cost: number;
  active: number;
  webhook_action: string;
}
interface Endpoint {
  id: number;
  game_type: string;
}

/** The few calls a trigger makes, whichever driver answers them. */
interface Driver {
  transaction<T>(work: (run: Runner) => Promise<T>): Promise<T>;
  read: Runner;
}
interface Runner {
  all(sql: string, params: unknown[]): Promise<Row[]>;
  write(sql: string, params: unknown[]): Promise<{ changes: number; insertId: number }>;
}

function sqliteDriver(file: string): Driver {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // As the shop does it (packages/db/src/sqlite/wal-sync.ts): COMMIT writes the WAL, the WAL is synced on the
  // thread pool, and nothing is answered until every commit before it is on disk.
  db.pragma('synchronous = NORMAL');
  const wal = new WalSync(walFileFlush(file).flush);
  let turn = Promise.resolve();
  const cache = new Map<string, SQLite.Statement>();
  const prepared = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const runner: Runner = {
    all: async (sql, params) => prepared(sql).all(...params) as Row[],
    write: async (sql, params) => {
      const result = prepared(sql).run(...params);
      return { changes: result.changes, insertId: Number(result.lastInsertRowid) };
    },
  };
  return {
    read: {
      ...runner,
      all: async (sql, params) => {
        const rows = prepared(sql).all(...params) as Row[];
        await wal.durable();
        return rows;
      },
    },
    transaction: async (work) => {
      // Requests whose reads waited for the same flush resume together: one transaction at a time.
      const previous = turn;
      let done = () => {};
      turn = new Promise((resolve) => {
        done = resolve;
      });
      await previous;
      prepared('begin').run();
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(runner);
        prepared('commit').run();
      } catch (error) {
        prepared('rollback').run();
        throw error;
      } finally {
        done();
      }
      wal.committed();
      await wal.durable();
      return result;
    },
  };
}

function mysqlDriver(url: string): Driver {
  const pool = createPool({ uri: url, connectionLimit: 10, decimalNumbers: true, supportBigNumbers: true });
  const runnerOf = (conn: PoolConnection | typeof pool): Runner => ({
    all: async (sql, params) => (await conn.query<RowDataPacket[]>(sql, params))[0] as Row[],
    write: async (sql, params) => {
      const [result] = await conn.query<ResultSetHeader>(sql, params);
      return { changes: result.affectedRows, insertId: result.insertId };
    },
  });
  return {
    read: runnerOf(pool),
    transaction: async (work) => {
      const conn = await pool.getConnection();
      try {
        await conn.query(READ_COMMITTED);
        await conn.query('begin');
        const result = await work(runnerOf(conn));
        await conn.query('commit');
        return result;
      } catch (error) {
        await conn.query('rollback');
        throw error;
      } finally {
        conn.release();
      }
    },
  };
}

const driver = input.databaseUrl.startsWith('mysql://')
  ? mysqlDriver(input.databaseUrl)
  : sqliteDriver(input.databaseUrl.slice('sqlite:'.length));

let cached: { action: Action; endpoints: Endpoint[] } | null = null;

async function readAction(actionId: number): Promise<{ action: Action; endpoints: Endpoint[] }> {
  if (input.cachedReads && cached?.action.id === actionId) return cached;
  const [action] = (await driver.read.all(READ_ACTION, [actionId])) as unknown as Action[];
  if (!action) throw new Error('no action');
  const endpoints = (await driver.read.all(READ_ENDPOINTS, [1])) as unknown as Endpoint[];
  cached = { action, endpoints: endpoints.filter((e) => e.game_type === 'minecraft' || e.game_type === 'any') };
  return cached;
}

async function trigger(req: IncomingMessage, body: string): Promise<unknown> {
  const token = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const sessionId = createHash('sha256').update(token).digest('hex');
  const [user] = await driver.read.all(SESSION, [sessionId]);
  if (!user || Number(user.session_expires_at) <= Date.now())
    throw Object.assign(new Error('signed out'), { status: 401 });
  const { actionId } = JSON.parse(body) as { actionId: number };
  const { action, endpoints } = await readAction(actionId);
  const userId = Number(user.id);
  const command = action.webhook_action.replace('{username}', String(user.username));
  return driver.transaction(async (tx) => {
    const now = Date.now();
    const [settings] = await tx.all(PAUSE, [1]);
    if (settings?.paused === 1) throw Object.assign(new Error('paused'), { status: 409 });
    const debit = await tx.write(DEBIT, [action.cost, userId, action.cost]);
    if (debit.changes !== 1) throw Object.assign(new Error('Not enough coins'), { status: 402 });
    const ledger = await tx.write(LEDGER, [userId, 'action', -action.cost, `Triggered ${action.name}`, null, now]);
    await tx.write(TOTALS, [1, action.cost, userId]);
    const [after] = await tx.all(BALANCE, [userId]);
    const balance = Number(after?.coin_balance ?? 0);
    const history = await tx.write(HISTORY, [
      userId,
      action.id,
      action.name,
      action.cost,
      null,
      0,
      null,
      0,
      null,
      balance,
      ledger.insertId,
      now,
    ]);
    for (const endpoint of endpoints) {
      await tx.write(DELIVERY, [
        history.insertId,
        endpoint.id,
        command,
        'queued',
        0,
        now,
        null,
        null,
        0,
        null,
        null,
        now,
        now,
      ]);
    }
    return {
      status: 'success',
      message: 'Your action has been sent to the streamer.',
      historyId: history.insertId,
      balance,
      deliveries: endpoints.length,
    };
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  if (req.method === 'GET') return send(res, 200, { status: 'ok' });
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    body += chunk;
  });
  req.on('end', () => {
    trigger(req, body).then(
      (reply) => send(res, 200, reply),
      (error: Error & { status?: number }) =>
        send(res, error.status ?? 500, { status: 'error', message: error.message }),
    );
  });
});
server.listen(input.port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
