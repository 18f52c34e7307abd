import './mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { App } from './App';
import { readSessionHint } from './auth/session-hint';
import { layoutChunks } from './components/layout/RootLayout';
import { preloadablesIn } from './lib/preloadable';
import { zodJitless } from './lib/zod-jitless';
import { routes } from './routes';

zodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App router={createBrowserRouter(routes)} sessionHint={readSessionHint()} />
  </StrictMode>
);

// The first view's chunks (the page's, the footer's) come first: the layout has no Suspense boundary
// for them (see RootLayout), and React can adopt a prerendered page in one pass only once they are
// in. Their downloads began with the HTML's loader, so this rarely waits. A chunk that fails to
// download fails again when drawn, and the route's error page says so.
const chunks = [
  ...layoutChunks,
  ...(matchRoutes(routes, window.location)?.flatMap((match) => preloadablesIn(match.route.element)) ?? []),
];
void Promise.allSettled(chunks.map((chunk) => chunk.preload())).then(() => {
  // The landing pages arrive prerendered (build/prerender.ts): React adopts that markup instead of
  // drawing it again. Either way the first render runs in a transition, which yields to the browser
  // every few milliseconds instead of holding the main thread for the whole tree.
  startTransition(() => {
    if (root.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
