// pnpm bench:trigger — POST /api/trigger-action on MySQL at 1, 16 and 64 concurrent viewers, beside a
// bare node:http + mysql2 baseline doing the same debit, ledger insert and delivery insert; how many
// deliveries reach the game while 64 viewers trigger; then the time from the click to the command
// arriving at a Minecraft RCON stand-in, with a dead target (accepts, never answers) configured beside it.
import { createServer } from 'node:http';
import { buildApp, testConfig } from '@shop/api/testing';
import { credit, findLedgerProblems } from '@shop/db';
import { createTestDb } from '@shop/db/testing';
import { startRconStandIn, startSilentServer } from '@shop/dispatch/testing';
import { createPool } from 'mysql2/promise';
import { benchDialects, percentile, post, register, report, run } from './measure';

const PER_LEVEL = Number(process.env.BENCH_TRIGGERS ?? 1000);
const LEVELS = [1, 16, 64];
benchDialects();

const rcon = await startRconStandIn({ password: 'bench' });
const dead = await startSilentServer();
const db = await createTestDb('mysql');
const { app } = await buildApp(
  testConfig({
    rateLimits: { ...testConfig().rateLimits, trigger: { max: 1e9, windowMs: 1000 } },
    // BENCH_WORKER=off measures the request path alone, without deliveries competing for the pool.
    delivery: { autoStart: process.env.BENCH_WORKER !== 'off', timeoutMs: 5000 },
  }),
  { db },
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// A plain server doing the same four writes with no framework, auth or validation: the floor.
const pool = createPool({ uri: db.url ?? '', connectionLimit: 10 });
const baseline = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', async () => {
    const { userId, actionId, endpointId } = JSON.parse(body) as {
      userId: number;
      actionId: number;
      endpointId: number;
    };
    const conn = await pool.getConnection();
    try {
      const now = Date.now();
      await conn.beginTransaction();
      const [debit] = await conn.execute(
        'UPDATE users SET coin_balance = coin_balance - 1 WHERE id = ? AND coin_balance >= 1',
        [userId],
      );
      if ((debit as { affectedRows: number }).affectedRows !== 1) throw new Error('insufficient');
      await conn.execute(
        "INSERT INTO transactions (user_id, type, amount, description, created_at) VALUES (?, 'action', -1, 'bench', ?)",
        [userId, now],
      );
      const [history] = await conn.execute(
        'INSERT INTO action_history (user_id, action_id, action_name, cost, is_test, refunded, created_at) VALUES (?, ?, ?, 1, 0, 0, ?)',
        [userId, actionId, 'Bench', now],
      );
      await conn.execute(
        "INSERT INTO deliveries (history_id, endpoint_id, command, status, attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, 'say bench', 'delivered', 0, ?, ?, ?)",
        [(history as { insertId: number }).insertId, endpointId, now, now, now],
      );
      await conn.commit();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    } catch (error) {
      await conn.rollback();
      res.writeHead(500).end(String(error));
    } finally {
      conn.release();
    }
  });
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
const baselineAddress = `http://127.0.0.1:${(baseline.address() as { port: number }).port}`;

try {
  const admin = await register(address, 'bench_admin');
  await db.kysely.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
  const endpoint = (await (
    await post(`${address}/api/admin/webhook-endpoints`, admin.cookie, {
      url: rcon.url,
      secretKey: 'bench',
      description: 'rcon',
      gameType: 'minecraft',
    })
  ).json()) as { id: number };
  const action = (await (
    await post(`${address}/api/admin/stream-actions`, admin.cookie, {
      name: 'Bench',
      description: 'bench',
      webhookAction: 'say {username}',
      gameType: 'minecraft',
      cost: 1,
    })
  ).json()) as { id: number };
  const viewers: { cookie: string; id: number }[] = [];
  for (let i = 0; i < Math.max(...LEVELS); i++) {
    const viewer = await register(address, `bench_viewer_${i}`);
    await db.kysely.transaction().execute((tx) =>
      credit(tx, {
        userId: viewer.id,
        amount: 1_000_000,
        type: 'admin_grant',
        description: 'bench',
        now: Date.now(),
      }),
    );
    viewers.push(viewer);
  }

  console.log(`\n== trigger-action on mysql, ${PER_LEVEL} triggers per level ==`);
  const workerOn = process.env.BENCH_WORKER !== 'off';
  const undelivered = async () =>
    (
      await db.kysely
        .selectFrom('deliveries')
        .select('id')
        .where('status', 'in', ['queued', 'in_flight'])
        .limit(1)
        .execute()
    ).length > 0;
  for (const level of LEVELS) {
    const arrivedBefore = rcon.commands.length;
    const ours = await run(PER_LEVEL, level, async (i) => {
      const viewer = viewers[i % level];
      const res = await post(`${address}/api/trigger-action`, viewer?.cookie ?? '', { actionId: action.id });
      if (!res.ok) throw new Error(`trigger: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    const arrivedDuring = rcon.commands.length - arrivedBefore;
    let drainMs = 0;
    if (workerOn) {
      // Let the worker finish before the baseline runs, so the two never compete.
      const drainStarted = performance.now();
      while (await undelivered()) await new Promise((r) => setTimeout(r, 20));
      drainMs = performance.now() - drainStarted;
    }
    const bare = await run(PER_LEVEL, level, async (i) => {
      const res = await fetch(`${baselineAddress}/`, {
        method: 'POST',
        body: JSON.stringify({ userId: viewers[i % level]?.id, actionId: action.id, endpointId: endpoint.id }),
      });
      if (!res.ok) throw new Error(`baseline: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    report(`shop, ${level} concurrent`, ours);
    report(`bare node:http + mysql2, ${level} concurrent`, bare);
    console.log(
      `  ratio shop/bare throughput ${(ours.perSecond / bare.perSecond).toFixed(2)}, p50 ${(ours.p50 / bare.p50).toFixed(2)}x`,
    );
    if (workerOn) {
      // Deliveries that reached the game while the shop's run lasted, next to the triggers it accepted.
      console.log(
        `  deliveries during the shop's run: ${arrivedDuring} of ${PER_LEVEL}, ${(arrivedDuring / ours.seconds).toFixed(1)}/s beside ${ours.perSecond.toFixed(1)} triggers/s; the rest arrived within ${drainMs.toFixed(0)} ms after`,
      );
    }
  }

  if (workerOn) {
    // A second Minecraft target that accepts connections and never answers: each trigger now fans out
    // to both, and the dead one's timeouts and retries must not hold up the healthy one.
    await post(`${address}/api/admin/webhook-endpoints`, admin.cookie, {
      url: `rcon://127.0.0.1:${dead.port}`,
      secretKey: 'bench',
      description: 'dead rcon',
      gameType: 'minecraft',
    });
    const latencies: number[] = [];
    const viewer = viewers[0];
    for (let i = 0; i < 100; i++) {
      const before = rcon.commands.length;
      const t0 = performance.now();
      const res = await post(`${address}/api/trigger-action`, viewer?.cookie ?? '', { actionId: action.id });
      await res.arrayBuffer();
      while (rcon.commands.length === before) await new Promise((r) => setImmediate(r));
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `trigger-to-delivery (RCON stand-in, a dead target beside it), 100 sequential: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
    );
  }
  const problems = await findLedgerProblems(db.kysely);
  console.log(
    `ledger invariant: ${problems.length === 0 ? 'holds' : `BROKEN ${JSON.stringify(problems.slice(0, 3))}`}`,
  );
} finally {
  await app.close();
  await pool.end();
  baseline.close();
  await rcon.close();
  await dead.close();
  await db.destroy();
}
