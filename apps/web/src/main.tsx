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

// The landing pages arrive prerendered (build/prerender.ts): React adopts that markup instead of
// drawing it again. It can adopt it in one pass only once the page's chunks are in (see
// lib/preloadable.tsx), so those come first; their downloads began with the HTML's loader, so this
// rarely waits. Either way the first render runs in a transition, which yields to the browser every
// few milliseconds instead of holding the main thread for the whole tree.
if (root.hasChildNodes()) {
  const chunks = [
    ...layoutChunks,
    ...(matchRoutes(routes, window.location)?.flatMap((match) => preloadablesIn(match.route.element)) ?? []),
  ];
  // A chunk that fails to download fails again when drawn, and the route's error page says so.
  void Promise.allSettled(chunks.map((chunk) => chunk.preload())).then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
} else {
  startTransition(() => {
    createRoot(root).render(app);
  });
}
