// Two api processes behind nginx on one MariaDB and one Redis, under load, with one process killed
// (kill -9) mid-run and started again: afterwards the database must show that nothing was lost.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTwitchStandIn, type TwitchStandIn } from '@shop/api/testing';
import { credit, type Db, findLedgerProblems, insertEndpoint, insertStreamAction } from '@shop/db';
import { assertDailyTotalsMatchRecount, testDialects } from '@shop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiptSocket, signUp, triggerUntilAnswered, type Viewer } from './clients';
import { type Cluster, freePort, startCluster } from './harness';

const TRIGGERS = Number(process.env.CLUSTER_TRIGGERS ?? 2_000);
const CLIENTS = 32;
const TRIGGER_LIMIT = 50;
/** TRIGGER_LIMIT_PER_10S's window. */
const LIMIT_WINDOW_MS = 10_000;
const COINS = 1_000;

/** A game server's webhook that fails one call in twenty (500), so some triggers retry and a few are refunded. */
async function flakyWebhook(): Promise<{ url: string; calls: () => number; server: Server }> {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      res.writeHead(calls % 20 === 0 ? 500 : 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, calls: () => calls, server };
}

async function grant(db: Db, userId: number, amount: number): Promise<void> {
  await db.transaction((tx) =>
    credit(tx, { userId, amount, type: 'admin_grant', description: 'cluster test', now: Date.now() }),
  );
}

