import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
import { abortReason } from './deadline';
import { ConnectionLost, DeliveryFailure, socketFailure, timeoutFailure } from './failure';
import { errorCode } from './util';

export interface WebRconAddress {
  host: string;
  port: number;
}

const LABEL = 'WebRcon';
/** How long a polite close may take before the socket is dropped. */
const CLOSE_GRACE_MS = 1000;
const MAX_ID = 2 ** 31 - 1;
/**
 * The largest message accepted from a server. The RCON tester connects to any public address, so a hostile
 * server must not make this process buffer a huge message (ws allows 100 MiB by default) on the main thread.
 */
export const MAX_WEBRCON_MESSAGE_BYTES = 64 * 1024;

interface Pending {
  resolve(message: string): void;
  reject(failure: DeliveryFailure): void;
}

/**
 * One Rust WebRcon socket that carries many requests at once: each gets its own Identifier and its reply is
 * matched by it, in whatever order the server answers.
 *
 * Rust accepts the WebSocket and then closes it when the password (the URL path) is wrong, so a socket that
 * closes before the server ever said a word is reported as an authentication failure.
 *
 * A request that times out ends the connection (the other requests on it fail as retryable): a late reply
 * then has nothing left to be matched to, and a server that stopped answering is best reconnected.
 */
export class WebRconConnection {
  private nextId = randomInt(1, 2 ** 30);
  private readonly pending = new Map<number, Pending>();
  private heardFromServer = false;
  private endedBy: DeliveryFailure | null = null;
  private readonly closeListeners: (() => void)[] = [];

