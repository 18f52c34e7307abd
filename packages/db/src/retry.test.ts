import { describe, expect, it } from 'vitest';
import { isTransientLockError } from './retry';

describe('isTransientLockError', () => {
  it('knows the MySQL deadlock and lock wait timeout, by code or errno', () => {
    expect(
      isTransientLockError(Object.assign(new Error('Deadlock found'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 })),
    ).toBe(true);
    expect(isTransientLockError(Object.assign(new Error('Lock wait timeout'), { errno: 1205 }))).toBe(true);
    expect(isTransientLockError(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isTransientLockError(Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY', errno: 1062 }))).toBe(false);
    expect(isTransientLockError(new Error('Insufficient Coins'))).toBe(false);
    expect(isTransientLockError(null)).toBe(false);
  });
});
