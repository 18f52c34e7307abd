import { connect, type Db, type DeliveryOutcome, findHistory, findUserById, transactionWithRetry } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDeliveries } from '../src/delivery/claim';
import { recordInTransaction } from '../src/delivery/outcome';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp } from './helpers';

// Two api processes on one database exist only on MySQL: SQLite has one writer, one process. Without
// TEST_MYSQL_URL there is no MySQL to run on; testDialects() fails under CI=true instead of skipping.
describe.skipIf(!testDialects().includes('mysql'))(
  'settling a trigger whose deliveries end on two processes (MySQL)',
  () => {
    let t: TestApp;
    /** The second api process's own connection pool to the same database. */
    let other: Db;

    beforeEach(async () => {
      t = await createTestApp('mysql', { delivery: { autoStart: false, timeoutMs: 5_000 } });
      other = connect({ dialect: 'mysql', url: t.db.url ?? '' });
    });
    afterEach(async () => {
      await assertLedgerInvariant(t.db);
      await other.close();
      await t.close();
    });

    async function twoTriggersOfTwoTargets() {
      await addEndpoint(t, 'http://127.0.0.1:9/a', 'other', 'A');
      await addEndpoint(t, 'http://127.0.0.1:9/b', 'other', 'B');
      const action = await addAction(t, { name: 'Both down', gameType: 'any', cost: 7 });
      const viewer = await viewerWithCoins(t, 'scaled', 100);
      for (let i = 0; i < 2; i++) expect((await trigger(t, viewer.cookie, action)).statusCode).toBe(200);
      const rows = await claimDeliveries(t.db, t.clock.now(), 10, 60_000);
      expect(rows).toHaveLength(4);
      const [first, second] = [...new Set(rows.map((r) => r.history_id))];
      const of = (historyId: number | undefined) =>
        rows.filter((r) => r.history_id === historyId).sort((x, y) => (x.endpoint_id ?? 0) - (y.endpoint_id ?? 0));
      return { viewer, first: of(first), second: of(second) };
    }

    const failed = (now: number): DeliveryOutcome => ({
      status: 'failed',
      error: 'connection refused',
      attempts: 5,
      now,
    });

    it('refunds the trigger when its last two deliveries fail on two processes while one batches outcomes', async () => {
      const { viewer, first, second } = await twoTriggersOfTwoTargets();
      const now = t.clock.now();
      // One delivery of each trigger per endpoint, in the endpoints' order.
      const [a1, a2] = first;
      const [b1, b2] = second;
      if (!a1 || !a2 || !b1 || !b2) throw new Error('expected two deliveries per trigger');

      // This process writes a batch of outcomes in one transaction (as OutcomeRecorder does). Its first
      // item reads a trigger's statuses; between the two items, the other process records the failure of
      // the second trigger's other delivery and commits. Both items of the batch are for endpoint B and
      // the other process's outcome for endpoint A, as two processes' lanes would be: the other process
      // writes nothing this batch holds, so it commits while the batch is open.
      const secondItem = await t.db.transaction(async (tx) => {
        const firstItem = await recordInTransaction(tx, t.services.outcomeHooks, a2, failed(now));
        expect(firstItem.settlement).toBeNull();
        const elsewhere = await transactionWithRetry(other, (otherTx) =>
          recordInTransaction(otherTx, t.services.outcomeHooks, b1, failed(now)),
        );
        expect(elsewhere).toEqual({ held: true, settlement: null });
        return recordInTransaction(tx, t.services.outcomeHooks, b2, failed(now));
      });

      expect(secondItem.settlement).toMatchObject({ success: false, refunded: true });
      expect((await findHistory(t.db.kysely, b1.history_id))?.refunded).toBe(1);
      // The first trigger still has a delivery in flight: it stays pending.
      expect((await findHistory(t.db.kysely, a1.history_id))?.success).toBeNull();
      expect(Number((await findUserById(t.db.kysely, viewer.id))?.coin_balance)).toBe(100 - 2 * 7 + 7);
    });
  },
);

describe.each(['sqlite', ...(process.env.TEST_MYSQL_URL ? ['mysql' as const] : [])] as const)(
  'the settlement sweep on %s',
  (dialect) => {
    let t: TestApp;

    beforeEach(async () => {
      t = await createTestApp(dialect, { delivery: { autoStart: false, timeoutMs: 5_000 } });
    });
    afterEach(async () => {
      await assertLedgerInvariant(t.db);
      await t.close();
    });

    it('settles and refunds, once, a trigger left with every delivery failed and no settlement', async () => {
      await addEndpoint(t, 'http://127.0.0.1:9/a', 'other', 'A');
      await addEndpoint(t, 'http://127.0.0.1:9/b', 'other', 'B');
      const action = await addAction(t, { name: 'Stranded', gameType: 'any', cost: 9 });
      const viewer = await viewerWithCoins(t, 'stranded', 50);
      expect((await trigger(t, viewer.cookie, action)).statusCode).toBe(200);
      expect((await trigger(t, viewer.cookie, action)).statusCode).toBe(200);
      const rows = await claimDeliveries(t.db, t.clock.now(), 10, 60_000);
      const [stranded, pending] = [...new Set(rows.map((r) => r.history_id))];
      // What a lost settlement leaves: both deliveries failed for good, the trigger still pending.
      await t.db.kysely
        .updateTable('deliveries')
        .set({ status: 'failed', lease_token: null, locked_until: null, attempts: 5, last_error: 'refused' })
        .where('history_id', '=', stranded ?? 0)
        .execute();

      const worker = t.services.deliveryWorker;
      expect(await worker.settleStranded()).toBe(1);
      expect(await worker.settleStranded()).toBe(0);

      const history = await findHistory(t.db.kysely, stranded ?? 0);
      expect(history).toMatchObject({ success: 0, refunded: 1 });
      // The other trigger's deliveries are still in flight: the sweep leaves it alone.
      expect((await findHistory(t.db.kysely, pending ?? 0))?.success).toBeNull();
      expect(Number((await findUserById(t.db.kysely, viewer.id))?.coin_balance)).toBe(50 - 2 * 9 + 9);
      const refunds = await t.db.kysely
        .selectFrom('transactions')
        .select('amount')
        .where('reference', '=', `refund:${stranded}`)
        .execute();
      expect(refunds.map((r) => Number(r.amount))).toEqual([9]);
    });
  },
);
