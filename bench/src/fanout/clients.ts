// The /ws clients for pnpm bench:fanout, in their own process: opens `sockets` WebSockets, then for each
// round sends one trigger over HTTP and times, from the request's start, when every socket has the
// broadcast it causes. Prints one JSON line.
import WebSocket from 'ws';
import { percentile } from '../measure';

export interface ClientsInput {
  wsUrl: string;
  triggerUrl: string;
  cookie: string;
  body: string;
  sockets: number;
  rounds: number;
  /** The message type the trigger broadcasts. */
  type: string;
}

export interface ClientsResult {
  sockets: number;
  rounds: number;
  /** Per round, ms from the request's start to the last socket's receipt. */
  lastP50: number;
  lastP99: number;
  /** Per round, ms to the median socket's receipt. */
  medianP50: number;
  /** Per round, ms from the first socket's receipt to the last one's: the fan-out alone. */
  spreadP50: number;
  spreadP99: number;
  openSeconds: number;
}

const input = JSON.parse(process.env.BENCH_INPUT ?? '{}') as ClientsInput;
let roundStart = 0;
let roundReceipts: number[] = [];
let roundDone: (() => void) | null = null;
let counting = false;

const openStarted = performance.now();
const sockets: WebSocket[] = [];
// Opened in chunks: a burst of 2,000 handshakes at once only measures the accept queue.
for (let i = 0; i < input.sockets; i += 100) {
  const chunk = Array.from({ length: Math.min(100, input.sockets - i) }, () => {
    const socket = new WebSocket(input.wsUrl, { perMessageDeflate: false });
    socket.on('message', (data) => {
      if (!counting) return;
      const text = data.toString();
      if (!text.includes(`"type":"${input.type}"`)) return;
      roundReceipts.push(performance.now() - roundStart);
      if (roundReceipts.length === input.sockets) roundDone?.();
    });
    sockets.push(socket);
    return new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`socket closed with ${code} before opening`)));
    });
  });
  await Promise.all(chunk);
}
const openSeconds = (performance.now() - openStarted) / 1000;
// Whatever the server sends on connect (the recent-events backlog) is not part of any round.
await new Promise((r) => setTimeout(r, 1000));
counting = true;

const last: number[] = [];
const median: number[] = [];
const spread: number[] = [];
for (let round = 0; round < input.rounds; round++) {
  roundReceipts = [];
  const done = new Promise<void>((resolve) => {
    roundDone = resolve;
  });
  roundStart = performance.now();
  const res = await fetch(input.triggerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: input.cookie },
    body: input.body,
  });
  if (!res.ok) throw new Error(`trigger: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  await done;
  const sorted = [...roundReceipts].sort((a, b) => a - b);
  last.push(sorted[sorted.length - 1] ?? Number.NaN);
  median.push(percentile(sorted, 50));
  spread.push((sorted[sorted.length - 1] ?? Number.NaN) - (sorted[0] ?? Number.NaN));
  await new Promise((r) => setTimeout(r, 50));
}
for (const socket of sockets) socket.terminate();
last.sort((a, b) => a - b);
median.sort((a, b) => a - b);
spread.sort((a, b) => a - b);
const result: ClientsResult = {
  sockets: sockets.length,
  rounds: input.rounds,
  lastP50: percentile(last, 50),
  lastP99: percentile(last, 99),
  medianP50: percentile(median, 50),
  spreadP50: percentile(spread, 50),
  spreadP99: percentile(spread, 99),
  openSeconds,
};
console.log(JSON.stringify(result));
