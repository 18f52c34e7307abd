// pnpm bench:trigger — POST /api/trigger-action on the BUILT shop (run `pnpm build` first), measured
// from outside: the shop, a bare node:http server doing the same SQL statements in the same order, and
// the load generator (autocannon) each in their own process, at 16 and 64 connections, on SQLite and
// MySQL (BENCH_DIALECTS=sqlite,mysql; TEST_MYSQL_URL). Worker off for the request path; then worker on
// with 64 connections to a healthy RCON stand-in: deliveries/s against accepted triggers/s, and the
// click-to-game time of probe triggers sent alongside. The request path is measured in rounds, the
// shop and the bare server taking turns (which goes first alternates), and each ratio is the median of
// the rounds' ratios: this machine's speed drifts (other VMs' load), and one long run each let the
// drift decide (rounds on this shared 2-core machine vary widely, so five of them, not three).
// BENCH_ROUNDS (5) and BENCH_ROUND_SECONDS (5) set them; BENCH_SECONDS sets the
// worker-on run's length (10).
import { connect, type DialectName, parseDatabaseUrl } from '@shop/db';
import { startRconStandIn } from '@shop/dispatch/testing';
import type { LoadInput, LoadResult } from './lib/load';
import { type Child, freePort, runScript, startTsx, waitForHttp } from './lib/processes';
import { dropDatabase, freshDatabase, type Shop, setUpTriggering, startShop, type Viewer } from './lib/shop';
import { benchDialects, median, percentile, post } from './measure';
import { matchingList, normalize, statementList } from './trigger/statements';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
/** Not counted: JIT, caches and the pool's connections settle first (a short one left MySQL at 16 slow). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const LEVELS = [16, 64];
const LOAD_VIEWERS = Math.max(...LEVELS);

interface Measured {
  load: LoadResult;
  /** Server CPU per accepted trigger, in ms. */
  cpuMs: number;
}

async function measure(url: string, server: Child, connections: number, viewers: Viewer[], body: string) {
  const cpuBefore = server.cpuSeconds();
  const load = await runScript<LoadResult>('src/lib/load.ts', {
    url,
    connections,
    seconds: ROUND_SECONDS,
    cookies: viewers.map((v) => v.cookie),
    body,
  } satisfies LoadInput);
  const cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, load.ok);
  return { load, cpuMs } satisfies Measured;
}

