import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts in these builds are already compressed formats. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than the extra response header costs. */
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Writes the `.br` and `.gz` copies of one file (when compressible, big enough and smaller). */
export function compressFile(file: string): void {
  if (!COMPRESSIBLE.test(file)) return;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) return;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  const gz = gzipSync(body, { level: 9 });
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
}

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, at the highest levels, once.
 * The server sends them with @fastify/static's `preCompressed`, so no request ever pays for
 * compression and the bytes on the wire are the smallest brotli can make. A copy that is not smaller
 * than the original is not written, and the server then sends the original.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) compressFile(file);
    },
  };
}
