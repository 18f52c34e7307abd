import { insertEndpoint, insertStreamAction } from '@shop/db';
import type { TEndpointGameType, TGameType } from '@shop/domain';
import { DeliveryWorker, type WorkerEvent, workerOptions } from '../src/delivery/worker';
import { grantCoins, registerUser, type TestApp } from './helpers';

/** Every event of one or more workers, in order, and a way to wait for the one a test needs. */
export interface EventLog {
  events: (WorkerEvent & { worker: string })[];
  waitFor(predicate: (event: WorkerEvent & { worker: string }) => boolean, count?: number): Promise<void>;
  stop(): void;
}

export function recordEvents(workers: Record<string, DeliveryWorker>): EventLog {
  const events: (WorkerEvent & { worker: string })[] = [];
  const waiters: { check: () => boolean; resolve: () => void }[] = [];
  const unsubscribe = Object.entries(workers).map(([name, worker]) =>
    worker.onEvent((event) => {
      events.push({ ...event, worker: name });
      for (const waiter of waiters.filter((w) => w.check())) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }),
  );
  return {
    events,
    waitFor: (predicate, count = 1) => {
      const check = () => events.filter(predicate).length >= count;
      return check() ? Promise.resolve() : new Promise((resolve) => waiters.push({ check, resolve }));
    },
    stop: () => {
      for (const off of unsubscribe) off();
    },
  };
}

/** A delivery target straight in the database (the admin form's validation is tested elsewhere). */
export async function addEndpoint(
  t: TestApp,
  url: string,
  gameType: TEndpointGameType,
  description: string = gameType,
  secretKey = 'whsec_dGVzdA==',
): Promise<number> {
  const id = await insertEndpoint(t.db.kysely, {
    url,
    secretKey,
    description,
    gameType,
    active: true,
    now: t.clock.now(),
  });
  // Written around the admin API, so the triggers' in-memory catalog is told (as an admin write would).
  // The fault test passes only a database (its api runs in a child process started afterwards).
  t.services?.catalog.invalidate();
  return id;
}

export async function addAction(
  t: TestApp,
  fields: { name: string; gameType: TGameType; cost: number; webhookAction?: string },
): Promise<number> {
  return insertStreamAction(t.db.kysely, {
    name: fields.name,
    description: fields.name,
    image_url: null,
    category_id: null,
    cost: fields.cost,
    game_type: fields.gameType,
    target_type: 'global',
    webhook_action: fields.webhookAction ?? `run ${fields.name}`,
    minecraft_server: null,
    active: 1,
    created_at: t.clock.now(),
  });
}

/** A viewer with coins and a session. */
export async function viewerWithCoins(t: TestApp, username: string, coins: number) {
  const viewer = await registerUser(t.app, username);
  if (coins > 0) await grantCoins(t, viewer.id, coins);
  return viewer;
}

/** `t.trigger` with no body: the spelling many delivery tests already use. */
export function trigger(t: TestApp, cookie: string, actionId: number) {
  return t.trigger(cookie, actionId);
}

/** A worker that never polls on its own within a test, so only hand-offs and wake-ups can move work. */
export function handOffOnlyWorker(t: TestApp): DeliveryWorker {
  const worker = new DeliveryWorker(t.services, workerOptions(t.services.config.delivery, { pollMs: 3_600_000 }));
  t.services.deliveryWorker = worker;
  worker.start();
  return worker;
}
