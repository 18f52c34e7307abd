// pnpm bench:queue — the control room (issue 25) with 1,000 triggers awaiting approval: GET
// /api/admin/queue (sequential and 4 concurrent, and the reply's size), then the time from an admin's
// decision to the paying viewer's receipt on /ws. Reject: the refund receipt (status 'rejected').
// Approve sends no receipt of its own (an approved trigger without a queue group is 'queued', which the
// notifier does not announce); its next receipt is 'delivered', after the worker's send to a local
// webhook target, so that one is measured too. The 1,000 triggers are real: 100 viewers (BENCH_VIEWERS)
// x 10 (BENCH_TRIGGERS_EACH) POST /api/trigger-action with the delivery worker running, as in production.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp, testConfig } from '@shop/api/testing';
import { listOpenTriggers } from '@shop/db';
import { createTestDb } from '@shop/db/testing';
import type { TQueue } from '@shop/domain';
import WebSocket from 'ws';
import { benchDialects, percentile, post, type RunStats, register, report, run } from './measure';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100);
const TRIGGERS_EACH = Number(process.env.BENCH_TRIGGERS_EACH ?? 10);
const WAITING = VIEWERS * TRIGGERS_EACH;
const READS = Number(process.env.BENCH_READS ?? 200);
const REJECTS = Number(process.env.BENCH_REJECTS ?? 100);
const APPROVES = Number(process.env.BENCH_APPROVES ?? 50);
/** Viewers whose triggers are decided, one /ws socket each (the test config allows 20 per address). */
const DECIDED_VIEWERS = Math.ceil((REJECTS + APPROVES) / TRIGGERS_EACH);
const ADMIN = { username: 'benchadmin', password: 'bench-admin-pass-1' };
const COST = 10;

interface Receipt {
  type: string;
  historyId?: number;
  status?: string;
}

