import { isIP } from 'node:net';

/**
 * A host name that only ever means this machine: `localhost` (and its subdomains, RFC 6761), an
 * address in 127.0.0.0/8, or ::1. Takes a bare name, a bracketed IPv6 address or a `host:port`.
 */
export function isLoopbackHost(host: string): boolean {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end === -1 ? '' : name.slice(1, end);
  } else if (name.split(':').length === 2) {
    // One colon is a port; more make a bare IPv6 address.
    name = name.slice(0, name.indexOf(':'));
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** A client address on this machine, IPv4-mapped IPv6 (::ffff:127.0.0.1) included. */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}
