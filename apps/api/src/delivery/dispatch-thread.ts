// The dispatcher's own thread (threaded-dispatcher.ts starts it): game-server connections are read and
// written on this event loop, which request handling never blocks, so a command's reply is taken the
// moment it arrives and the next command goes out at once, however busy the api's main thread is.
import { parentPort } from 'node:worker_threads';
import { createDispatcher } from '@shop/dispatch';
import type { ThreadReply, ThreadRequest } from './threaded-dispatcher';

const port = parentPort;
if (!port) throw new Error('dispatch-thread.ts runs as a worker thread only');
const dispatcher = createDispatcher();

port.on('message', (request: ThreadRequest) => {
  const reply = (message: ThreadReply) => port.postMessage(message);
  if (request.op === 'deliver') {
    void dispatcher
      .deliver(request.target, request.payload, { timeoutMs: request.timeoutMs })
      .then((result) => reply({ id: request.id, result, stats: dispatcher.stats() }));
  } else if (request.op === 'forget') {
    void dispatcher.forget(request.url).then(() => reply({ id: request.id, stats: dispatcher.stats() }));
  } else {
    void dispatcher.close().then(() => reply({ id: request.id, stats: dispatcher.stats() }));
  }
});