/** Waits (polling the database, the test's only clock) until no paid trigger is left pending. */
async function untilSettled(db: Db): Promise<void> {
  for (;;) {
    const open = await db.kysely
      .selectFrom('action_history')
      .select(sql<number>`COUNT(*)`.as('n'))
      .where('success', 'is', null)
      .where('refunded', '=', 0)
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

// The cluster is MariaDB's and Redis's job: without a MySQL to point at there is nothing to run.
// testDialects() fails under CI=true when TEST_MYSQL_URL is missing, so CI can never skip it.
describe.skipIf(!testDialects().includes('mysql'))('two api processes behind nginx, one killed mid-run', () => {
  let cluster: Cluster;
  let twitch: TwitchStandIn;
  let webhook: Awaited<ReturnType<typeof flakyWebhook>>;
  const actions = { minecraft: 0, universal: 0 };

  beforeAll(async () => {
    webhook = await flakyWebhook();
    // The stream plays Rust: the universal action goes to the Rust servers, both of them down.
    twitch = await startTwitchStandIn({ initial: { live: true, game: 'Rust' } });
    const [downHttp, downRcon] = [await freePort(), await freePort()];
    cluster = await startCluster({
      processes: 2,
      env: {
        DELIVERY_TIMEOUT_MS: '2000',
        DELIVERY_RETRY_DELAYS_MS: '300,600,1200',
        TRIGGER_LIMIT_PER_10S: String(TRIGGER_LIMIT),
        REGISTER_LIMIT_PER_MINUTE: '10000',
        LOGIN_LIMIT_PER_MINUTE: '10000',
        WS_MAX_CONNECTIONS_PER_ADDRESS: '1000',
        TWITCH_CHANNEL: twitch.channel,
        TWITCH_CLIENT_ID: twitch.clientId,
        TWITCH_CLIENT_SECRET: twitch.clientSecret,
        TWITCH_API_BASE: twitch.apiBase,
        TWITCH_AUTH_BASE: twitch.authBase,
      },
      prepare: async (db) => {
        const now = Date.now();
        const endpoint = (url: string, gameType: 'minecraft' | 'rust', description: string) =>
          insertEndpoint(db.kysely, { url, secretKey: 'cluster-secret', description, gameType, active: true, now });
        await endpoint(webhook.url, 'minecraft', 'Flaky Minecraft webhook');
        await endpoint(`http://127.0.0.1:${downHttp}/down`, 'rust', 'Rust webhook (down)');
        await endpoint(`webrcon://127.0.0.1:${downRcon}`, 'rust', 'Rust WebRcon (down)');
        const action = (name: string, gameType: 'minecraft' | 'any', cost: number) =>
          insertStreamAction(db.kysely, {
            name,
            description: name,
            image_url: null,
            category_id: null,
            cost,
            game_type: gameType,
            target_type: 'global',
            webhook_action: `say {username} ${name}`,
            minecraft_server: null,
            active: 1,
            created_at: now,
          });
        actions.minecraft = await action('Creeper', 'minecraft', 2);
        actions.universal = await action('Blackout', 'any', 3);
      },
    });
  });

  afterAll(async () => {
    await cluster?.close();
    await twitch?.close();
    await new Promise((r) => webhook?.server.close(r));
  });

  it('loses no coin and no trigger, reconnects sockets, and shares rate limits', async () => {
    const { origin, db } = cluster;
    const viewers: Viewer[] = [];
    for (let i = 0; i < CLIENTS; i++) viewers.push(await signUp(origin, `cluster_viewer_${i}`));
    for (const viewer of viewers) await grant(db, viewer.id, COINS);
    const wsUrl = `${origin.replace('http', 'ws')}/ws`;
    const sockets = viewers.map((v) => new ReceiptSocket(wsUrl, v.cookie));
    await Promise.all(sockets.map((s) => s.open()));

    // 2,000 triggers from 32 clients, one in four the universal action whose two targets are down.
    const made: number[][] = viewers.map(() => []);
    let done = 0;
    let killed = false;
    let restarted: Promise<void> | null = null;
    const perClient = Math.ceil(TRIGGERS / CLIENTS);
    await Promise.all(
      viewers.map(async (viewer, c) => {
        for (let i = 0; i < perClient && c * perClient + i < TRIGGERS; i++) {
          const actionId = i % 4 === 3 ? actions.universal : actions.minecraft;
          const { historyId } = await triggerUntilAnswered(origin, viewer, actionId);
          made[c]?.push(historyId);
          done++;
          if (!killed && done >= TRIGGERS / 3) {
            killed = true;
            // A crash with triggers and deliveries in flight; it comes back while the load goes on.
            restarted = cluster.kill(0).then(() => cluster.restart(0));
          }
        }
      }),
    );
    await restarted;
    await untilSettled(db);

    // Every trigger a client was told about exists once, and every trigger in the database was answered.
    const answered = made.flat();
    expect(new Set(answered).size).toBe(answered.length);
    const history = await db.kysely
      .selectFrom('action_history')
      .select(['id', 'user_id', 'cost', 'success', 'refunded', 'transaction_id'])
      .where('is_test', '=', 0)
      .execute();
    expect(history.length).toBe(TRIGGERS);
    expect(new Set(history.map((h) => h.id))).toEqual(new Set(answered));

    // Each paid once, and each ended delivered or refunded exactly once (refunded ones by one ledger row).
    const ledger = await db.kysely
      .selectFrom('transactions')
      .select(['type', 'reference', 'amount'])
      .where('type', 'in', ['action', 'refund'])
      .execute();
    expect(ledger.filter((t) => t.type === 'action')).toHaveLength(TRIGGERS);
    const refunds = new Map(ledger.filter((t) => t.type === 'refund').map((t) => [t.reference, Number(t.amount)]));
    expect(refunds.size).toBe(ledger.filter((t) => t.type === 'refund').length);
    for (const h of history) {
      const refund = refunds.get(`refund:${h.id}`);
      if (h.refunded === 1) {
        expect(refund, `trigger ${h.id}`).toBe(h.cost);
        expect(h.success, `trigger ${h.id}`).toBe(0);
      } else {
        expect(h.success, `trigger ${h.id} neither delivered nor refunded`).toBe(1);
        expect(refund, `trigger ${h.id} delivered and refunded`).toBeUndefined();
      }
    }
    // The universal action's targets were both down: every one of its triggers came back as coins.
    const universal = await db.kysely
      .selectFrom('action_history')
      .select(['refunded'])
      .where('action_id', '=', actions.universal)
      .execute();
    expect(universal.length).toBeGreaterThan(0);
    expect(universal.every((h) => h.refunded === 1)).toBe(true);

    // Nothing left with every delivery final but no settlement (the sweep's job, and the locking read's).
    const stranded = await db.kysely.selectFrom('action_history').select('id').where('success', 'is', null).execute();
    expect(stranded).toEqual([]);
    expect(await findLedgerProblems(db.kysely)).toEqual([]);
    // The overview's per-day totals, kept by both processes and through the crash, equal a recount.
    await assertDailyTotalsMatchRecount(db);

    // The killed process's sockets came back through nginx and heard how each of their triggers ended.
    expect(sockets.some((s) => s.reconnects > 0)).toBe(true);
    await Promise.all(sockets.map((s, c) => s.settled(made[c] ?? [])));
    for (const [c, socket] of sockets.entries()) {
      for (const historyId of made[c] ?? []) {
        const row = history.find((h) => h.id === historyId);
        expect(socket.last.get(historyId)).toBe(row?.refunded === 1 ? 'refunded' : 'delivered');
      }
    }
    for (const socket of sockets) socket.close();

    // One viewer's limit is one limit, whichever process answers: a burst through nginx round-robin
    // gets exactly TRIGGER_LIMIT accepted, not one limit per process. The limit counts in fixed
    // 10-second slots of the clock every process shares, so the burst starts as a slot begins.
    const limited = await signUp(origin, 'cluster_limited');
    await grant(db, limited.id, COINS);
    await new Promise((r) => setTimeout(r, LIMIT_WINDOW_MS - (Date.now() % LIMIT_WINDOW_MS) + 20));
    const burst = await Promise.all(
      Array.from({ length: TRIGGER_LIMIT + 10 }, () =>
        fetch(`${origin}/api/trigger-action`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: limited.cookie },
          body: JSON.stringify({ actionId: actions.minecraft }),
          signal: AbortSignal.timeout(30_000),
        }).then((r) => r.status),
      ),
    );
    expect(burst.filter((s) => s === 200)).toHaveLength(TRIGGER_LIMIT);
    expect(burst.filter((s) => s === 429)).toHaveLength(10);
    await untilSettled(db);
    expect(await findLedgerProblems(db.kysely)).toEqual([]);
  });
});
