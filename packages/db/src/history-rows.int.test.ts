import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStreamAction } from './repositories/catalog';
import { historyRow, type NewHistoryRow, writeHistory } from './repositories/history-rows';
import { insertUser } from './repositories/users';
import { createTestDb, type TestDb, testDialects } from './testing/index';

/** The row writeHistory answers is the row a read finds: the worker trusts it without reading. */
describe.each(testDialects())('writeHistory on %s', (dialect) => {
  let db: TestDb;
  let base: NewHistoryRow;
  beforeAll(async () => {
    db = await createTestDb(dialect);
    const userId = await insertUser(db.kysely, { username: 'rows', passwordHash: 'h', now: 1 });
    const actionId = await insertStreamAction(db.kysely, {
      name: 'Spawn',
      description: '',
      image_url: null,
      category_id: null,
      cost: 10,
      game_type: 'minecraft',
      target_type: 'none',
      webhook_action: 'say hi',
      minecraft_server: null,
      active: 1,
      created_at: 1,
      requires_approval: 0,
      wait_for_target: 0,
    });
    base = { user_id: userId, action_id: actionId, action_name: 'Spawn', cost: 10, created_at: 5 };
  });
  afterAll(async () => db?.destroy());

  const stored = (id: number) =>
    db.kysely.selectFrom('action_history').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('writes a plain trigger with the fresh defaults', async () => {
    const row = await writeHistory(db.kysely, base);
    expect(row).toEqual(historyRow(row.id, base));
    expect({ ...(await stored(row.id)), created_at: Number((await stored(row.id)).created_at) }).toEqual(row);
  });

  it('writes every mark a trigger can start with', async () => {
    const row = await writeHistory(db.kysely, {
      ...base,
      request_id: 'r-1',
      balance_after: 90,
      queue_state: 'awaiting_approval',
      approval_expires_at: 1_000,
      queue_group: 'arena',
      duration_seconds: 30,
      stop_command: 'stop',
      took_stock: 1,
      ends_at: undefined,
    });
    expect(row).toMatchObject({ queue_state: 'awaiting_approval', queue_group: 'arena', took_stock: 1, ends_at: null });
    const read = await stored(row.id);
    expect({
      ...read,
      created_at: Number(read.created_at),
      approval_expires_at: Number(read.approval_expires_at),
    }).toEqual(row);
  });
});
