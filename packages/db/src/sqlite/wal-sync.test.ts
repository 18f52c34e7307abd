import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync, walFileFlush } from './wal-sync';

/** A flush the test finishes by hand, one at a time, in the order they began. */
function manualFlush() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    flush: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    started: () => pending.length,
    finish: () => pending.shift()?.resolve(),
    fail: (error: Error) => pending.shift()?.reject(error),
  };
}

/** Where a promise stands after everything queued so far has run. */
async function state(promise: Promise<void> | undefined): Promise<'settled' | 'pending' | 'rejected' | 'none'> {
  if (!promise) return 'none';
  let result: 'settled' | 'pending' | 'rejected' = 'pending';
  promise.then(
    () => {
      result = 'settled';
    },
    () => {
      result = 'rejected';
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return result;
}

describe('commits made durable off the event loop', () => {
  it('has nothing to wait for before any commit, or once every commit is flushed', async () => {
    const disk = manualFlush();
    const wal = new WalSync(disk.flush);
    expect(wal.durable()).toBeUndefined();
    wal.committed();
    const first = wal.durable();
    disk.finish();
    expect(await state(first)).toBe('settled');
    expect(wal.durable()).toBeUndefined();
  });

  it('holds a commit back until a flush that began after it has finished', async () => {
    const disk = manualFlush();
    const wal = new WalSync(disk.flush);
    wal.committed();
    const early = wal.durable();
    // Written while the first flush is already under way: that flush may not have covered it.
    wal.committed();
    const late = wal.durable();
    expect(disk.started()).toBe(1);
    disk.finish();
    expect(await state(early)).toBe('settled');
    expect(await state(late)).toBe('pending');
    expect(disk.started()).toBe(1);
    disk.finish();
    expect(await state(late)).toBe('settled');
  });

  it('covers every commit written before a flush began with that one flush', async () => {
    const disk = manualFlush();
    const wal = new WalSync(disk.flush);
    for (let i = 0; i < 5; i++) wal.committed();
    const waits = Array.from({ length: 5 }, () => wal.durable());
    expect(disk.started()).toBe(1);
    disk.finish();
    for (const wait of waits) expect(await state(wait)).toBe('settled');
    expect(disk.started()).toBe(0);
  });

  it('fails the waiting commits, and every later one, when a flush fails', async () => {
    const disk = manualFlush();
    const wal = new WalSync(disk.flush);
    wal.committed();
    const waiting = wal.durable();
    expect(wal.failure).toBeNull();
    disk.fail(new Error('EIO'));
    await expect(waiting).rejects.toThrow('The database could not write to disk');
    expect(wal.failure?.cause).toEqual(new Error('EIO'));
    // A later flush that succeeds would prove nothing about the pages the failed one lost.
    wal.committed();
    await expect(wal.durable()).rejects.toThrow('The database could not write to disk');
    expect(disk.started()).toBe(0);
  });

  it('lets a close wait for the flush under way', async () => {
    const disk = manualFlush();
    const wal = new WalSync(disk.flush);
    wal.committed();
    void wal.durable();
    const idle = wal.idle();
    expect(await state(idle)).toBe('pending');
    disk.finish();
    expect(await state(idle)).toBe('settled');
  });
});

describe('the WAL file flush', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('syncs the database’s own -wal file, and says so when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
    dirs.push(dir);
    const file = join(dir, 'shop.sqlite');
    const missing = walFileFlush(file);
    await expect(missing.flush()).rejects.toThrow(/-wal/);

    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.exec('create table t (a integer)');
    const wal = walFileFlush(file);
    await expect(wal.flush()).resolves.toBeUndefined();
    await expect(wal.flush()).resolves.toBeUndefined();
    database.close();
    wal.close();
    missing.close();
  });
});
