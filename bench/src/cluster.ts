// pnpm bench:cluster: trigger throughput through nginx (deploy/'s config) with one and with two api
// processes of the built shop on one MariaDB and Redis. The load generator (autocannon) runs in its
// own process. On a 2-core machine the point is that two processes are not slower and that every
// accepted trigger is delivered: the table ends with what the database says after each run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCluster } from '@shop/cluster/harness';
import { credit, type Db, findLedgerProblems, insertEndpoint, insertStreamAction } from '@shop/db';
import { sql } from 'kysely';
import type { LoadInput, LoadResult } from './lib/load';
import { runScript } from './lib/processes';
import { median } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const VIEWERS = 64;

process.env.TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306/test';

async function webhook() {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server, calls: () => calls };
}

async function settledCounts(db: Db) {
  for (;;) {
    const row = await db.kysely
      .selectFrom('action_history')
      .select([
        sql<number>`COUNT(*)`.as('total'),
        sql<number>`SUM(CASE WHEN success IS NULL AND refunded = 0 THEN 1 ELSE 0 END)`.as('open'),
        sql<number>`SUM(CASE WHEN success = 1 THEN 1 ELSE 0 END)`.as('delivered'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(row.open ?? 0) === 0) return { total: Number(row.total), delivered: Number(row.delivered ?? 0) };
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Measured {
  load: LoadResult;
  triggers: number;
  delivered: number;
  ledgerProblems: number;
}

async function measure(processes: number): Promise<Measured> {
  const hook = await webhook();
  let actionId = 0;
  const cluster = await startCluster({
    processes,
    env: {
      TRIGGER_LIMIT_PER_10S: '1000000',
      REGISTER_LIMIT_PER_MINUTE: '10000',
      WS_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    },
    prepare: async (db) => {
      const now = Date.now();
      await insertEndpoint(db.kysely, {
        url: hook.url,
        secretKey: 'bench',
        description: 'hook',
        gameType: 'minecraft',
        active: true,
        now,
      });
      actionId = await insertStreamAction(db.kysely, {
        name: 'Bench',
        description: 'bench',
        image_url: null,
        category_id: null,
        cost: 1,
        game_type: 'minecraft',
        target_type: 'global',
        webhook_action: 'say {username}',
        minecraft_server: null,
        active: 1,
        created_at: now,
      });
    },
  });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < VIEWERS; i++) {
      const res = await fetch(`${cluster.origin}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `bench_cluster_${i}`, password: 'bench-pass-1' }),
      });
      if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      cookies.push((res.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
      await cluster.db.transaction((tx) =>
        credit(tx, { userId: id, amount: 10_000_000, type: 'admin_grant', description: 'bench', now: Date.now() }),
      );
    }
    const load = await runScript<LoadResult>('src/lib/load.ts', {
      url: `${cluster.origin}/api/trigger-action`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      cookies,
      body: JSON.stringify({ actionId }),
    } satisfies LoadInput);
    const { total, delivered } = await settledCounts(cluster.db);
    const ledgerProblems = (await findLedgerProblems(cluster.db.kysely)).length;
    return { load, triggers: total, delivered, ledgerProblems };
  } finally {
    await cluster.close();
    await new Promise((r) => hook.server.close(r));
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
console.log(
  `bench:cluster: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections through nginx, MariaDB + Redis, ` +
    'a 1-coin Minecraft action to one webhook',
);
console.log(
  '| api processes | triggers/s (median) | p50 ms | p99 ms | answered 200 | triggers in db | delivered | ledger problems | failed requests |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const results: Record<number, Measured[]> = { 1: [], 2: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternating which shape runs first, so a drift of the machine's speed does not favour one.
  for (const processes of round % 2 === 0 ? [1, 2] : [2, 1]) results[processes]?.push(await measure(processes));
}
for (const processes of [1, 2]) {
  const runs = results[processes] ?? [];
  const sum = (pick: (m: Measured) => number) => runs.reduce((n, m) => n + pick(m), 0);
  console.log(
    `| ${processes} | ${fmt(median(runs.map((r) => r.load.perSecond)))} | ${fmt(median(runs.map((r) => r.load.p50)))} |` +
      ` ${fmt(median(runs.map((r) => r.load.p99)))} | ${sum((m) => m.load.ok)} | ${sum((m) => m.triggers)} | ${sum((m) => m.delivered)} |` +
      ` ${sum((m) => m.ledgerProblems)} | ${sum((m) => m.load.failed)} |`,
  );
}
// A request cut off when the run's time is up may still have committed: the database is the count.
const lost = [1, 2].some((p) =>
  (results[p] ?? []).some((m) => m.delivered !== m.triggers || m.triggers < m.load.ok || m.ledgerProblems > 0),
);
if (lost) {
  console.log('FAILED: a trigger was accepted and not delivered, or the ledger disagrees with the balances');
  process.exitCode = 1;
}
