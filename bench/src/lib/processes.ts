// Child processes for the benchmarks: the built shop, the bare servers and the load generator each run
// in their own process, so none of them shares an event loop (or a CPU budget) with another.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BENCH_ROOT = resolve(REPO_ROOT, 'bench');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

export interface Child {
  process: ChildProcess;
  /** Every stdout line so far (the shop logs JSON lines there). */
  lines: string[];
  /** CPU seconds (user + system) the process has used so far, from /proc. */
  cpuSeconds(): number;
  /** Resident memory in bytes, from /proc. */
  rssBytes(): number;
  stop(): Promise<void>;
}

const CLOCK_TICKS = 100;

export function startChild(command: string, args: string[], env: Record<string, string>, label: string): Child {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
    if (errors.length > 20_000) errors = errors.slice(-10_000);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) {
      console.error(`${label} exited with ${code}\n${errors}`);
    }
  });
  const stat = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    process: child,
    lines,
    cpuSeconds: () => {
      const fields = stat();
      // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), counted after the ') ' that ends the name.
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    rssBytes: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200 (a child server's start-up). */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${url}: the process exited before it answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * A bench script (TypeScript) in its own node process. Node itself loads tsx's hooks, so the pid is the
 * process doing the work (the tsx CLI would put a second node under it) and /proc figures are its own.
 */
export function startTsx(script: string, input: unknown, options: { profile?: boolean } = {}): Child {
  const profile =
    options.profile && process.env.BENCH_CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
      : [];
  return startChild(
    process.execPath,
    [...profile, '--import', import.meta.resolve('tsx'), resolve(BENCH_ROOT, script)],
    { BENCH_INPUT: JSON.stringify(input) },
    script,
  );
}

/** Runs a bench script (TypeScript, through tsx) in its own process and answers its last stdout line as JSON. */
export async function runScript<T>(script: string, input: unknown): Promise<T> {
  const child = startTsx(script, input);
  const code = await new Promise<number | null>((r) => child.process.once('exit', r));
  const last = child.lines.filter((l) => l.trim() !== '').pop();
  if (code !== 0 || !last) throw new Error(`${script} failed (exit ${code})`);
  return JSON.parse(last) as T;
}
