import { createServer, type ServerResponse } from 'node:http';

export interface ControlledRequest {
  /** The `webhook-id` header: one per delivery, the same on every attempt of it. */
  webhookId: string;
  body: string;
  /** The status answered (0 while held). */
  status: number;
}

export interface ControlledWebhook {
  url: string;
  received: ControlledRequest[];
  /** While true, requests are held unanswered until `release()`. */
  holding: boolean;
  /** Answers every held request now (with the status `answer` picks for it). */
  release(): void;
  /** Resolves once `count` requests have arrived in all. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * An HTTP receiver on 127.0.0.1 the test controls: `answer` picks each request's status (say, to
 * fail a share of calls), and `holding` keeps replies back so a test can act while a sender waits.
 */
export async function startControlledWebhook(
  options: {
    /** The status for a request; `earlier` is every request that arrived before it. */
    answer?: (request: ControlledRequest, earlier: readonly ControlledRequest[]) => number;
    holding?: boolean;
  } = {},
): Promise<ControlledWebhook> {
  const received: ControlledRequest[] = [];
  const held: { request: ControlledRequest; index: number; response: ServerResponse }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const answer = (request: ControlledRequest, index: number, response: ServerResponse) => {
    request.status = options.answer?.(request, received.slice(0, index)) ?? 200;
    response.writeHead(request.status, { 'content-type': 'text/plain' });
    response.end(request.status < 300 ? 'ok' : `status ${request.status}`);
  };
  const server = createServer((req, response) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ControlledRequest = {
        webhookId: String(req.headers['webhook-id'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        status: 0,
      };
      const index = received.push(request) - 1;
      if (control.holding) held.push({ request, index, response });
      else answer(request, index, response);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const control: ControlledWebhook = {
    url: `http://127.0.0.1:${port}/hooks/shop`,
    received,
    holding: options.holding ?? false,
    release: () => {
      for (const h of held.splice(0)) {
        if (!h.response.destroyed) answer(h.request, h.index, h.response);
      }
    },
    waitForRequests: (count) =>
      received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return control;
}
