import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** A build as Vite and the precompress plugin leave it: hashed assets with .br/.gz copies beside them. */
function writeBuild(dir: string): { script: string; html: string; sessionHtml: string } {
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  const html = `<!doctype html><html><head><title>Stream Shop</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script>${'<!-- padding -->'.repeat(80)}</body></html>`;
  // The same page as prerendered for a request with a session cookie (apps/web/build/prerender.ts).
  const sessionHtml = html.replace('<html>', '<html data-session>');
  mkdirSync(join(dir, 'assets'));
  const files: [string, string][] = [
    ['assets/index-Ab12Cd34.js', script],
    ['index.html', html],
    ['index.session.html', sessionHtml],
  ];
  for (const [name, body] of files) {
    writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
  }
  // Too small to be worth a compressed copy: sent as it is.
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { script, html, sessionHtml };
}

describe.each(testDialects())('the built web app on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let build: { script: string; html: string; sessionHtml: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-static-'));
    build = writeBuild(dir);
    t = await createTestApp(dialect, { webDistDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset as brotli when asked, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.script);
  });

  it('falls back to gzip, then to the plain file, as the browser accepts', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(build.script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html, compressed too', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.html);
  });

  it('answers client-side routes with index.html, revalidated', async () => {
    for (const url of ['/shop', '/profile/7', '/admin/tools?tab=2']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString()).toBe(build.html);
    }
  });

  it('answers client-side routes with the signed-in page when the request carries a session cookie', async () => {
    const page = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
    const withCookie = await page('/shop', 'session=whatever-it-holds');
    expect(withCookie.statusCode).toBe(200);
    expect(brotliDecompressSync(withCookie.rawPayload).toString()).toBe(build.sessionHtml);
    // Both pages come from the same URL, so caches must tell them apart by the cookie as well.
    expect(withCookie.headers.vary).toMatch(/cookie/i);
    expect(withCookie.headers['cache-control']).toBe('no-cache');

    for (const cookie of [undefined, 'theme=dark', 'session=']) {
      const res = await page('/shop', cookie);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.html);
      expect(res.headers.vary).toMatch(/cookie/i);
    }
    // It is never a URL of its own: that path is a client-side route like any other.
    const direct = await page('/index.session.html');
    expect(brotliDecompressSync(direct.rawPayload).toString()).toBe(build.html);
  });

  it('revalidates unhashed files such as the favicon, sent plain when there is no smaller copy', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a chunk of an older build instead of the page, and for unknown API paths', async () => {
    const chunk = await get('/assets/ShopPage-Old99999.js', 'br');
    expect(chunk.statusCode).toBe(404);
    expect(chunk.headers['content-type']).toMatch(/^application\/json/);

    const api = await get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 'error', message: 'Not found: GET /api/no-such-thing' });
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await get('/assets/index-Ab12Cd34.js.br');
    expect(res.statusCode).toBe(404);
  });
});
