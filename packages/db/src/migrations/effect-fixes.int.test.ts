import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHistory } from '../repositories/history';
import { insertUser } from '../repositories/users';
import { createTestDb, type TestDb, testDialects } from '../testing/index';
import { repairStuckExtensions } from './2026_12_07_0023_effect_fixes';

describe.each(testDialects())('repairing extensions left running on %s', (dialect) => {
  let db: TestDb;
  let userId: number;
  beforeAll(async () => {
    db = await createTestDb(dialect);
    userId = await insertUser(db.kysely, { username: 'extender', passwordHash: 'h', now: 1 });
  });
  afterAll(async () => db?.destroy());

  async function trigger(effectState: 'running' | 'stopped' | 'stop_failed', extendsId: number | null = null) {
    const id = await insertHistory(db.kysely, {
      userId,
      actionId: 1,
      actionName: 'Fog',
      cost: 5,
      target: null,
      isTest: false,
      now: 1,
    });
    await db.kysely
      .updateTable('action_history')
      .set({ success: 1, effect_state: effectState, ends_at: 2, extends_id: extendsId })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const stateOf = async (id: number) =>
    (await db.kysely.selectFrom('action_history').select('effect_state').where('id', '=', id).executeTakeFirst())
      ?.effect_state;

  it('ends the extensions of an ended effect as it ended, and leaves running effects alone', async () => {
    const stopped = await trigger('stopped');
    const stuck = await trigger('running', stopped);
    const failed = await trigger('stop_failed');
    const stuckOnFailed = await trigger('running', failed);
    const live = await trigger('running');
    const liveExtension = await trigger('running', live);
    expect(await repairStuckExtensions(db.kysely)).toBe(2);
    expect(await stateOf(stuck)).toBe('stopped');
    expect(await stateOf(stuckOnFailed)).toBe('stop_failed');
    expect(await stateOf(liveExtension)).toBe('running');
    expect(await repairStuckExtensions(db.kysely)).toBe(0);
  });
});
