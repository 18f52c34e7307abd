import { sep } from 'node:path';
import type { FastifyStaticOptions, SetHeadersResponse } from '@fastify/static';
import { SESSION_WEB_INDEX, WEB_INDEX } from './web-index';

/** Vite puts every content-hashed file under assets/: a new build means new names. */
const HASHED_DIR = `${sep}assets${sep}`;

/**
 * Cache rules for the built web app. Hashed assets never change under their name, so browsers and
 * proxies keep them a year without asking; everything else (index.html above all, which names the
 * current hashes) is revalidated on every use, so a deploy reaches everyone on their next load.
 * Vary tells shared caches that the same URL comes in brotli, gzip or plain.
 */
export function setWebCacheHeaders(res: SetHeadersResponse, path: string): void {
  const hashed = path.includes(HASHED_DIR);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // Which page a route gets depends on the session cookie too (web-index.ts).
  res.setHeader('vary', isWebIndex(path) ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
}

/** `path` is the file sent, which may be a compressed copy. */
function isWebIndex(path: string): boolean {
  const file = path.slice(path.lastIndexOf(sep) + 1).replace(/\.(?:br|gz)$/, '');
  return file === WEB_INDEX || file === SESSION_WEB_INDEX;
}

/**
 * @fastify/static settings for apps/web/dist. The build writes .br and .gz copies beside each
 * text file (apps/web/build/precompress.ts) and `preCompressed` sends the best one the browser
 * accepts: compression costs nothing per request and uses brotli's highest level, which compressing
 * on the fly (@fastify/compress) could not afford. The copies get no routes of their own.
 * `cacheControl: false` stops send's default `max-age=0` so setWebCacheHeaders decides alone.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: [WEB_INDEX],
    preCompressed: true,
    cacheControl: false,
    // The signed-in page is sent by web-index.ts for client-side routes only, never by its name.
    globIgnore: ['**/*.br', '**/*.gz', `**/${SESSION_WEB_INDEX}`],
    setHeaders: setWebCacheHeaders,
  };
}

/**
 * A missing file under /assets/ is an old build's chunk (a tab opened before a deploy): it answers
 * 404 so the page's import fails loudly, instead of index.html that the browser refuses as a script.
 */
export function isMissingAsset(path: string): boolean {
  return path.startsWith('/assets/');
}