/** The statements the shop sends for one trigger, from its DB_LOG_QUERIES lines. */
async function captureStatements(shop: Shop, viewer: Viewer, actionId: number): Promise<string[]> {
  const quiet = async () => {
    // Start-up work (migrations, the admin, the reconciler) logs statements too: wait until it is done.
    let seen = -1;
    while (seen !== shop.child.lines.length) {
      seen = shop.child.lines.length;
      await new Promise((r) => setTimeout(r, 300));
    }
  };
  // The first trigger warms what the shop keeps in memory; the second is what every later one does.
  const trigger = async () => {
    const res = await post(`${shop.url}/api/trigger-action`, viewer.cookie, { actionId });
    if (!res.ok) throw new Error(`capture trigger: ${res.status} ${await res.text()}`);
    await quiet();
  };
  await quiet();
  await trigger();
  const from = shop.child.lines.length;
  await trigger();
  return shop.child.lines
    .slice(from)
    .map((line) => JSON.parse(line) as { msg?: string; sql?: string })
    .filter((entry) => entry.msg === 'db query' && entry.sql)
    .map((entry) => entry.sql ?? '');
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

/** One connection level: every round's figures for both servers. */
interface Level {
  level: number;
  rounds: { shop: Measured; bare: Measured }[];
}

function printRequestPath(dialect: DialectName, levels: Level[]): void {
  console.log(
    `\n== ${dialect}: POST /api/trigger-action, worker off, ${ROUNDS} rounds of ${ROUND_SECONDS} s each, taking turns ==`,
  );
  console.log(
    '  (req/s and CPU over all rounds; latencies and ratios: the median of the rounds, ratio range in brackets)',
  );
  console.log(
    '  conns |   shop/s   bare/s  ratio  [rounds]   | shop p50 bare p50 | shop p99 bare p99  ratio | cpu ms/trigger shop  bare  ratio',
  );
  for (const { level, rounds } of levels) {
    const total = (side: 'shop' | 'bare') => {
      const ok = rounds.reduce((n, r) => n + r[side].load.ok, 0);
      const seconds = rounds.reduce((n, r) => n + r[side].load.seconds, 0);
      const cpuMs = rounds.reduce((n, r) => n + r[side].cpuMs * r[side].load.ok, 0) / Math.max(1, ok);
      return { perSecond: ok / seconds, cpuMs };
    };
    const shop = total('shop');
    const bare = total('bare');
    const ratios = rounds.map((r) => r.shop.load.perSecond / r.bare.load.perSecond);
    const p99Ratios = rounds.map((r) => r.shop.load.p99 / r.bare.load.p99);
    const failed = rounds.reduce((n, r) => n + r.shop.load.failed + r.bare.load.failed, 0);
    console.log(
      `  ${String(level).padStart(5)} | ${fmt(shop.perSecond)} ${fmt(bare.perSecond)} ${fmt(median(ratios), 2)}x` +
        ` [${ratios.map((r) => r.toFixed(2)).join(' ')}] |` +
        ` ${fmt(median(rounds.map((r) => r.shop.load.p50)))} ${fmt(median(rounds.map((r) => r.bare.load.p50)))} |` +
        ` ${fmt(median(rounds.map((r) => r.shop.load.p99)))} ${fmt(median(rounds.map((r) => r.bare.load.p99)))} ${fmt(median(p99Ratios), 2)}x |` +
        `          ${fmt(shop.cpuMs, 2)} ${fmt(bare.cpuMs, 2)} ${fmt(shop.cpuMs / bare.cpuMs, 2)}x` +
        (failed > 0 ? `   (failed: ${failed})` : ''),
    );
  }
}

async function requestPath(dialect: DialectName, databaseUrl: string, rconUrl: string) {
  // Set up and capture with query logging on, then measure on a fresh start with it off.
  let shop = await startShop(databaseUrl, { DELIVERY_WORKER: 'false', DB_LOG_QUERIES: 'true' });
  const setup = await setUpTriggering(shop, rconUrl, LOAD_VIEWERS + 1);
  const captured = await captureStatements(shop, setup.viewers[0] as Viewer, setup.actionId);
  await shop.stop();
  const match = matchingList(captured, dialect === 'mysql');
  if (!match) {
    console.error('The shop ran these statements for one trigger:');
    for (const sql of captured) console.error(`  ${normalize(sql)}`);
    console.error('The bare server knows these (bench/src/trigger/statements.ts):');
    for (const sql of statementList(false, dialect === 'mysql')) console.error(`  ${normalize(sql)}`);
    throw new Error('statement lists differ: update bench/src/trigger/statements.ts and bare-server.ts');
  }
  console.log(
    `\n${dialect}: the shop's ${captured.length} statements per trigger equal the bare server's` +
      ` (action and endpoint reads ${match.cachedReads ? 'answered from memory' : 'read from the database'})`,
  );

  shop = await startShop(databaseUrl, { DELIVERY_WORKER: 'false' });
  const barePort = await freePort();
  // BENCH_CPU_PROF_DIR profiles the bare server beside the shop: where the floor spends its time.
  const bare = startTsx(
    'src/trigger/bare-server.ts',
    { databaseUrl, port: barePort, cachedReads: match.cachedReads },
    { profile: true },
  );
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitForHttp(bareUrl, bare);
  const viewers = setup.viewers.slice(0, LOAD_VIEWERS);
  const body = JSON.stringify({ actionId: setup.actionId });
  const levels: Level[] = [];
  try {
    // A warm-up each, not counted.
    for (const url of [`${shop.url}/api/trigger-action`, bareUrl]) {
      await runScript<LoadResult>('src/lib/load.ts', {
        url,
        connections: 16,
        seconds: WARMUP_SECONDS,
        cookies: viewers.map((v) => v.cookie),
        body,
      } satisfies LoadInput);
    }
    for (const level of LEVELS) {
      const rounds: Level['rounds'] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const ours = () => measure(`${shop.url}/api/trigger-action`, shop.child, level, viewers, body);
        const theirs = () => measure(bareUrl, bare, level, viewers, body);
        if (round % 2 === 0) {
          const s = await ours();
          rounds.push({ shop: s, bare: await theirs() });
        } else {
          const b = await theirs();
          rounds.push({ shop: await ours(), bare: b });
        }
      }
      levels.push({ level, rounds });
    }
  } finally {
    await bare.stop();
    await shop.stop();
  }
  printRequestPath(dialect, levels);
  if (levels.some((l) => l.rounds.some((r) => r.bare.load.failed > 0 || r.shop.load.failed > 0))) {
    console.log('  NOTE: some requests failed (see the failed counts): those rows do not compare like with like');
  }
  return setup;
}

