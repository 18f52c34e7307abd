import type { Db, DialectName } from '@shop/db';

/** The MySQL the benchmarks use: TEST_MYSQL_URL, else the local MariaDB of these machines. */
export function benchDialects(): DialectName[] {
  process.env.TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306/test';
  return (process.env.BENCH_DIALECTS?.split(',') as DialectName[] | undefined) ?? ['sqlite', 'mysql'];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** The middle value of a list (the upper of the two middle ones when even): always one of its values. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export interface RunStats {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `count` calls with at most `concurrency` in flight; latency of each in milliseconds. */
export async function run(count: number, concurrency: number, call: (i: number) => Promise<void>): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count, seconds, perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export function report(label: string, stats: RunStats): void {
  console.log(
    `${label.padEnd(44)} ${stats.perSecond.toFixed(1).padStart(8)} /s   p50 ${stats.p50.toFixed(2).padStart(7)} ms   p99 ${stats.p99
      .toFixed(2)
      .padStart(7)} ms   (${stats.count} in ${stats.seconds.toFixed(2)} s)`,
  );
}

export async function post(url: string, cookie: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

export async function register(base: string, username: string): Promise<{ cookie: string; id: number }> {
  const res = await post(`${base}/api/register`, '', { username, password: 'bench-pass-1' });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { cookie, id: ((await res.json()) as { id: number }).id };
}

/** Inserts `count` viewers named fan0, fan1... in chunks and answers the first one's id (ids are consecutive). */
export async function insertFans(db: Db, count: number, chunk: number): Promise<number> {
  for (let start = 0; start < count; start += chunk) {
    await db.kysely
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(chunk, count - start) }, (_, k) => ({
          username: `fan${start + k}`,
          username_key: `fan${start + k}`,
          password_hash: 'x',
          created_at: Date.now(),
        })),
      )
      .execute();
  }
  const first = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('username', 'like', 'fan%')
    .executeTakeFirst();
  return Number(first?.id);
}
