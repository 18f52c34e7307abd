// pnpm bench:fanout — /ws fan-out on the BUILT shop (run `pnpm build` first) beside a bare `ws` server:
// 2,000 sockets (BENCH_SOCKETS) opened by a client process of their own; each round one trigger, timed
// from the request's start to the LAST socket's receipt of its action_triggered message (BENCH_ROUNDS,
// 50). Prints last-receipt p50/p99 for both, their ratio, and each server's RSS with the sockets open.
import { startRconStandIn } from '@shop/dispatch/testing';
import type { ClientsInput, ClientsResult } from './fanout/clients';
import { type Child, freePort, runScript, startTsx, waitForHttp } from './lib/processes';
import { dropDatabase, freshDatabase, setUpTriggering, startShop } from './lib/shop';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const MiB = 1024 * 1024;

/** Runs the clients while sampling the server's RSS: the peak is the figure with every socket open. */
async function withSockets(server: Child, input: ClientsInput): Promise<{ result: ClientsResult; rssPeak: number }> {
  let rssPeak = server.rssBytes();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rssBytes());
  }, 100);
  try {
    const result = await runScript<ClientsResult>('src/fanout/clients.ts', input);
    return { result, rssPeak };
  } finally {
    clearInterval(sampler);
  }
}

const rcon = await startRconStandIn({ password: 'bench' });
const databaseUrl = await freshDatabase('sqlite', 'bench_fanout');
try {
  const shop = await startShop(databaseUrl, {
    DELIVERY_WORKER: 'false',
    WS_MAX_CONNECTIONS_PER_ADDRESS: String(SOCKETS + 10),
  });
  let ours: { result: ClientsResult; rssPeak: number };
  let shopIdle: number;
  try {
    const setup = await setUpTriggering(shop, rcon.url, 1);
    const viewer = setup.viewers[0];
    if (!viewer) throw new Error('no viewer');
    shopIdle = shop.child.rssBytes();
    ours = await withSockets(shop.child, {
      wsUrl: `${shop.url.replace('http', 'ws')}/ws`,
      triggerUrl: `${shop.url}/api/trigger-action`,
      cookie: viewer.cookie,
      body: JSON.stringify({ actionId: setup.actionId }),
      sockets: SOCKETS,
      rounds: ROUNDS,
      type: 'action_triggered',
    });
  } finally {
    await shop.stop();
  }

  const port = await freePort();
  const bare = startTsx('src/fanout/bare-ws.ts', { port });
  let theirs: { result: ClientsResult; rssPeak: number };
  let bareIdle: number;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, bare);
    bareIdle = bare.rssBytes();
    theirs = await withSockets(bare, {
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      triggerUrl: `http://127.0.0.1:${port}/`,
      cookie: '',
      body: '{}',
      sockets: SOCKETS,
      rounds: ROUNDS,
      type: 'action_triggered',
    });
  } finally {
    await bare.stop();
  }

  const a = ours.result;
  const b = theirs.result;
  console.log(`\n== /ws fan-out: ${SOCKETS} sockets, ${ROUNDS} rounds, trigger start -> last socket's receipt ==`);
  console.log('              last p50   last p99  median p50  spread p99   RSS idle  RSS with sockets');
  const row = (label: string, r: ClientsResult, idle: number, peak: number) =>
    console.log(
      `  ${label.padEnd(10)} ${r.lastP50.toFixed(1).padStart(7)} ms ${r.lastP99.toFixed(1).padStart(7)} ms ${r.medianP50
        .toFixed(1)
        .padStart(
          8,
        )} ms ${r.spreadP99.toFixed(1).padStart(8)} ms ${(idle / MiB).toFixed(0).padStart(6)} MiB ${(peak / MiB).toFixed(0).padStart(8)} MiB`,
    );
  row('shop', a, shopIdle, ours.rssPeak);
  row('bare ws', b, bareIdle, theirs.rssPeak);
  console.log(
    `  ratio shop/bare: last p50 ${(a.lastP50 / b.lastP50).toFixed(2)}x, last p99 ${(a.lastP99 / b.lastP99).toFixed(2)}x, spread p99 ${(a.spreadP99 / b.spreadP99).toFixed(2)}x`,
  );
} finally {
  await rcon.close();
  await dropDatabase(databaseUrl);
}
