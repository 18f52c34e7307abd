import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../../auth/AuthProvider';
import { preloadable } from '../../lib/preloadable';
import { PaymentModalProvider } from '../coins/PaymentModalProvider';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { Header } from './Header';
import { LandingPrefetch } from './LandingPrefetch';
import classes from './RootLayout.module.css';

// Its own chunk: most visits never open the mobile menu (see MobileNavLinks.tsx).
const MobileNavLinks = lazy(() => import('./MobileNavLinks').then((m) => ({ default: m.MobileNavLinks })));
// Its own chunk too, so its grid, inputs and brand icons stay out of the entry; main.tsx fetches it
// beside the page's chunk before the first render (see the note in Shell).
const Footer = preloadable(() => import('./Footer'), 'Footer');

/** The layout's own chunks that every page shows; main.tsx preloads them with the page. */
export const layoutChunks = [Footer];

/**
 * Shell of every page. AuthProvider sits inside the router so logout can leave guarded pages first;
 * PaymentModalProvider sits inside AuthProvider because buying signed out navigates to /auth;
 * RealtimeProvider too, because the socket carries the signed-in viewer's receipts.
 */
export function RootLayout() {
  return (
    <AuthProvider>
      <LandingPrefetch />
      <RealtimeProvider>
        <PaymentModalProvider>
          <Shell />
        </PaymentModalProvider>
      </RealtimeProvider>
    </AuthProvider>
  );
}

function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <div className={classes.shell}>
      <ScrollRestoration />
      <Header menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      <nav className={classes.navbar} data-opened={menuOpened || undefined} aria-label="Mobile navigation">
        {/* Rendered only while open, so collapsed links never duplicate the header's. */}
        {menuOpened && (
          <Suspense fallback={null}>
            <Stack gap={2}>
              <MobileNavLinks onNavigate={menu.close} />
            </Stack>
          </Suspense>
        )}
      </nav>
      <main className={classes.main}>
        {/*
          No Suspense boundary around the page or the footer, on purpose. Both are chunks of their
          own (lib/preloadable.tsx) that main.tsx fetches before the first render, and navigations
          run in a transition, which keeps the old page up while the next one's chunk arrives. A
          boundary here would make React hydrate the page in a pass of its own, after the shell;
          when the session then arrived first, React had to finish it synchronously: one long task.
        */}
        <div className={classes.content}>
          <Outlet />
        </div>
        <Footer />
      </main>
    </div>
  );
}
