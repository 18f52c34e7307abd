import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from './loopback';

describe('loopback hosts and addresses', () => {
  it('takes a Host header or a URL hostname, with or without a port', () => {
    for (const host of [
      'localhost',
      'LOCALHOST:3000',
      'localhost.',
      'app.localhost:5173',
      '127.0.0.1',
      '127.1.2.3:80',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['[::1]', '[::1]:3000', '::1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      'shop.example.com',
      'localhost.example.com',
      '127.0.0.1.nip.io',
      '192.168.1.20:3000',
      '0.0.0.0:3000',
      '[::2]:3000',
      '[::1',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('knows a client address on this machine, IPv4-mapped included', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(ip), ip).toBe(true);
    for (const ip of ['203.0.113.9', '::ffff:203.0.113.9', '10.0.0.1', '::', 'localhost', '']) {
      expect(isLoopbackAddress(ip), ip).toBe(false);
    }
  });
});
