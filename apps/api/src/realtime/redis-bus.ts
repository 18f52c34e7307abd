import type { FastifyBaseLogger } from 'fastify';

const CHANNEL = 'shop:realtime';
/** The built-in overlay's alerts and acks (overlay-hub.ts), apart from the public feed. */
export const OVERLAY_CHANNEL = 'shop:overlay';

export interface RealtimeBus {
  publish(data: string): void;
  close(): Promise<void>;
}

/**
 * Fans /ws messages out across api processes: each process publishes to one Redis channel and
 * relays what it hears to its own sockets, so a viewer sees events whichever process served the trigger.
 */
export async function connectRedisBus(
  url: string,
  onMessage: (data: string) => void,
  log: FastifyBaseLogger,
  channelName: string = CHANNEL,
): Promise<RealtimeBus> {
  // Loaded only with REDIS_URL: a single process never holds the client in memory.
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 2 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const client of [pub, sub]) {
    client.on('error', (error: Error) => log.warn({ err: error }, 'redis connection problem'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channelName);
  sub.on('message', (channel: string, data: string) => {
    if (channel === channelName) onMessage(data);
  });
  return {
    publish: (data) => {
      pub.publish(channelName, data).catch((error: unknown) => log.warn({ err: error }, 'realtime publish failed'));
    },
    close: async () => {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