async function workerOn(
  dialect: DialectName,
  databaseUrl: string,
  setup: Awaited<ReturnType<typeof requestPath>>,
  rcon: { arrivals: { command: string; at: number }[]; waitFor(command: string): Promise<number> },
): Promise<void> {
  // The request-path runs queued rows nobody sent (worker off, and the bare server's): settle them
  // first, so the worker starts with only what this run triggers.
  const db = connect(parseDatabaseUrl(databaseUrl));
  await db.kysely.updateTable('deliveries').set({ status: 'delivered' }).where('status', '=', 'queued').execute();
  const deliveryRows = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowsBefore = await deliveryRows();
  const shop = await startShop(databaseUrl, { DELIVERY_WORKER: 'true' });
  const viewers = setup.viewers.slice(0, LOAD_VIEWERS);
  const probe = setup.viewers[LOAD_VIEWERS] as Viewer;
  const probeCommand = `say ${probe.username}`;
  const body = JSON.stringify({ actionId: setup.actionId });
  try {
    const arrivedBefore = rcon.arrivals.length;
    let probing = true;
    const latencies: number[] = [];
    // One viewer clicking beside the 64 connections: request start -> its command at the stand-in.
    const prober = (async () => {
      await new Promise((r) => setTimeout(r, 1000));
      while (probing) {
        const t0 = Date.now();
        const arrived = rcon.waitFor(probeCommand);
        const res = await post(`${shop.url}/api/trigger-action`, probe.cookie, { actionId: setup.actionId });
        if (!res.ok) throw new Error(`probe: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        latencies.push((await arrived) - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const load = await runScript<LoadResult>('src/lib/load.ts', {
      url: `${shop.url}/api/trigger-action`,
      connections: LOAD_VIEWERS,
      seconds: SECONDS,
      cookies: viewers.map((v) => v.cookie),
      body,
    } satisfies LoadInput);
    probing = false;
    await prober;
    const loadArrivals = rcon.arrivals.slice(arrivedBefore).filter((a) => a.command !== probeCommand);
    const during = loadArrivals.filter((a) => a.at >= load.startedAt && a.at <= load.endedAt).length;
    // The shop's own count: the load generator misses requests still in flight when it stops, which
    // the shop accepted all the same. Every arrival must match a delivery row (exactly once).
    await new Promise((r) => setTimeout(r, 500));
    const recorded = (await deliveryRows()) - rowsBefore - latencies.length;
    // The rest: how long after the run the last of the accepted triggers reached the game.
    const drainDeadline = Date.now() + 60_000;
    while (
      rcon.arrivals.slice(arrivedBefore).filter((a) => a.command !== probeCommand).length < recorded &&
      Date.now() < drainDeadline
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const all = rcon.arrivals.slice(arrivedBefore).filter((a) => a.command !== probeCommand);
    const lastAt = all.length > 0 ? Math.max(...all.map((a) => a.at)) : load.endedAt;
    latencies.sort((a, b) => a - b);
    const deliveredPerSecond = during / load.seconds;
    console.log(`\n== ${dialect}: worker on, ${LOAD_VIEWERS} connections for ${SECONDS} s, healthy RCON stand-in ==`);
    console.log(
      `  accepted ${load.ok} triggers (${load.perSecond.toFixed(1)}/s, ${load.failed} failed);` +
        ` ${during} reached the game during the run (${deliveredPerSecond.toFixed(1)}/s,` +
        ` ${(deliveredPerSecond / load.perSecond).toFixed(2)}x accepted/s);` +
        ` ${all.length} of ${recorded} arrived by ${Math.max(0, lastAt - load.endedAt)} ms after the run`,
    );
    console.log(
      `  the shop recorded ${recorded} deliveries for the load (${recorded - load.ok} accepted while the load generator` +
        ` stopped); arrivals ${all.length === recorded ? 'equal' : 'DIFFER FROM'} them`,
    );
    console.log(
      `  click-to-game (probe viewer, ${latencies.length} sequential triggers during the load):` +
        ` p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
  } finally {
    await shop.stop();
    await db.close();
  }
}

for (const dialect of benchDialects()) {
  const arrivals: { command: string; at: number }[] = [];
  const waiters = new Map<string, (at: number) => void>();
  const rcon = await startRconStandIn({
    password: 'bench',
    onCommand: (command) => {
      const at = Date.now();
      arrivals.push({ command, at });
      waiters.get(command)?.(at);
      waiters.delete(command);
    },
  });
  const databaseUrl = await freshDatabase(dialect, 'bench_trigger');
  try {
    const setup = await requestPath(dialect, databaseUrl, rcon.url);
    await workerOn(dialect, databaseUrl, setup, {
      arrivals,
      waitFor: (command) => new Promise((r) => waiters.set(command, r)),
    });
  } finally {
    await rcon.close();
    await dropDatabase(databaseUrl);
  }
}