/** Decision -> receipt times, and the decision request's own reply time, in ms. */
interface DecisionStats {
  receipt: number[];
  reply: number[];
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms   max ${(sorted.at(-1) ?? Number.NaN).toFixed(2).padStart(7)} ms`;
}

// A webhook target that accepts everything at once: approved triggers are really sent.
const target = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('ok'));
});
await new Promise<void>((ok) => target.listen(0, '127.0.0.1', ok));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;

const results: {
  dialect: string;
  fixtureSeconds: number;
  bytes: number;
  reads: RunStats[];
  query: RunStats;
  decisions: Record<string, DecisionStats>;
}[] = [];

try {
  for (const dialect of benchDialects()) {
    const db = await createTestDb(dialect);
    const config = testConfig({ admin: ADMIN });
    const { app } = await buildApp(
      { ...config, delivery: { ...config.delivery, autoStart: true, timeoutMs: 5_000 } },
      { db },
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: WebSocket[] = [];
    try {
      console.log(`\n== control room on ${dialect}: ${WAITING.toLocaleString('en-US')} triggers awaiting approval ==`);
      const t0 = performance.now();
      const login = await post(`${address}/api/login`, '', ADMIN);
      const admin = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!login.ok || !admin) throw new Error(`admin login failed: ${login.status}`);
      const json = async <T>(res: Response, what: string): Promise<T> => {
        if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      await json(
        await post(`${address}/api/admin/webhook-endpoints`, admin, {
          url: targetUrl,
          secretKey: 'bench',
          description: 'bench target',
          gameType: 'other',
        }),
        'endpoint',
      );
      const action = await json<{ id: number }>(
        await post(`${address}/api/admin/stream-actions`, admin, {
          name: 'Spawn Creeper',
          description: 'Needs the streamer to say yes',
          webhookAction: 'effect',
          cost: COST,
          requiresApproval: true,
          approvalTimeoutSeconds: 3600,
        }),
        'action',
      );
      const viewers: { id: number; cookie: string }[] = [];
      await run(VIEWERS, 4, async (i) => {
        const viewer = await register(address, `queue_fan${i}`);
        // Coins through the ledger, as the admin grants them.
        await json(
          await post(`${address}/api/admin/users/${viewer.id}/coins`, admin, {
            amount: COST * TRIGGERS_EACH,
            reason: 'bench',
          }),
          'grant',
        );
        viewers[i] = viewer;
      });
      // Every viewer's triggers, several viewers at a time; history ids per viewer, oldest first.
      const triggered: number[][] = viewers.map(() => []);
      const triggers = await run(WAITING, 8, async (n) => {
        const i = n % VIEWERS;
        const viewer = viewers[i] as { cookie: string };
        const reply = await json<{ historyId: number; state: string }>(
          await post(`${address}/api/trigger-action`, viewer.cookie, { actionId: action.id }),
          'trigger',
        );
        if (reply.state !== 'awaiting_approval') throw new Error(`trigger answered state ${reply.state}`);
        triggered[i]?.push(reply.historyId);
      });
      console.log(
        `fixture built in ${((performance.now() - t0) / 1000).toFixed(1)} s` +
          ` (${VIEWERS} viewers; the ${WAITING} triggers at ${triggers.perSecond.toFixed(0)}/s, 8 concurrent)`,
      );

      // 2. The admin's queue with every trigger waiting.
      let bytes = 0;
      const readQueue = async () => {
        const res = await fetch(`${address}/api/admin/queue`, { headers: { cookie: admin } });
        if (!res.ok) throw new Error(`GET /api/admin/queue: ${res.status} ${await res.text()}`);
        bytes = (await res.arrayBuffer()).byteLength;
      };
      const first = await json<TQueue>(
        await fetch(`${address}/api/admin/queue`, { headers: { cookie: admin } }),
        'queue',
      );
      const waiting = first.items.filter((item) => item.state === 'awaiting_approval').length;
      if (first.items.length !== WAITING || waiting !== WAITING) {
        throw new Error(`queue lists ${first.items.length} items, ${waiting} awaiting approval; expected ${WAITING}`);
      }
      await run(20, 1, readQueue);
      const reads = [await run(READS, 1, readQueue), await run(READS, 4, readQueue)];
      report(`GET /api/admin/queue (${WAITING} items), sequential`, reads[0] as RunStats);
      report(`GET /api/admin/queue (${WAITING} items), 4 concurrent`, reads[1] as RunStats);
      console.log(`reply size: ${bytes.toLocaleString('en-US')} bytes (${(bytes / WAITING).toFixed(0)} per item)`);
      // The database's part of a read: the open-triggers query alone, straight on the pool.
      const query = await run(READS, 1, async () => {
        await listOpenTriggers(db.kysely);
      });
      report('  of which listOpenTriggers alone, sequential', query);

      // 3. Decision -> the paying viewer's receipt on their own signed-in socket.
      const waiters = new Map<string, (at: number) => void>();
      const stray: Receipt[] = [];
      for (let i = 0; i < DECIDED_VIEWERS; i++) {
        const ws = new WebSocket(`${address.replace('http', 'ws')}/ws`, {
          headers: { cookie: (viewers[i] as { cookie: string }).cookie },
          perMessageDeflate: false,
        });
        ws.on('message', (data) => {
          const at = performance.now();
          const message = JSON.parse(String(data)) as Receipt;
          if (message.type !== 'action_status') return;
          const key = `${message.historyId}:${message.status}`;
          const waiter = waiters.get(key);
          if (waiter) {
            waiters.delete(key);
            waiter(at);
          } else if (message.status !== 'awaiting_approval') stray.push(message);
        });
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        sockets.push(ws);
      }
      // Let the triggers' own coalesced announcements go out before timing anything.
      await new Promise((r) => setTimeout(r, 500));
      const ids = Array.from({ length: DECIDED_VIEWERS * TRIGGERS_EACH }, (_, k) => {
        const id = triggered[k % DECIDED_VIEWERS]?.[Math.floor(k / DECIDED_VIEWERS)];
        if (id === undefined) throw new Error('too few triggers for the decisions');
        return id;
      });
      const decide = async (historyId: number, verb: 'reject' | 'approve', status: string, stats: DecisionStats) => {
        const key = `${historyId}:${status}`;
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no '${status}' receipt for ${historyId} within 10 s`)), 10_000).unref(),
        );
        const arrived = Promise.race([new Promise<number>((resolve) => waiters.set(key, resolve)), timeout]);
        const started = performance.now();
        const res = await post(`${address}/api/admin/queue/${historyId}/${verb}`, admin, {});
        const body = await json<{ state: string }>(res, `${verb} ${historyId}`);
        stats.reply.push(performance.now() - started);
        if (verb === 'reject' && body.state !== 'rejected') throw new Error(`reject answered state ${body.state}`);
        stats.receipt.push((await arrived) - started);
      };
      const decisions: Record<string, DecisionStats> = {
        reject: { receipt: [], reply: [] },
        approve: { receipt: [], reply: [] },
      };
      for (const id of ids.slice(0, REJECTS)) await decide(id, 'reject', 'rejected', decisions.reject as DecisionStats);
      for (const id of ids.slice(REJECTS, REJECTS + APPROVES)) {
        await decide(id, 'approve', 'delivered', decisions.approve as DecisionStats);
      }
      console.log(`reject  (${REJECTS}, sequential): 'rejected' receipt  ${summary(decisions.reject?.receipt ?? [])}`);
      console.log(`                       decision reply   ${summary(decisions.reject?.reply ?? [])}`);
      console.log(
        `approve (${APPROVES}, sequential): 'delivered' receipt ${summary(decisions.approve?.receipt ?? [])}`,
      );
      console.log(`                       decision reply   ${summary(decisions.approve?.reply ?? [])}`);
      const unexpected = stray.filter((m) => !(m.status === 'queued' || m.status === 'sending'));
      const queuedReceipts = stray.filter((m) => m.status === 'queued').length;
      console.log(
        `other receipts on the viewers' sockets: ${stray.length} (${queuedReceipts} 'queued'` +
          `${unexpected.length > 0 ? `; unexpected: ${JSON.stringify(unexpected.slice(0, 3))}` : ''})`,
      );
      const after = await json<TQueue>(
        await fetch(`${address}/api/admin/queue`, { headers: { cookie: admin } }),
        'queue',
      );
      console.log(`queue after the decisions: ${after.items.length} items (expected ${WAITING - REJECTS - APPROVES})`);
      results.push({ dialect, fixtureSeconds: (performance.now() - t0) / 1000, bytes, reads, query, decisions });
    } finally {
      for (const ws of sockets) ws.close();
      await app.close();
      await db.destroy();
    }
  }
} finally {
  target.closeAllConnections();
  await new Promise((r) => target.close(r));
}

