/** What the loader in index.html dispatches on document once it has added its last download link. */
export const PRELOADED_EVENT = 'shop:preloaded';

/**
 * Resolves once the loader in index.html (build/route-preload.ts) has added all its download links,
 * at once where there is no loader (the dev server) or it is done. The first view's chunks are
 * imported after this: Vite's import helper adds a download link for every chunk an import needs
 * that it does not find in the page, and while the loader was still adding its own (a few per task)
 * the helper added a second copy of each, about half a millisecond apiece, in one long task.
 */
export function preloadLinksAdded(): Promise<void> {
  if (document.documentElement.dataset.preload !== 'pending') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener(PRELOADED_EVENT, () => resolve(), { once: true }));
}
