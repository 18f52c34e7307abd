/**
 * `pnpm bench:web`: builds the app, serves it the way `pnpm start` does, and runs Lighthouse
 * (mobile preset, simulated throttling) in Debian's Chromium against `/`, `/shop` (signed in) and
 * `/leaderboard`. Prints the median of three runs per page (score, LCP, TBT, CLS, bytes on the wire,
 * script bytes among them), the gzip size of the JS every page loads before its own chunk, how many
 * files the server sends compressed and the cache rules it sends. Numbers only: nothing here passes
 * or fails.
 *
 * BENCH_WEB_SKIP_BUILD=1 uses the existing build; BENCH_WEB_RUNS sets the runs per page;
 * CHROME_PATH picks the browser (default /usr/bin/chromium); BENCH_WEB_REPORT_DIR keeps every run's
 * Lighthouse report (JSON) there, to see what decides a score.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, register } from './measure';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);

interface PageRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Script bytes on the wire (compressed as served), page chunks included. */
  jsBytes: number;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JS every page loads before its own chunk: the entry and what the page's loader script starts
 * with it on every page (apps/web/build/route-preload.ts): the chunks the entry imports statically,
 * and React's renderer, which the entry imports dynamically so as to evaluate it in a task of its
 * own (apps/web/src/main.tsx). Without the loader, the entry and the chunks it imports statically
 * as Vite's manifest lists them; without a manifest, the script and modulepreload tags of index.html.
 */
function initialJsFiles(webDist: string): string[] {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const loader = /const e=("[^"]+"),i=(\[[^\]]*\])/.exec(html);
  if (loader) return [JSON.parse(loader[1] ?? '""') as string, ...(JSON.parse(loader[2] ?? '[]') as string[])];
  // No script tag for the entry means a loader starts it: one this reads no longer, whose list the
  // manifest alone would undercount (it misses the renderer).
  if (!/<script[^>]*type="module"/.test(html)) {
    throw new Error('index.html starts the app through a loader bench:web cannot read: update initialJsFiles');
  }
  const manifestFile = join(webDist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    return [
      ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ].map((m) => (m[1] ?? '').replace(/^\//, ''));
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) walk(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  return [...files];
}

/** The JS `/` needs before its page chunk, raw and gzip. */
function initialJsGzipBytes(webDist: string): { files: string[]; raw: number; gzip: number } {
  const files = initialJsFiles(webDist);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(webDist, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

async function startShop(port: number, dataDir: string, webDist: string): Promise<() => Promise<void>> {
  // A fresh SQLite shop with the demo catalogue, whatever database the caller's shell points at.
  const { DATABASE_URL: _db, REDIS_URL: _redis, WEB_DIST_DIR: _web, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(repo, 'apps/api/dist/server.js')], {
    env: {
      ...inherited,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    const up = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * What the server sends for each file of the build, as a browser asks for it: how many come
 * compressed (those under 1 KB are not worth it and are sent plain), and the cache rule of a hashed
 * asset and of the page.
 */
async function checkServing(base: string, webDist: string): Promise<void> {
  const files = ['index.html', ...readdirSync(join(webDist, 'assets')).map((f) => `assets/${f}`)].filter(
    (f) => !/\.(?:br|gz)$/.test(f),
  );
  const plain: string[] = [];
  let compressed = 0;
  let hashedRule = '';
  for (const file of files) {
    const res = await fetch(`${base}/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    if (res.headers.get('content-encoding')) compressed++;
    else if (readFileSync(join(webDist, file)).length >= 1024) plain.push(file);
    if (file.startsWith('assets/') && file.endsWith('.js')) hashedRule = res.headers.get('cache-control') ?? '';
  }
  const page = await fetch(`${base}/leaderboard`, { headers: { 'accept-encoding': 'br, gzip' } });
  await page.arrayBuffer();
  console.log(
    `served compressed: ${compressed} of ${files.length} files (plain and over 1 KB: ${plain.length ? plain.join(', ') : 'none'})`,
  );
  console.log(`cache-control: hashed asset '${hashedRule}', page '${page.headers.get('cache-control')}'`);
}

function scriptTransferSize(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
}

/** Trace failures Lighthouse itself says to run again for (Chromium sometimes loses the navigation start). */
const RETRY_CODES = new Set(['NO_NAVSTART', 'NO_FCP']);

class RetryableRun extends Error {}

async function audit(url: string, port: number, headers: Record<string, string>): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, headers);
    } catch (error) {
      if (!(error instanceof RetryableRun) || attempt === 3) throw error;
      console.log(`  (${error.message}; running that page again)`);
    }
  }
}

async function auditOnce(url: string, port: number, headers: Record<string, string>): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: headers,
    // Default config = the mobile preset (Moto G Power, simulated slow 4G, 4x CPU slowdown).
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const reportDir = process.env.BENCH_WEB_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    writeFileSync(join(reportDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    const failure = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    throw RETRY_CODES.has(lhr.runtimeError.code) ? new RetryableRun(failure) : new Error(failure);
  }
  // A guarded page that bounced to /auth would measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  }
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    jsBytes: scriptTransferSize(lhr.audits['resource-summary']?.details),
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    const built = spawnSync('pnpm', ['build'], { cwd: repo, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('pnpm build failed');
  }
  // A private copy of the build: other work in the same checkout may rebuild apps/web/dist mid-run.
  const webDist = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  cpSync(join(repo, 'apps/web/dist'), webDist, { recursive: true });
  const js = initialJsGzipBytes(webDist);
  console.log(
    `initial JS for / (the entry and the chunks it imports): ${(js.gzip / 1024).toFixed(1)} KB gzip (${(js.raw / 1024).toFixed(1)} KB raw) in ${js.files.length} file(s)   goal <= 150 KB gzip`,
  );

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const stopShop = await startShop(port, dataDir, webDist);
  const base = `http://127.0.0.1:${port}`;
  const chromeDir = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    userDataDir: chromeDir,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await checkServing(base, webDist);
    const viewer = await register(base, `lh${Date.now() % 1_000_000}`);
    const pages: { path: string; headers: Record<string, string> }[] = [
      { path: '/', headers: {} },
      { path: '/shop', headers: { Cookie: viewer.cookie } },
      { path: '/leaderboard', headers: {} },
    ];
    // Simulated throttling scales the CPU time it observes: a busy machine inflates TBT and LCP.
    console.log(
      `Lighthouse ${runs} run(s) per page, mobile preset, median by score   goals: score >= 95, LCP <= 2500 ms   (load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')})`,
    );
    for (const page of pages) {
      const results: PageRun[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(`${base}${page.path}`, chrome.port, page.headers));
      const mid = results.find((r) => r.score === median(results.map((x) => x.score))) ?? results[0];
      if (!mid) continue;
      console.log(
        `${page.path.padEnd(13)} score ${String(mid.score).padStart(3)} (runs ${results.map((r) => r.score).join('/')})   LCP ${mid.lcpMs
          .toFixed(0)
          .padStart(5)} ms   TBT ${mid.tbtMs.toFixed(0).padStart(4)} ms   CLS ${mid.cls.toFixed(3)}   transferred ${(
          mid.bytes / 1024
        )
          .toFixed(1)
          .padStart(7)} KB (JS ${(mid.jsBytes / 1024).toFixed(1)} KB)`,
      );
    }
  } finally {
    chrome.kill();
    await stopShop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
    rmSync(chromeDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
