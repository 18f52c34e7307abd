import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ADDRESS_CLASS_LABEL, AppError, classifyAddress } from '@shop/domain';

/** Every address a name resolves to (A and AAAA), as getaddrinfo answers. */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

/** Either the address to connect to or why the name gave none (answered as a failed test, not a 400). */
export type PublicTarget = { ok: true; address: string } | { ok: false; error: string };

const ONLY_PUBLIC =
  'The RCON tester reaches only servers on the public internet; an admin can test servers on this machine or a private network.';

/**
 * Resolves `host` for a caller who may reach only the public internet, and returns the ONE address the
 * connection must then go to. The caller connects to that address, never to the name again: a second lookup
 * could answer differently (DNS rebinding) and slip a private address past this check.
 *
 * Refuses (400) when the host is, or any of the addresses it resolves to is, loopback, private, link-local,
 * CGNAT, multicast, metadata or otherwise not public. ANY, not all: an attacker's name can carry one public
 * and one private record, and which one a connection would use is not ours to choose.
 */
export async function resolvePublicTarget(
  host: string,
  options: { lookup?: HostLookup; timeoutMs: number },
): Promise<PublicTarget> {
  if (isIP(host)) {
    const kind = classifyAddress(host);
    if (kind !== 'public')
      throw new AppError('BAD_REQUEST', `${host} is ${ADDRESS_CLASS_LABEL[kind]} address. ${ONLY_PUBLIC}`);
    return { ok: true, address: host };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await withTimeout((options.lookup ?? systemLookup)(host), options.timeoutMs);
  } catch {
    return { ok: false, error: `Could not resolve host ${host}` };
  }
  if (addresses.length === 0) return { ok: false, error: `Could not resolve host ${host}` };
  // The resolved address is not echoed: that would turn the tester into a window on the server's own DNS.
  if (addresses.some(({ address }) => classifyAddress(address) !== 'public')) {
    throw new AppError(
      'BAD_REQUEST',
      `${host} resolves to an address that is not public (loopback, private network, link-local, CGNAT, multicast or cloud metadata). ${ONLY_PUBLIC}`,
    );
  }
  // IPv4 first: many hosts running the shop have no IPv6 route out, and every address here passed the check.
  const preferred = addresses.find(({ family }) => family === 4) ?? addresses[0];
  return { ok: true, address: (preferred as { address: string }).address };
}

/** The host part of a URL: IPv6 literals go in brackets. */
export function urlHost(address: string): string {
  return isIP(address) === 6 ? `[${address}]` : address;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('lookup timed out')), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
