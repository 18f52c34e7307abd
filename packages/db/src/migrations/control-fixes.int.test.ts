import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDelivery, listDeliveries } from '../repositories/deliveries';
import { insertEndpoint } from '../repositories/endpoints';
import { insertHistory, markHistoryRefunded } from '../repositories/history';
import { insertUser } from '../repositories/users';
import { createTestDb, type TestDb, testDialects } from '../testing/index';
import { up } from './2026_12_07_0026_control_fixes';

describe.each(testDialects())('the control room repair migration on %s', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(dialect);
  });
  afterAll(async () => db?.destroy());

  it('cancels what is still unsent of triggers refunded by hand before refunds cancelled it', async () => {
    const userId = await insertUser(db.kysely, { username: 'old_refund', passwordHash: 'h', now: 1 });
    const endpointId = await insertEndpoint(db.kysely, {
      url: 'http://127.0.0.1:9/hook',
      secretKey: 's',
      description: 'hook',
      gameType: 'other',
      active: true,
      now: 1,
    });
    const trigger = (name: string) =>
      insertHistory(db.kysely, { userId, actionId: 1, actionName: name, cost: 5, target: null, isTest: false, now: 1 });
    const refunded = await trigger('Refunded');
    const open = await trigger('Open');
    for (const historyId of [refunded, open]) {
      await insertDelivery(db.kysely, { historyId, endpointId, command: 'go', now: 1 });
      await insertDelivery(db.kysely, { historyId, endpointId, command: 'go', now: 1, waiting: true });
    }
    await insertDelivery(db.kysely, { historyId: refunded, endpointId, command: 'again', now: 2, isResend: true });
    await markHistoryRefunded(db.kysely, refunded);

    // Run again on today's schema: what it repairs is data, and its index it drops and makes anew.
    await up(db.kysely);
    expect((await listDeliveries(db.kysely, refunded)).map((d) => [d.status, d.is_resend])).toEqual([
      ['cancelled', 0],
      ['cancelled', 0],
      ['queued', 1],
    ]);
    expect((await listDeliveries(db.kysely, open)).map((d) => d.status)).toEqual(['queued', 'waiting']);
  });
});
