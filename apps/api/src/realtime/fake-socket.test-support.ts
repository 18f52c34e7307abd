import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';

/** Enough of a ws server socket for the hubs: what it was sent, and how it was closed. */
export interface FakeSocket {
  socket: WebSocket;
  sent: string[];
  closedWith: { code: number; reason: string } | null;
  /** A frame from the client. */
  receive(value: unknown): void;
}

export function fakeSocket(): FakeSocket {
  const emitter = new EventEmitter();
  const fake: FakeSocket = {
    socket: emitter as unknown as WebSocket,
    sent: [],
    closedWith: null,
    receive: (value) => emitter.emit('message', Buffer.from(JSON.stringify(value))),
  };
  const close = (code: number, reason: string) => {
    if (fake.closedWith) return;
    fake.closedWith = { code, reason };
    Object.assign(emitter, { readyState: 3 });
    emitter.emit('close', code, Buffer.from(reason));
  };
  Object.assign(emitter, {
    OPEN: 1,
    readyState: 1,
    send: (text: string) => fake.sent.push(text),
    ping: () => {},
    close,
    terminate: () => close(1006, ''),
  });
  return fake;
}
