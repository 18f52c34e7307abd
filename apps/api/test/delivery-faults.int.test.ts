import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, credit, type Db, type DialectName, migrateToLatest } from '@shop/db';
import { assertDailyTotalsMatchRecount, assertLedgerInvariant, createTestDb, testDialects } from '@shop/db/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { addAction, addEndpoint, handOffOnlyWorker, recordEvents, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp, TestClock, testConfig } from './helpers';
import { type ControlledRequest, startControlledWebhook } from './stand-ins/controlled-webhook';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A database a second process can open too: a SQLite file, or a MySQL database. */
async function sharedDb(dialect: DialectName): Promise<{ db: Db; url: string; destroy(): Promise<void> }> {
  if (dialect === 'mysql') {
    const db = await createTestDb('mysql');
    return { db, url: db.url ?? '', destroy: () => db.destroy() };
  }
  const file = join(tmpdir(), `shop_fault_${process.pid}_${randomBytes(4).toString('hex')}.sqlite`);
  const db = connect({ dialect: 'sqlite', file });
  await migrateToLatest(db);
  return {
    db,
    url: `sqlite:${file}`,
    destroy: async () => {
      await db.close();
      for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
    },
  };
}

/** The api in a process of its own, so the test can kill it like a crash. */
async function startApiProcess(databaseUrl: string): Promise<{ port: number; child: ChildProcess }> {
  // node itself with tsx's loader (not the tsx wrapper, which would leave its node child running on SIGKILL).
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/delivery-fault-child.ts', databaseUrl], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const port = await new Promise<number>((ready, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) ready(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`api process exited (${code}): ${errors}`)));
  });
  return { port, child };
}

/**
 * A target that fails a share of its calls: every fourth delivery always (503, retried until it
 * fails for good and is refunded), every third other one on its first attempt only.
 */
function flaky(request: ControlledRequest, earlier: readonly ControlledRequest[]): number {
  const id = Number(request.webhookId.replace('delivery_', ''));
  if (id % 4 === 0) return 503;
  const firstAttempt = !earlier.some((r) => r.webhookId === request.webhookId);
  return id % 3 === 0 && firstAttempt ? 503 : 200;
}