  /**
   * Opens the socket; rejects with a DeliveryFailure. The password is checked by the server afterwards.
   * `encodePassword: false` puts the password into the URL path as typed (the RCON tester's 'URL encode
   * password' switch); the caller must refuse passwords with '#', '?', a backslash or control characters first.
   */
  static open(
    address: WebRconAddress,
    password: string,
    timeoutMs: number,
    options: { encodePassword?: boolean } = {},
  ): Promise<WebRconConnection> {
    const host = address.host.includes(':') ? `[${address.host}]` : address.host;
    const path = options.encodePassword === false ? password : encodeURIComponent(password);
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${host}:${address.port}/${path}`, {
        handshakeTimeout: timeoutMs,
        maxPayload: MAX_WEBRCON_MESSAGE_BYTES,
        // Off: with it a few bytes on the wire can inflate into a full maxPayload, over and over.
        perMessageDeflate: false,
      });
      let settled = false;
      const timer = setTimeout(() => fail(timeoutFailure(LABEL, timeoutMs)), timeoutMs);

      function fail(failure: DeliveryFailure): void {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.terminate();
        reject(failure);
      }
      // Always listen for 'error' (ws throws otherwise); after `fail` the events are ignored.
      const onError = (error: Error) => fail(socketFailure(LABEL, error));
      const onClose = () => fail(new DeliveryFailure('WebRcon connection closed', true));
      socket.on('error', onError).on('close', onClose);
      socket.on('unexpected-response', (_request, response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        if (status === 401 || status === 403) fail(new DeliveryFailure('WebRcon authentication failed', false, true));
        else fail(new DeliveryFailure(`WebRcon handshake refused: HTTP ${status}`, true));
      });
      socket.once('open', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.off('error', onError).off('close', onClose);
        resolve(new WebRconConnection(socket));
      });
    });
  }

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onMessage(data));
    socket.on('error', (error) => this.end(messageFailure(error), true));
    socket.on('close', () =>
      this.end(
        this.heardFromServer
          ? new DeliveryFailure('WebRcon connection closed before the reply', true)
          : new DeliveryFailure('WebRcon authentication failed', false, true),
      ),
    );
  }

  get alive(): boolean {
    return this.endedBy === null;
  }

  /** Runs `listener` once when the connection ends (at once when it already has). */
  onEnd(listener: () => void): void {
    if (this.endedBy) listener();
    else this.closeListeners.push(listener);
  }

  /**
   * Sends one console command and resolves with the reply's Message. Rejects with `ConnectionLost` when the
   * socket had ended before the command was sent, with the signal's reason on abort, otherwise with a
   * DeliveryFailure.
   */
  request(command: string, signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    if (this.endedBy || this.socket.readyState !== WebSocket.OPEN) return Promise.reject(this.notWritable());
    const id = this.takeId();
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        reject(abortReason(signal));
        this.end(new DeliveryFailure('WebRcon connection dropped after a timed-out request', true), true);
      };
      const done = () => {
        this.pending.delete(id);
        signal.removeEventListener('abort', onAbort);
      };
      this.pending.set(id, {
        resolve: (message) => {
          done();
          resolve(message);
        },
        reject: (failure) => {
          done();
          reject(failure);
        },
      });
      signal.addEventListener('abort', onAbort, { once: true });
      this.socket.send(JSON.stringify({ Identifier: id, Message: command, Name: 'WebRcon' }), (error) => {
        if (error) this.end(socketFailure(LABEL, error), true);
      });
    });
  }

  /** Closes politely (dropping the socket if the server does not answer); requests in flight fail as retryable. */
  close(): Promise<void> {
    this.end(new DeliveryFailure('WebRcon connection closed', true));
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  /** Why a request cannot be sent: only a connection that worked before may be replaced by a new one. */
  private notWritable(): DeliveryFailure {
    if (this.endedBy) return this.endedBy.retryable ? new ConnectionLost(this.endedBy.message) : this.endedBy;
    // The server is closing the socket (its close frame came before the 'close' event). Before it ever
    // answered, that is Rust refusing the password.
    if (!this.heardFromServer) return new DeliveryFailure('WebRcon authentication failed', false, true);
    return new ConnectionLost('WebRcon connection closed');
  }

  private onMessage(data: WebSocket.RawData): void {
    this.heardFromServer = true;
    const reply = parseReply(data);
    if (!reply) return;
    // Rust also pushes console output (Identifier 0 or -1) to every client: it answers nobody.
    this.pending.get(reply.Identifier)?.resolve(reply.Message);
  }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = id >= MAX_ID ? 1 : id + 1;
    return id;
  }

  /** `drop` skips the polite close handshake (the socket is broken or the server stopped answering). */
  private end(failure: DeliveryFailure, drop = false): void {
    if (this.endedBy) return;
    this.endedBy = failure;
    closeQuietly(this.socket, drop);
    for (const waiting of [...this.pending.values()]) waiting.reject(failure);
    this.pending.clear();
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}

/**
 * An error on an open socket as the failure its requests get. An oversized message is not retryable: the
 * command has already been sent, and the same server would answer the retry the same way.
 */
function messageFailure(error: unknown): DeliveryFailure {
  if (errorCode(error) === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
    return new DeliveryFailure(`WebRcon reply too large (over ${MAX_WEBRCON_MESSAGE_BYTES / 1024} KiB)`, false);
  }
  return socketFailure(LABEL, error);
}

function parseReply(data: WebSocket.RawData): { Identifier: number; Message: string } | null {
  try {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
    const parsed: unknown = JSON.parse(buffer.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { Identifier, Message } = parsed as { Identifier?: unknown; Message?: unknown };
    return { Identifier: Number(Identifier), Message: typeof Message === 'string' ? Message : String(Message ?? '') };
  } catch {
    return null;
  }
}

/** Closes politely when open (or drops at once when `drop`), and drops a socket that does not finish closing. */
function closeQuietly(socket: WebSocket, drop: boolean): void {
  if (socket.readyState === WebSocket.CLOSED) return;
  if (drop || socket.readyState !== WebSocket.OPEN) {
    socket.terminate();
    return;
  }
  socket.close(1000);
  const grace = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
  grace.unref();
  socket.once('close', () => clearTimeout(grace));
}
