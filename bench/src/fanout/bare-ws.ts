// The floor for /ws fan-out: node:http and `ws`, no framework. POST anything and every open socket gets
// the same action_triggered message the shop sends for a trigger. Run by fanout.ts.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const input = JSON.parse(process.env.BENCH_INPUT ?? '{}') as { port: number };
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST') {
      const text = JSON.stringify({
        type: 'action_triggered',
        action: { name: 'Bench', cost: 1 },
        user: { username: 'bench_viewer_0', displayName: null },
        timestamp: new Date().toISOString(),
        success: true,
      });
      for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
  });
});
const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 4096 });
server.listen(input.port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
