import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { keepAlive } from './heartbeat';

/** Enough of a ws socket for the heartbeat: pings are counted, terminate closes it. */
function fakeSocket(answersPings: boolean) {
  const socket = new EventEmitter() as EventEmitter & { pings: number; terminated: boolean };
  socket.pings = 0;
  socket.terminated = false;
  Object.assign(socket, {
    ping: () => {
      socket.pings++;
      if (answersPings) socket.emit('pong');
    },
    terminate: () => {
      socket.terminated = true;
      socket.emit('close');
    },
  });
  return socket;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('keepAlive', () => {
  it('pings every 30 s, keeps a socket that answers and drops one that missed a whole round', async () => {
    vi.useFakeTimers();
    const live = fakeSocket(true);
    const dead = fakeSocket(false);
    const closed: string[] = [];
    keepAlive(live as unknown as WebSocket, () => closed.push('live'));
    keepAlive(dead as unknown as WebSocket, () => closed.push('dead'));
    vi.advanceTimersByTime(30_000);
    expect([live.pings, dead.pings]).toEqual([1, 1]);
    expect(dead.terminated).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(dead.terminated).toBe(true);
    expect(closed).toEqual(['dead']);
    vi.advanceTimersByTime(60_000);
    expect(live.pings).toBe(4);
    expect(live.terminated).toBe(false);
    live.emit('close');
    expect(closed).toEqual(['dead', 'live']);
    // Nothing left to watch: no timer keeps running.
    expect(vi.getTimerCount()).toBe(0);
  });
});
