import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedWebhook {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookStandIn {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** An HTTP receiver on 127.0.0.1 (port 0) that records each request and answers `status` after `delayMs`. */
export async function startWebhookStandIn(
  options: { status?: number; delayMs?: number; responseBody?: string } = {},
): Promise<WebhookStandIn> {
  const received: ReceivedWebhook[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = options.status ?? 200;
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(options.responseBody ?? (status < 300 ? 'ok' : `status ${status}`));
      }, options.delayMs ?? 0);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks/shop`,
    port,
    received,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
