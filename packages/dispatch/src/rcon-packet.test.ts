import { describe, expect, it } from 'vitest';
import { encodePacket, PacketReader, PacketType } from './rcon-packet';

describe('PacketReader', () => {
  it('reads a packet that arrives in pieces, and several that arrive in one chunk', () => {
    const one = encodePacket(7, PacketType.RESPONSE_VALUE, 'Gave 3 [Diamond] to alice_tv');
    const two = encodePacket(8, PacketType.RESPONSE_VALUE, 'Zoë ✓');
    const reader = new PacketReader();
    expect(reader.push(one.subarray(0, 3))).toEqual([]);
    expect(reader.push(one.subarray(3, 15))).toEqual([]);
    expect(reader.push(Buffer.concat([one.subarray(15), two]))).toEqual([
      { id: 7, type: 0, body: 'Gave 3 [Diamond] to alice_tv' },
      { id: 8, type: 0, body: 'Zoë ✓' },
    ]);
  });

  it('writes the size, id, type, body and two NULs in little-endian', () => {
    expect([...encodePacket(1, PacketType.AUTH, 'pw')]).toEqual([12, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 112, 119, 0, 0]);
  });

  it('refuses a stream that is not RCON', () => {
    expect(() => new PacketReader().push(Buffer.from('HTTP/1.1 400 Bad Request\r\n'))).toThrow(/invalid packet size/);
  });
});
