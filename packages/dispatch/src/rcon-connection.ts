import { connect, type Socket } from 'node:net';
import { abortReason } from './deadline';
import { ConnectionLost, DeliveryFailure, socketFailure, timeoutFailure } from './failure';
import { AUTH_FAILED_ID, encodePacket, type Packet, PacketReader, PacketType } from './rcon-packet';
import { TurnQueue } from './turn-queue';
import { errorMessage } from './util';

export interface RconAddress {
  host: string;
  port: number;
}

const LABEL = 'RCON';
const closedByServer = () => new DeliveryFailure('RCON connection closed by the server', true);
/** Request ids run 1..2^31-1 and wrap; -1 is the server's 'wrong password' and never ours. */
const MAX_ID = 2 ** 31 - 1;

interface InFlight {
  id: number;
  resolve(body: string): void;
  reject(failure: DeliveryFailure): void;
}

/**
 * One authenticated Minecraft RCON connection that can run many commands. Commands take turns: one is on
 * the wire at a time, the next is written after the previous reply (Minecraft runs RCON commands one after
 * the other anyway, and some servers mix up pipelined packets). Replies are also matched by request id, so a
 * stray packet (the tail of a long, split reply) is never taken for the next command's answer.
 *
 * Any socket error or close ends the connection for good; so does a command that times out, since a late
 * reply must not be matched to anything and a server that stopped answering is best reconnected.
 */
export class RconConnection {
  private nextId = 2;
  private inFlight: InFlight | null = null;
  private readonly turns = new TurnQueue();
  private endedBy: DeliveryFailure | null = null;
  private readonly closeListeners: (() => void)[] = [];

  /** Connects and logs in; rejects with a DeliveryFailure (authentication failures are not retryable). */
  static open(address: RconAddress, password: string, timeoutMs: number): Promise<RconConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: address.host, port: address.port });
      socket.setNoDelay(true);
      const reader = new PacketReader();
      const authId = 1;
      let settled = false;
      const timer = setTimeout(() => fail(timeoutFailure(LABEL, timeoutMs)), timeoutMs);

      const fail = (failure: DeliveryFailure) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        reject(failure);
      };
      const onConnect = () => socket.write(encodePacket(authId, PacketType.AUTH, password));
      const onError = (error: Error) => fail(socketFailure(LABEL, error));
      const onClose = () => fail(closedByServer());
      const onData = (chunk: Buffer) => {
        let packets: Packet[];
        try {
          packets = reader.push(chunk);
        } catch (error) {
          fail(new DeliveryFailure(`RCON protocol error: ${errorMessage(error)}`, true));
          return;
        }
        // Source-style servers send an empty RESPONSE_VALUE before the auth response: only the latter counts.
        const answer = packets.find((packet) => packet.type === PacketType.EXEC_OR_AUTH_RESPONSE);
        if (!answer || settled) return;
        if (answer.id === AUTH_FAILED_ID) {
          fail(new DeliveryFailure('RCON authentication failed', false, true));
        } else if (answer.id === authId) {
          settled = true;
          clearTimeout(timer);
          // Hand the socket over: the connection attaches its own listeners in the same tick.
          socket.off('connect', onConnect).off('error', onError).off('close', onClose).off('data', onData);
          resolve(new RconConnection(socket, reader));
        }
      };
      socket.on('connect', onConnect).on('error', onError).on('close', onClose).on('data', onData);
    });
  }

  private constructor(
    private readonly socket: Socket,
    private readonly reader: PacketReader,
  ) {
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (error) => this.end(socketFailure(LABEL, error)));
    socket.on('close', () => this.end(closedByServer()));
  }

  /** False once the connection has ended for any reason; it never comes back. */
  get alive(): boolean {
    return this.endedBy === null;
  }

  /** Runs `listener` once when the connection ends (at once when it already has). */
  onEnd(listener: () => void): void {
    if (this.endedBy) listener();
    else this.closeListeners.push(listener);
  }

  /**
   * Runs one command and resolves with its output. Waits for its turn first. Rejects with `ConnectionLost`
   * when the connection ended before the command was written (safe to send elsewhere), with the signal's
   * reason when it aborts, and with a DeliveryFailure for anything that happened after the write.
   */
  async run(command: string, signal: AbortSignal): Promise<string> {
    const release = await this.turns.acquire(signal);
    try {
      if (signal.aborted) throw abortReason(signal);
      if (this.endedBy) throw new ConnectionLost(this.endedBy.message);
      return await this.exchange(command, signal);
    } finally {
      release();
    }
  }

  /** Ends the connection; commands in flight fail with a retryable 'closed'. Resolves when the socket is closed. */
  close(): Promise<void> {
    this.end(new DeliveryFailure('RCON connection closed', true));
    if (this.socket.closed) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  private exchange(command: string, signal: AbortSignal): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const id = this.takeId();
      const onAbort = () => {
        this.inFlight = null;
        reject(abortReason(signal));
        this.end(new DeliveryFailure('RCON connection dropped after a timed-out command', true));
      };
      const done = () => signal.removeEventListener('abort', onAbort);
      this.inFlight = {
        id,
        resolve: (body) => {
          done();
          resolve(body);
        },
        reject: (failure) => {
          done();
          reject(failure);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.socket.write(encodePacket(id, PacketType.EXEC_OR_AUTH_RESPONSE, command));
    });
  }

  private onData(chunk: Buffer): void {
    let packets: Packet[];
    try {
      packets = this.reader.push(chunk);
    } catch (error) {
      this.end(new DeliveryFailure(`RCON protocol error: ${errorMessage(error)}`, true));
      return;
    }
    for (const packet of packets) {
      const waiting = this.inFlight;
      if (waiting && packet.id === waiting.id) {
        this.inFlight = null;
        waiting.resolve(packet.body);
      }
      // Anything else (a second packet of a split reply, a server's stray message) answers nobody.
    }
  }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = id >= MAX_ID ? 1 : id + 1;
    return id;
  }

  private end(failure: DeliveryFailure): void {
    if (this.endedBy) return;
    this.endedBy = failure;
    this.socket.destroy();
    const waiting = this.inFlight;
    this.inFlight = null;
    waiting?.reject(failure);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