describe.each(testDialects())('delivery under faults on %s', (dialect) => {
  it('delivers or refunds every paid trigger exactly once after the api is killed mid-run', async () => {
    const shared = await sharedDb(dialect);
    const hook = await startControlledWebhook({ answer: flaky });
    let api: { port: number; child: ChildProcess } | null = null;
    try {
      const at = Date.now();
      const setup = { db: shared.db, clock: new TestClock(at) } as unknown as TestApp;
      await addEndpoint(setup, hook.url, 'other', 'flaky');
      const actionId = await addAction(setup, { name: 'Chaos', gameType: 'any', cost: 7 });

      api = await startApiProcess(shared.url);
      const base = `http://127.0.0.1:${api.port}`;
      const viewers: { id: number; cookie: string }[] = [];
      for (const username of ['fault1', 'fault2', 'fault3', 'fault4']) {
        const res = await fetch(`${base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'secret123' }),
        });
        expect(res.status).toBe(200);
        const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const { id } = (await res.json()) as { id: number };
        await shared.db.kysely
          .transaction()
          .execute((tx) =>
            credit(tx, { userId: id, amount: 7 * 20, type: 'admin_grant', description: 'test', now: at }),
          );
        viewers.push({ id, cookie });
      }

      // Each viewer confirms actions one after another. Half of them first; once the target has seen
      // some deliveries, the other half, and the process dies while those are under way.
      const answered: number[] = [];
      let reached: () => void = () => {};
      const killPoint = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const confirm = async (viewer: { cookie: string }, count: number) => {
        for (let i = 0; i < count; i++) {
          const res = await fetch(`${base}/api/trigger-action`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: viewer.cookie },
            body: JSON.stringify({ actionId }),
          }).catch(() => null);
          if (!res) return; // the process is gone
          expect(res.status).toBe(200);
          answered.push(((await res.json()) as { historyId: number }).historyId);
          if (answered.length === 50) reached();
        }
      };
      await Promise.all(viewers.map((v) => confirm(v, 10)));
      await hook.waitForRequests(10);
      const load = Promise.all(viewers.map((v) => confirm(v, 10)));
      await killPoint;
      api.child.kill('SIGKILL');
      await new Promise((done) => api?.child.once('exit', done));
      await load;

      const open = await shared.db.kysely
        .selectFrom('deliveries')
        .select('id')
        .where('status', 'in', ['queued', 'in_flight'])
        .execute();
      expect(open.length).toBeGreaterThan(0);
      expect(answered.length).toBeLessThan(80);

      // A new process on the same database, with a clock that can run past leases and backoffs.
      const clock = new TestClock(Date.now());
      const restarted = await buildApp(testConfig({ delivery: { autoStart: false, timeoutMs: 2_000 } }), {
        db: shared.db,
        now: clock.now,
      });
      try {
        for (let round = 0; round < 10; round++) {
          while ((await restarted.services.deliveryWorker.runOnce()) > 0);
          clock.advance(restarted.services.deliveryWorker.options.leaseMs + 60_000);
        }
      } finally {
        await restarted.app.close();
      }

      const k = shared.db.kysely;
      expect(
        await k.selectFrom('deliveries').select('id').where('status', 'in', ['queued', 'in_flight']).execute(),
      ).toEqual([]);
      const histories = await k.selectFrom('action_history').selectAll().where('is_test', '=', 0).execute();
      expect(histories.length).toBeGreaterThanOrEqual(answered.length);
      expect(new Set(histories.map((h) => h.id))).toEqual(new Set([...histories.map((h) => h.id), ...answered]));
      const ledger = await k.selectFrom('transactions').select(['type', 'reference', 'amount']).execute();
      // Charged once per trigger, refunded at most once per trigger.
      expect(ledger.filter((e) => e.type === 'action')).toHaveLength(histories.length);
      const refunds = ledger.filter((e) => e.type === 'refund').map((e) => e.reference);
      expect(new Set(refunds).size).toBe(refunds.length);
      const deliveries = await k.selectFrom('deliveries').select(['id', 'history_id', 'status']).execute();
      for (const h of histories) {
        const mine = deliveries.filter((d) => d.history_id === h.id);
        expect(mine).toHaveLength(1);
        const delivered = mine[0]?.status === 'delivered';
        // Delivered and kept, or failed for good and refunded: never both, never neither.
        expect([h.success, h.refunded]).toEqual(delivered ? [1, 0] : [0, 1]);
        expect(refunds.filter((r) => r === `refund:${h.id}`)).toHaveLength(delivered ? 0 : 1);
      }
      // Exactly once at the receiver, counting by webhook-id (a crash may repeat a send under the same id):
      // what it accepted is exactly what the shop recorded as delivered.
      const accepted = new Set(hook.received.filter((r) => r.status === 200).map((r) => r.webhookId));
      const recorded = new Set(deliveries.filter((d) => d.status === 'delivered').map((d) => `delivery_${d.id}`));
      expect(accepted).toEqual(recorded);
      expect(recorded.size).toBeGreaterThan(0);
      expect(refunds.length).toBeGreaterThan(0);
      await assertLedgerInvariant(shared.db);
      // Killed mid-run or not, the overview's per-day totals equal a recount of the rows they count.
      await assertDailyTotalsMatchRecount(shared.db);
    } finally {
      if (api && api.child.exitCode === null) api.child.kill('SIGKILL');
      await hook.close();
      await shared.destroy();
    }
  }, 120_000);

  it('answers 32 concurrent triggers without a 5xx while the worker refunds', async () => {
    const t: TestApp = await createTestApp(dialect, { delivery: { autoStart: false, timeoutMs: 2_000 } });
    const hook = await startControlledWebhook({ answer: () => 400 });
    try {
      await addEndpoint(t, hook.url, 'other', 'refusing');
      const actionId = await addAction(t, { name: 'Refused', gameType: 'any', cost: 2 });
      const viewers = await Promise.all(Array.from({ length: 8 }, (_, i) => viewerWithCoins(t, `crowd${i}`, 8)));
      const worker = handOffOnlyWorker(t);
      const log = recordEvents({ worker });
      const replies = await Promise.all(
        viewers.flatMap((v) => Array.from({ length: 4 }, () => trigger(t, v.cookie, actionId))),
      );
      expect(replies.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      expect(replies.map((r) => r.statusCode)).toEqual(Array(32).fill(200));
      await log.waitFor((e) => e.type === 'recorded' && e.status === 'failed', 32);
      const refunds = await t.db.kysely
        .selectFrom('transactions')
        .select('reference')
        .where('type', '=', 'refund')
        .execute();
      expect(refunds).toHaveLength(32);
      expect(new Set(refunds.map((r) => r.reference)).size).toBe(32);
      await assertLedgerInvariant(t.db);
    } finally {
      await t.close();
      await hook.close();
    }
  });
});
