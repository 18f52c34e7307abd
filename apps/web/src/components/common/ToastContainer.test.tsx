import { describe, expect, it } from 'vitest';
import { TOAST_EXIT_MS, ToastContainer } from './ToastContainer';

describe('ToastContainer', () => {
  it('shows one toast at a time for 3 s, leaving in 300 ms (viewer-spec section 9)', () => {
    expect(TOAST_EXIT_MS).toBe(300);
    expect(ToastContainer().props).toMatchObject({ limit: 1, autoClose: 3000, transitionDuration: 300 });
  });
});
