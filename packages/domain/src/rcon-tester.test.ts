import { describe, expect, it } from 'vitest';
import { RCON_TESTER_MSG, ZMinecraftCommandTest, ZRustCommandTest } from './rcon-tester';
import { describeZodError } from './validation';

const valid = { host: 'play.example.com', port: 25575, password: 'pw', command: 'list' };

function messageOf(result: { success: boolean; error?: import('zod').ZodError }): string {
  if (result.success || !result.error) throw new Error('expected a refusal');
  return describeZodError(result.error);
}

describe('RCON tester input', () => {
  it('accepts a number or a string of digits as the port, and defaults encodePassword to true', () => {
    expect(ZMinecraftCommandTest.parse({ ...valid, port: '25575' }).port).toBe(25575);
    const rust = ZRustCommandTest.parse({ ...valid, port: 28016 });
    expect(rust.encodePassword).toBe(true);
    expect(ZRustCommandTest.parse({ ...valid, host: '[::1]' }).host).toBe('::1');
  });

  it.each([
    [{ port: 25575.5 }, `port: ${RCON_TESTER_MSG.portInteger}`],
    [{ port: '12abc' }, `port: ${RCON_TESTER_MSG.portInteger}`],
    [{ port: '' }, `port: ${RCON_TESTER_MSG.portRequired}`],
    [{ port: 0 }, `port: ${RCON_TESTER_MSG.portRange}`],
    [{ port: 65536 }, `port: ${RCON_TESTER_MSG.portRange}`],
    [{ host: '  ' }, `host: ${RCON_TESTER_MSG.hostRequired}`],
    [{ host: 'rcon://example.com:25575' }, `host: ${RCON_TESTER_MSG.hostInvalid}`],
    [{ host: 'a b' }, `host: ${RCON_TESTER_MSG.hostInvalid}`],
    [{ command: ' ' }, `command: ${RCON_TESTER_MSG.commandRequired}`],
    [{ password: '' }, `password: ${RCON_TESTER_MSG.passwordRequired}`],
    [{ command: 'é'.repeat(800) }, `command: ${RCON_TESTER_MSG.commandBytes}`],
  ])('refuses %j with a message naming the field', (change, message) => {
    expect(messageOf(ZMinecraftCommandTest.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('refuses a password that cannot travel unencoded only when encoding is off', () => {
    const input = { ...valid, password: 'a#b' };
    expect(ZRustCommandTest.safeParse({ ...input, encodePassword: true }).success).toBe(true);
    expect(messageOf(ZRustCommandTest.safeParse({ ...input, encodePassword: false }))).toBe(
      `password: ${RCON_TESTER_MSG.passwordNeedsEncoding}`,
    );
  });
});
