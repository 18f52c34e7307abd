import websocket from '@fastify/websocket';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { upgradeRelease } from './upgrade-release';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A bare app with one socket route using the release, and what its handler saw. */
async function socketApp() {
  const app = Fastify();
  apps.push(app);
  await app.register(websocket);
  const upgrades = upgradeRelease(app.log);
  const seen: { socket: WebSocket; req: FastifyRequest }[] = [];
  app.get('/ws', { websocket: true, preValidation: async (req, reply) => upgrades.keep(req, reply) }, (socket, req) => {
    upgrades.release(socket, req);
    seen.push({ socket, req });
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new WebSocket(`${address.replace('http', 'ws')}/ws`);
  await new Promise((resolve, reject) => {
    client.once('open', resolve);
    client.once('error', reject);
  });
  const side = seen[0];
  if (!side) throw new Error('no server socket');
  return { client, ...side };
}

describe('upgradeRelease', () => {
  it('detaches the upgrade response from the TCP socket', async () => {
    const { req } = await socketApp();
    // Node's own link from the socket to its response: what kept the HTTP exchange alive.
    expect((req.raw.socket as unknown as { _httpMessage: unknown })._httpMessage).toBeNull();
  });

  it('still terminates a socket on error, with one listener that holds no request', async () => {
    const { client, socket } = await socketApp();
    expect(socket.listenerCount('error')).toBe(1);
    const closed = new Promise<number>((resolve) => client.once('close', resolve));
    socket.emit('error', new Error('boom'));
    expect(await closed).toBe(1006);
  });
});
