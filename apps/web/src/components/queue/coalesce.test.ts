import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first ask at once and folds a burst into one run when the window closes', () => {
    const run = vi.fn();
    const reload = coalesce(run, 250);
    reload.schedule();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i += 1) reload.schedule();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(2);
    // Nothing more was asked: the next window closes without a run.
    vi.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs more than once per window under a steady stream', () => {
    const run = vi.fn();
    const reload = coalesce(run, 250);
    for (let ms = 0; ms < 1000; ms += 10) {
      reload.schedule();
      vi.advanceTimersByTime(10);
    }
    expect(run.mock.calls.length).toBeLessThanOrEqual(5);
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('runs again at once after a quiet window, and cancel drops what was pending', () => {
    const run = vi.fn();
    const reload = coalesce(run, 250);
    reload.schedule();
    vi.advanceTimersByTime(600);
    reload.schedule();
    expect(run).toHaveBeenCalledTimes(2);
    reload.schedule();
    reload.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
