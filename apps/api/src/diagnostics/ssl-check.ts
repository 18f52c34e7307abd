import type { TSslCheck } from '@shop/domain';
import type { RequestFacts } from '../context';

/** Credentials and signatures: the check shows how a request arrives, never what proves who sent it. */
const HIDDEN_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization', 'x-signature']);

function describeTrustProxy(trustProxy: number | string[]): string {
  if (Array.isArray(trustProxy)) return `proxies ${trustProxy.join(', ')}`;
  if (trustProxy === 0) return 'off: X-Forwarded-* headers are ignored';
  return `${trustProxy} ${trustProxy === 1 ? 'hop' : 'hops'}`;
}

/**
 * GET /api/ssl-check. Protocol, host and client address are Fastify's reading of the request, which
 * believes X-Forwarded-Proto/-Host/-For only as far as TRUST_PROXY allows; a client cannot claim
 * https by sending a header to a server that trusts no proxy.
 */
export function sslCheck(request: RequestFacts, clientIp: string, trustProxy: number | string[]): TSslCheck {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HIDDEN_HEADERS.has(name.toLowerCase())) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const cloudflare = 'cf-ray' in headers || 'cf-connecting-ip' in headers;
  return {
    protocol: request.protocol,
    secure: request.protocol === 'https',
    cloudflare,
    host: request.host,
    clientIp,
    headers,
    trustProxy: describeTrustProxy(trustProxy),
  };
}
