import './mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { zodJitless } from './lib/zod-jitless';
import { routes } from './routes';

zodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App router={createBrowserRouter(routes)} />
  </StrictMode>
);

// The landing pages arrive prerendered (build/prerender.ts): React adopts that markup instead of
// drawing it again. Either way the first render runs in a transition, which yields to the browser
// every few milliseconds instead of holding the main thread for the whole tree.
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
