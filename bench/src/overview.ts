// pnpm bench:overview — the streamer overview (GET /api/admin/overview) with 1,000,000 history rows,
// as many deliveries and ledger rows, spread over the last BENCH_SPREAD_DAYS days (default 365: a busy
// year). The overview reads the per-day totals the database keeps as these rows are written (its
// triggers run for the fixture's inserts too), so days=365 reads a year of day rows, not every row.
import { buildApp, testConfig } from '@shop/api/testing';
import { createTestDb } from '@shop/db/testing';
import { sql } from 'kysely';
import { benchDialects, insertFans, post, report, run } from './measure';

const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const USERS = 10_000;
const ACTIONS = 40;
const ENDPOINTS = 4;
const CHUNK = 1_000;
const DAY_MS = 86_400_000;
const SPREAD_DAYS = Number(process.env.BENCH_SPREAD_DAYS ?? 365);
const ADMIN = { username: 'benchadmin', password: 'bench-admin-pass-1' };

for (const dialect of benchDialects()) {
  const db = await createTestDb(dialect);
  const { app } = await buildApp(testConfig({ admin: ADMIN }), { db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    console.log(
      `\n== streamer overview on ${dialect}, ${ROWS.toLocaleString('en-US')} history rows over ${SPREAD_DAYS} days ==`,
    );
    const t0 = performance.now();
    const firstUser = await insertFans(db, USERS, CHUNK);
    await db.kysely
      .insertInto('webhook_endpoints')
      .values(
        Array.from({ length: ENDPOINTS }, (_, k) => ({
          url: `https://example.com/hook${k}`,
          secret_key: 'x',
          description: `Endpoint ${k}`,
          game_type: 'other',
          active: 1,
          created_at: Date.now(),
        })),
      )
      .execute();
    const firstEndpoint = Number(
      (
        await db.kysely
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.min('id').as('id'))
          .executeTakeFirst()
      )?.id,
    );
    const now = Date.now();
    const spacing = (SPREAD_DAYS * DAY_MS) / ROWS;
    for (let start = 0; start < ROWS; start += CHUNK) {
      await db.kysely
        .insertInto('action_history')
        .values(
          Array.from({ length: Math.min(CHUNK, ROWS - start) }, (_, k) => {
            const i = start + k;
            const user = firstUser + Math.floor((USERS * ((i * 7919) % ROWS) ** 2) / ROWS ** 2);
            const action = 1 + ((i * 31) % ACTIONS);
            return {
              user_id: user,
              action_id: action,
              action_name: `Action ${action}`,
              cost: 10 + (i % 90),
              target: null,
              is_test: i % 200 === 0 ? 1 : 0,
              success: i % 17 === 0 ? 0 : 1,
              refunded: i % 17 === 0 ? 1 : 0,
              created_at: Math.floor(now - (ROWS - i) * spacing),
            };
          }),
        )
        .execute();
    }
    // One delivery and one ledger row per trigger, written set-wise from the history.
    await sql`INSERT INTO deliveries (history_id, endpoint_id, command, status, attempts, next_attempt_at, is_resend, created_at, updated_at)
      SELECT id, ${firstEndpoint} + (id % ${ENDPOINTS}), action_name, CASE WHEN success = 0 THEN 'failed' ELSE 'delivered' END, 1, created_at, 0, created_at, created_at
      FROM action_history`.execute(db.kysely);
    await sql`INSERT INTO transactions (user_id, type, amount, description, created_at)
      SELECT user_id, 'action', -cost, action_name, created_at FROM action_history WHERE is_test = 0`.execute(
      db.kysely,
    );
    // A purchase every 20 triggers, with its credited payment.
    await sql`INSERT INTO transactions (user_id, type, amount, description, created_at)
      SELECT user_id, 'purchase', 500, 'Coins', created_at - 1000 FROM action_history WHERE id % 20 = 0`.execute(
      db.kysely,
    );
    await sql`INSERT INTO payments (provider, order_id, user_id, amount_cents, currency, status, coins_reclaimed, coins_unrecovered, created_at, updated_at)
      SELECT 'demo', CONCAT('bench-', id), user_id, 499, 'USD', 'credited', 0, 0, created_at - 1000, created_at FROM action_history WHERE id % 20 = 0`.execute(
      db.kysely,
    );
    if (dialect === 'sqlite') await sql`ANALYZE`.execute(db.kysely);
    else {
      await sql`ANALYZE TABLE action_history, deliveries, transactions, payments, daily_totals, daily_action_totals,
        daily_supporter_totals, daily_endpoint_totals`.execute(db.kysely);
    }
    console.log(`fixture built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const login = await post(`${address}/api/login`, '', ADMIN);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!login.ok || !cookie) throw new Error(`admin login failed: ${login.status}`);
    const get = async (path: string) => {
      const res = await fetch(`${address}${path}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    await get('/api/admin/overview?days=30');
    for (const days of [7, 30, 90, 365]) {
      report(
        `GET /api/admin/overview?days=${days}, sequential`,
        await run(days > 90 ? 10 : 30, 1, () => get(`/api/admin/overview?days=${days}`)),
      );
    }
    report('GET /api/admin/overview?days=30, 4 concurrent', await run(40, 4, () => get('/api/admin/overview?days=30')));
  } finally {
    await app.close();
    await db.destroy();
  }
}
