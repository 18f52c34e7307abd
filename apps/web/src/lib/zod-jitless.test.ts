import { describe, expect, it } from 'vitest';
import { zodJitless } from './zod-jitless';

describe('zodJitless', () => {
  it('sets the jitless flag that zod itself reads', async () => {
    zodJitless();
    // Imported after the call, as in the app, where zod arrives with a later chunk.
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
