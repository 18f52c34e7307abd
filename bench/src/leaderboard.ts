// pnpm bench:leaderboard — leaderboard and public profile latency over HTTP with 1,000,000 history rows.
import { buildApp, testConfig } from '@shop/api/testing';
import { createTestDb } from '@shop/db/testing';
import { sql } from 'kysely';
import { benchDialects, insertFans, report, run } from './measure';

const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const USERS = 10_000;
const CHUNK = 1_000;

for (const dialect of benchDialects()) {
  const db = await createTestDb(dialect);
  const { app } = await buildApp(testConfig(), { db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    console.log(`\n== leaderboard and profiles on ${dialect}, ${ROWS.toLocaleString('en-US')} history rows ==`);
    const t0 = performance.now();
    const firstUser = await insertFans(db, USERS, CHUNK);
    const now = Date.now();
    for (let start = 0; start < ROWS; start += CHUNK) {
      await db.kysely
        .insertInto('action_history')
        .values(
          Array.from({ length: Math.min(CHUNK, ROWS - start) }, (_, k) => {
            const i = start + k;
            // A long tail: low ids trigger far more often, as real supporters do.
            const user = firstUser + Math.floor((USERS * ((i * 7919) % ROWS) ** 2) / ROWS ** 2);
            return {
              user_id: user,
              action_id: 1,
              action_name: 'Spawn Zombie',
              cost: 10 + (i % 90),
              target: null,
              is_test: 0,
              success: i % 17 === 0 ? 0 : 1,
              refunded: 0,
              created_at: now - (ROWS - i) * 1000,
            };
          }),
        )
        .execute();
    }
    // Supporter totals as the trigger path keeps them, computed once for the fixture.
    await sql`UPDATE users SET action_count = (SELECT COUNT(*) FROM action_history h WHERE h.user_id = users.id AND h.is_test = 0 AND h.refunded = 0), coins_spent = (SELECT COALESCE(SUM(cost), 0) FROM action_history h WHERE h.user_id = users.id AND h.is_test = 0 AND h.refunded = 0)`.execute(
      db.kysely,
    );
    console.log(`fixture built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const get = async (path: string) => {
      const res = await fetch(`${address}${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    };
    await get('/api/leaderboard?limit=20');
    report('GET /api/leaderboard?limit=20, sequential', await run(500, 1, () => get('/api/leaderboard?limit=20')));
    report(
      'GET /api/leaderboard?limit=100, 16 concurrent',
      await run(2000, 16, () => get('/api/leaderboard?limit=100')),
    );
    report(
      'GET /api/users/{id}/profile, sequential',
      await run(500, 1, (i) => get(`/api/users/${firstUser + ((i * 37) % USERS)}/profile`)),
    );
    report(
      'GET /api/users/{id}/profile, 16 concurrent',
      await run(2000, 16, (i) => get(`/api/users/${firstUser + ((i * 37) % USERS)}/profile`)),
    );
  } finally {
    await app.close();
    await db.destroy();
  }
}
