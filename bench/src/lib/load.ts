// The load generator, in its own process (runScript): autocannon keeping `connections` requests in
// flight for `seconds`, each connection signed in as its own viewer. Prints one JSON line.
import autocannon from 'autocannon';

export interface LoadInput {
  url: string;
  connections: number;
  seconds: number;
  /** One Cookie header per viewer; connection i uses cookies[i % length]. */
  cookies: string[];
  body: string;
}

export interface LoadResult {
  ok: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Wall-clock start and end of the run (Date.now()), to line deliveries up with it. */
  startedAt: number;
  endedAt: number;
}

const input = JSON.parse(process.env.BENCH_INPUT ?? '{}') as LoadInput;
let nextViewer = 0;
const startedAt = Date.now();
const result = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: input.body,
  requests: [
    {
      setupRequest: (request, context: { cookie?: string }) => {
        context.cookie ??= input.cookies[nextViewer++ % input.cookies.length] ?? '';
        return { ...request, headers: { ...request.headers, cookie: context.cookie } };
      },
    },
  ],
});
const endedAt = Date.now();
const ok = result['2xx'];
const seconds = result.duration;
const summary: LoadResult = {
  ok,
  failed: result.non2xx + result.errors + result.timeouts,
  seconds,
  perSecond: ok / seconds,
  p50: result.latency.p50,
  p99: result.latency.p99,
  startedAt,
  endedAt,
};
console.log(JSON.stringify(summary));