console.log(`\n== summary: control room, ${WAITING} triggers awaiting approval ==`);
console.log(
  '  dialect | queue GET seq p50/p99 ms | 4 conc /s  p50/p99 ms | SQL p50 ms | reply KiB | reject->receipt p50/p99 ms | approve->delivered p50/p99 ms',
);
for (const r of results) {
  const [seq, conc] = r.reads as [RunStats, RunStats];
  const pair = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`;
  };
  console.log(
    `  ${r.dialect.padEnd(7)} | ${`${seq.p50.toFixed(1)} / ${seq.p99.toFixed(1)}`.padStart(24)} |` +
      ` ${conc.perSecond.toFixed(0).padStart(9)} ${`${conc.p50.toFixed(1)} / ${conc.p99.toFixed(1)}`.padStart(12)} |` +
      ` ${r.query.p50.toFixed(1).padStart(10)} | ${(r.bytes / 1024).toFixed(0).padStart(9)} | ${pair(r.decisions.reject?.receipt ?? []).padStart(26)} |` +
      ` ${pair(r.decisions.approve?.receipt ?? []).padStart(29)}`,
  );
}
console.log(
  "  (approve sends no receipt of its own: an ungrouped approved trigger is 'queued', which is not announced;" +
    " the 'delivered' receipt follows the worker's send to a local target)",
);
