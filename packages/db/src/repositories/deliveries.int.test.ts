import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDialects } from '../testing/index';
import {
  type ClaimFilter,
  claimDueDeliveries,
  finishDelivery,
  insertDelivery,
  insertResendDeliveries,
  listDeliveries,
  listDeliveryStatuses,
  renewLease,
} from './deliveries';
import { insertEndpoint } from './endpoints';
import { insertHistory } from './history';
import { insertUser } from './users';

describe.each(testDialects())('delivery leases on %s', (dialect) => {
  let db: TestDb;
  let userId: number;
  let endpointId: number;
  /** A worker's claim: in a transaction of its own, as the caller owns it. */
  const claimDue = (now: number, limit: number, leaseMs: number, filter: ClaimFilter) =>
    db.transaction((tx) => claimDueDeliveries(tx, now, limit, leaseMs, filter));
  beforeAll(async () => {
    db = await createTestDb(dialect);
    userId = await insertUser(db.kysely, { username: 'leaser', passwordHash: 'h', now: 1 });
    endpointId = await insertEndpoint(db.kysely, {
      url: 'http://127.0.0.1:9/hook',
      secretKey: 's',
      description: 'hook',
      gameType: 'other',
      active: true,
      now: 1,
    });
  });
  afterAll(async () => db?.destroy());

  async function queuedDelivery(now: number) {
    const historyId = await insertHistory(db.kysely, {
      userId,
      actionId: 1,
      actionName: 'Boom',
      cost: 5,
      target: null,
      isTest: false,
      now,
    });
    const id = await insertDelivery(db.kysely, { historyId, endpointId, command: 'boom', now });
    return { historyId, id };
  }

  it('writes an outcome only under the lease token that still holds', async () => {
    const { id, historyId } = await queuedDelivery(1_000);
    const [first] = await claimDue(1_000, 10, 100, { historyIds: [historyId] });
    expect(first?.id).toBe(id);
    // The lease lapses; a second worker claims the row under a new token.
    const [second] = await claimDue(1_101, 10, 100, { historyIds: [historyId] });
    expect(second?.lease_token).toBeDefined();
    expect(second?.lease_token).not.toBe(first?.lease_token);
    const stale = first?.lease_token ?? '';
    expect(await renewLease(db.kysely, id, stale, 1_150, 100)).toBe(false);
    const late = await finishDelivery(db.kysely, id, stale, {
      status: 'failed',
      error: 'late',
      attempts: 1,
      now: 1_200,
    });
    expect(late).toBe(false);
    const [unchanged] = await listDeliveries(db.kysely, historyId);
    expect(unchanged).toMatchObject({
      status: 'in_flight',
      attempts: 0,
      last_error: null,
      lease_token: second?.lease_token,
    });

    const held = await finishDelivery(db.kysely, id, second?.lease_token ?? '', {
      status: 'delivered',
      response: 'ok',
      attempts: 1,
      now: 1_200,
    });
    expect(held).toBe(true);
    // The token is spent: the same worker cannot record a second outcome for that claim.
    const again = await finishDelivery(db.kysely, id, second?.lease_token ?? '', {
      status: 'failed',
      error: 'twice',
      attempts: 2,
      now: 1_300,
    });
    expect(again).toBe(false);
    const [done] = await listDeliveries(db.kysely, historyId);
    expect(done).toMatchObject({ status: 'delivered', attempts: 1, response: 'ok', lease_token: null });
  });

  it('does not claim a row whose lease still holds, and leaves out the endpoints it is told to', async () => {
    const { historyId } = await queuedDelivery(5_000);
    expect(await claimDue(5_000, 10, 100, { historyIds: [historyId], excludeEndpointIds: [endpointId] })).toEqual([]);
    expect(await claimDue(5_000, 10, 100, { historyIds: [historyId] })).toHaveLength(1);
    expect(await claimDue(5_100, 10, 100, { historyIds: [historyId] })).toEqual([]);
  });

  it('keeps resend rows out of the trigger outcome', async () => {
    const { id, historyId } = await queuedDelivery(9_000);
    const [claimed] = await claimDue(9_000, 10, 100, { historyIds: [historyId] });
    await finishDelivery(db.kysely, id, claimed?.lease_token ?? '', {
      status: 'delivered',
      response: 'ok',
      attempts: 1,
      now: 9_001,
    });
    expect(await insertResendDeliveries(db.kysely, historyId, 9_002)).toBe(1);
    const rows = await listDeliveries(db.kysely, historyId);
    expect(rows.map((r) => [r.status, r.is_resend])).toEqual([
      ['delivered', 0],
      ['queued', 1],
    ]);
    expect(await listDeliveryStatuses(db.kysely, historyId)).toEqual(['delivered']);
  });
});
