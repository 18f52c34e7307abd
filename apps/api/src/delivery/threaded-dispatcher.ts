import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  DeliveryPayload,
  DeliveryResult,
  DeliveryTarget,
  Dispatcher,
  DispatcherStats,
  TransportOptions,
} from '@shop/dispatch';
import { transportFor } from '@shop/dispatch';

export type ThreadRequest =
  | { id: number; op: 'deliver'; target: DeliveryTarget; payload: DeliveryPayload; timeoutMs: number | undefined }
  | { id: number; op: 'forget'; url: string }
  | { id: number; op: 'close' };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface ThreadReply {
  id: number;
  result?: DeliveryResult;
  stats: DispatcherStats;
}

const EMPTY_STATS: DispatcherStats = {
  rcon: { connections: 0, opened: 0 },
  webrcon: { connections: 0, opened: 0 },
};

/**
 * The thread holds sockets and a few small messages: a small heap keeps the api's memory (RSS) close to
 * what it was with one thread. A thread over its limit dies; its deliveries fail as retryable.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 };

/** Tests and `pnpm dev` run the TypeScript: the thread registers tsx's hooks itself, then loads it. */
function sourceThread(script: URL): Worker {
  // require.resolve finds the CommonJS build; the thread imports the ES module beside it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(api).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits: THREAD_LIMITS });
}

/**
 * The dispatcher on a thread of its own (dispatch-thread.ts). Under load the main event loop takes a
 * long turn through every ready request; a game server's reply read there waits for that turn, and
 * RCON sends one command per reply, so deliveries crawled at one per turn while triggers kept coming.
 * On its own loop the connection turns over at the game server's pace and replies come back to the
 * main thread in batches. Overlay alerts stay here: the overlay's sockets live on the main thread.
 */
export function createThreadedDispatcher(local: Dispatcher): Dispatcher {
  // Built: dist/dispatch-thread.js beside dist/server.js. From source (tsx): the .ts, through tsx.
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './dispatch-thread.ts' : './dispatch-thread.js', import.meta.url);
  const waiting = new Map<number, (reply: ThreadReply) => void>();
  let nextId = 1;
  let stats = EMPTY_STATS;
  let closed = false;
  /** Started on the first delivery (a shop that delivers nothing pays no thread), again if it ever dies. */
  let thread: Worker | null = null;

  // A dead thread fails what it held as retryable: the worker's lease and retry take them up again.
  const failAll = (error: string) => {
    for (const resolve of waiting.values()) {
      resolve({ id: 0, result: { ok: false, error, durationMs: 0, retryable: true }, stats });
    }
    waiting.clear();
  };
  const start = (): Worker => {
    const started = fromSource ? sourceThread(script) : new Worker(script, { resourceLimits: THREAD_LIMITS });
    started.unref();
    started.on('message', (reply: ThreadReply) => {
      stats = reply.stats;
      const resolve = waiting.get(reply.id);
      waiting.delete(reply.id);
      resolve?.(reply);
    });
    started.on('error', (error) => failAll(`Delivery thread failed: ${error.message}`));
    started.on('exit', () => {
      if (thread === started) thread = null;
      stats = EMPTY_STATS;
      failAll('Delivery thread stopped');
    });
    return started;
  };
  const ask = (request: WithoutId<ThreadRequest>): Promise<ThreadReply> =>
    new Promise((resolve) => {
      thread ??= start();
      const id = nextId++;
      waiting.set(id, resolve);
      thread.postMessage({ ...request, id });
    });

  return {
    async deliver(target: DeliveryTarget, payload: DeliveryPayload, options: TransportOptions = {}) {
      if (transportFor(target.url) === 'overlay') return local.deliver(target, payload, options);
      if (closed) return { ok: false, error: 'Dispatcher is closed', durationMs: 0, retryable: true };
      const reply = await ask({ op: 'deliver', target, payload, timeoutMs: options.timeoutMs });
      return reply.result ?? { ok: false, error: 'Delivery thread gave no result', durationMs: 0, retryable: true };
    },
    async forget(url: string) {
      await Promise.all([local.forget(url), thread ? ask({ op: 'forget', url }) : undefined]);
    },
    async close() {
      if (closed) return;
      closed = true;
      const running = thread;
      await Promise.all([local.close(), running ? ask({ op: 'close' }) : undefined]);
      await running?.terminate();
    },
    stats: () => {
      const own = local.stats();
      return {
        rcon: {
          connections: own.rcon.connections + stats.rcon.connections,
          opened: own.rcon.opened + stats.rcon.opened,
        },
        webrcon: {
          connections: own.webrcon.connections + stats.webrcon.connections,
          opened: own.webrcon.opened + stats.webrcon.opened,
        },
      };
    },
  };
}
