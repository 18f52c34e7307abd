import './mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { readSessionHint } from './auth/session-hint';
import { layoutChunks } from './components/layout/RootLayout';
import { nextTask } from './lib/next-task';
import { preloadLinksAdded } from './lib/preload-links';
import { preloadablesIn } from './lib/preloadable';
import { zodJitless } from './lib/zod-jitless';
import { routes } from './routes';

zodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Evaluating the app's code was the longest task of a page load, and a tap during it waits for all
 * of it. So the entry's own evaluation holds only what every later step needs; the router, React's
 * DOM renderer (react-dom/client, about a third of the code, used by nothing but the two calls below)
 * and the first view's chunks are evaluated in tasks of their own after it. The loader in index.html
 * starts all their downloads with the entry's (vite.config.ts, build/route-preload.ts), so none of
 * this costs a round trip.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  // The router ranks and compiles every route's path when made (about 10 ms on a desktop CPU), and
  // its first match says which page chunks this view needs.
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App router={router} sessionHint={readSessionHint()} />
    </StrictMode>
  );
  // The first view's chunks (the page's, the footer's) come first: the layout has no Suspense boundary
  // for them (see RootLayout), and React can adopt a prerendered page in one pass only once they are
  // in. A chunk that fails to download fails again when drawn, and the route's error page says so.
  await preloadLinksAdded();
  const chunks = [...layoutChunks, ...router.state.matches.flatMap((match) => preloadablesIn(match.route.element))];
  const chunksIn = Promise.allSettled(chunks.map((chunk) => chunk.preload()));
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await chunksIn;
  await nextTask();
  // The landing pages arrive prerendered (build/prerender.ts): React adopts that markup instead of
  // drawing it again. Either way the first render runs in a transition, which yields to the browser
  // every few milliseconds instead of holding the main thread for the whole tree.
  startTransition(() => {
    if (root.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

start(root).catch((error: unknown) => {
  // The renderer's chunk did not download (the connection dropped, or a deploy replaced the files):
  // say so, instead of leaving a page that looks ready and answers nothing.
  console.error(error);
  root.removeAttribute('inert');
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  // Its own colours (the page's theme may not have been applied) and a fixed place above the
  // header and whatever the page was scrolled to.
  notice.style.cssText =
    'position:fixed;z-index:1000;left:1rem;right:1rem;bottom:1rem;margin:0;padding:.75rem 1rem;' +
    'border-radius:8px;background:#fff4d6;color:#3d2a00;font:1rem system-ui,sans-serif';
  notice.textContent = 'The shop could not load. Check your connection and reload the page.';
  root.prepend(notice);
});
