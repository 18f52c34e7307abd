import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature: 'v1,' + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), timestamp in
 * unix seconds. A secret of the form 'whsec_<base64>' is base64-decoded to get the key (as the spec and the
 * Svix libraries do); any other secret is used as raw UTF-8 bytes.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret);
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}
