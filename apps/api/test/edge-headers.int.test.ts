import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb, testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import { embeddableHelmet } from '../src/http/security-headers';
import { createTestApp, registerUser, type TestApp, testConfig } from './helpers';

/** The CSP as directive -> sources, so a test names what it checks instead of matching text. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe.each(testDialects())('security headers on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = (await registerUser(t.app, 'headers')).cookie;
  });
  afterAll(async () => t?.close());

  it('answers JSON with a CSP that allows nothing and no framing, and without the page-only headers', async () => {
    for (const url of ['/api/user', '/healthz', '/api/nope', '/trpc/categories.list']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('application/json');
      const policy = csp(res);
      expect([...policy.keys()]).toEqual(['default-src', 'frame-ancestors']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // Headers that only steer a rendered document stay off data.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-xss-protection']).toBeUndefined();
      // Plain http outside production: pinning the host to https would lock developers out.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("gives the pages under /api (the reference) the pages' CSP, so their styles load", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(csp(res).get('default-src')).toEqual(["'self'"]);
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('marks personal and public JSON no-store, on /api and /trpc, errors included', async () => {
    const replies = [
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/trpc/user.get', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/user' }),
      await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/stream-actions' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'headers', password: 'secret123' },
      }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 401, 200, 200, 200]);
    for (const res of replies) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers in production and for the built web app', () => {
  it('adds HSTS and upgrade-insecure-requests in production, and the socket origin to connect-src', async () => {
    const t = await createTestApp('sqlite', { nodeEnv: 'production', publicOrigin: 'https://shop.example' });
    try {
      const api = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const policy = csp(res);
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(policy.get('connect-src')).toContain('wss://shop.example');
    } finally {
      await t.close();
    }
  });

  it("lets the pages reach the live feed's fallback endpoints (REALTIME_FALLBACK_URLS), and nothing else new", async () => {
    const origins = loadConfig({
      REALTIME_FALLBACK_URLS: 'wss://feed.example/ws, wss://backup.example:8443/live',
    }).realtimeFallbackOrigins;
    expect(origins).toEqual(['wss://feed.example', 'wss://backup.example:8443']);
    expect(loadConfig({}).realtimeFallbackOrigins).toEqual([]);
    expect(() => loadConfig({ REALTIME_FALLBACK_URLS: 'https://feed.example' })).toThrow(/REALTIME_FALLBACK_URLS/);
    const t = await createTestApp('sqlite', { realtimeFallbackOrigins: origins });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(csp(res).get('connect-src')).toEqual(expect.arrayContaining(origins ?? []));
      // JSON replies keep their own policy, which allows nothing.
      const api = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(csp(api).get('default-src')).toEqual(["'none'"]);
    } finally {
      await t.close();
    }
  });

  it('does not upgrade requests of a production shop served on plain http', async () => {
    const t = await createTestApp('sqlite', { nodeEnv: 'production', publicOrigin: 'http://localhost:3000' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
      expect(csp(res).get('connect-src')).toContain('ws://localhost:3000');
    } finally {
      await t.close();
    }
  });

  it('lets exactly the inline scripts of index.html run, on every page the app serves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-web-'));
    const inline = "document.documentElement.setAttribute('data-theme', 'dark');";
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script></head><body><script type="module" src="/assets/app.js"></script></body></html>`,
    );
    const t = await createTestApp('sqlite', { webDistDir: dir });
    try {
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      for (const url of ['/', '/shop', '/admin/categories']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(csp(res).get('script-src')).toEqual([
          "'self'",
          hash,
          'https://www.paypal.com',
          'https://*.paypal.com',
          'https://*.paypalobjects.com',
        ]);
        const policy = csp(res);
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('frame-src')).toEqual(
          expect.arrayContaining(['https://*.paypal.com', 'https://player.twitch.tv']),
        );
        expect(policy.get('connect-src')).toContain("'self'");
        expect(policy.has('upgrade-insecure-requests')).toBe(false);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        // PayPal's checkout popup talks back to its opener.
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(res.headers['strict-transport-security']).toBeUndefined();
        // The page itself may be cached; only /api and /trpc are no-store.
        expect(res.headers['cache-control']).not.toBe('no-store');
      }
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the one page meant to be framed (the overlay) opt in, and nothing else', async () => {
    const db = await createTestDb('sqlite');
    const { app, services } = await buildApp(testConfig(), { db });
    try {
      const framable = embeddableHelmet(services.config);
      app.get('/overlay-example', { config: { securityHeaders: framable } }, async () => ({ ok: true }));
      await app.ready();
      const framed = await app.inject({ method: 'GET', url: '/overlay-example' });
      expect(csp(framed).get('frame-ancestors')).toEqual(['*']);
      expect(csp(framed).get('script-src')).toContain("'self'");
      expect(framed.headers['x-frame-options']).toBeUndefined();
      for (const url of ['/healthz', '/api/docs']) {
        const other = await app.inject({ method: 'GET', url });
        expect(csp(other).get('frame-ancestors')).toEqual(["'none'"]);
        expect(other.headers['x-frame-options']).toBe('DENY');
      }
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
