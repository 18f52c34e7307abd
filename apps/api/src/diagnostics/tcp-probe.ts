import { connect } from 'node:net';
import type { TNetworkCheck } from '@shop/domain';

/** Loopback by name or address: the database runs on this machine (or in this container). */
export function isLocalHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h.startsWith('127.') || h === '0.0.0.0';
}

/**
 * The diagnostics' 'ping': a TCP connect to the database port. ICMP needs raw sockets (root) and is
 * often filtered, while a port that accepts a connection is what the shop actually needs.
 */
export function tcpProbe(host: string, port: number, timeoutMs: number): Promise<TNetworkCheck> {
  const started = process.hrtime.bigint();
  const base = { host, isLocal: isLocalHost(host) };
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (isPingable: boolean, pingResult: string) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.destroy();
      resolve({ ...base, isPingable, pingResult });
    };
    socket.setTimeout(timeoutMs, () =>
      finish(false, `No answer from ${host}:${port} within ${Math.round(timeoutMs / 1000)} s`),
    );
    socket.once('connect', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      finish(true, `TCP connection to ${host}:${port} opened in ${ms.toFixed(1)} ms`);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(false, `TCP connection to ${host}:${port} failed: ${error.code ?? error.message}`),
    );
  });
}
