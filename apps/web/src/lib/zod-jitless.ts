/** The settings object zod 4 keeps on globalThis; `z.config()` writes into this same object. */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/**
 * The page's CSP forbids eval; without `jitless` zod probes `new Function` once and Chromium logs a
 * violation. Written straight into zod's global settings object rather than through `z.config`, so
 * the entry chunk carries none of zod (which the page chunks load with their schemas).
 * zod-jitless.test.ts checks that zod still reads this object.
 */
export function zodJitless(): void {
  // Changed in place: should zod have loaded first, it holds this very object.
  const holder = globalThis as ZodGlobal;
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
