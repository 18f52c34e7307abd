import { describe, expect, it } from 'vitest';
import { isPermissionRefusal } from './load-failure';

describe('isPermissionRefusal', () => {
  it('treats 401 and 403 as a refused permission', () => {
    expect(isPermissionRefusal(401)).toBe(true);
    expect(isPermissionRefusal(403)).toBe(true);
  });

  it('reports other failures, and a missing reply, as they are', () => {
    expect(isPermissionRefusal(500)).toBe(false);
    expect(isPermissionRefusal(undefined)).toBe(false);
  });
});
