/**
 * Minecraft RCON packets: little-endian int32 size (of what follows), int32 id, int32 type, the body in UTF-8
 * and two NULs.
 */

export const PacketType = {
  /** Client to server: log in with the password as body. */
  AUTH: 3,
  /** Client to server: run the body as a command. Server to client: the answer to AUTH. */
  EXEC_OR_AUTH_RESPONSE: 2,
  /** Server to client: a command's output. */
  RESPONSE_VALUE: 0,
} as const;

/** The id a server answers an AUTH with when the password is wrong. */
export const AUTH_FAILED_ID = -1;

/** id + type + two NULs: the smallest legal size. */
const EMPTY_SIZE = 10;
/**
 * Minecraft sends at most 4096 bytes of body per packet; some servers send more in one packet. Anything
 * beyond this is not RCON at all (a wrong port), and buffering it would only waste memory.
 */
const MAX_SIZE = 64 * 1024;

export interface Packet {
  id: number;
  type: number;
  body: string;
}

export function encodePacket(id: number, type: number, body: string): Buffer {
  const payload = Buffer.from(body, 'utf8');
  const packet = Buffer.alloc(payload.length + 14);
  packet.writeInt32LE(payload.length + EMPTY_SIZE, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  payload.copy(packet, 12);
  return packet; // the two trailing NULs are already zero
}

/** Splits a TCP stream into packets; a packet may arrive in pieces or several in one chunk. */
export class PacketReader {
  private buffer: Buffer = Buffer.alloc(0);

  /** The complete packets so far. Throws when the stream is not RCON (a size out of range). */
  push(chunk: Buffer): Packet[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const packets: Packet[] = [];
    while (this.buffer.length >= 4) {
      const size = this.buffer.readInt32LE(0);
      if (size < EMPTY_SIZE || size > MAX_SIZE) throw new Error(`invalid packet size ${size}`);
      if (this.buffer.length < 4 + size) break;
      packets.push({
        id: this.buffer.readInt32LE(4),
        type: this.buffer.readInt32LE(8),
        body: this.buffer.subarray(12, 4 + size - 2).toString('utf8'),
      });
      this.buffer = this.buffer.subarray(4 + size);
    }
    return packets;
  }
}
