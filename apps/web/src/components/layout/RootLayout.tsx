import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../../auth/AuthProvider';
import { preloadable } from '../../lib/preloadable';
import { PaymentModalProvider } from '../coins/PaymentModalProvider';
import { PageLoader } from '../common/PageLoader';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { Header } from './Header';
import { LandingPrefetch } from './LandingPrefetch';
import classes from './RootLayout.module.css';

// Its own chunk: most visits never open the mobile menu (see MobileNavLinks.tsx).
const MobileNavLinks = lazy(() => import('./MobileNavLinks').then((m) => ({ default: m.MobileNavLinks })));
// Its own chunk too: the footer always starts below the fold (.content fills the first screen), so
// it can arrive after the page without moving anything in view; its grid, inputs and brand icons
// then stay out of the first download.
// Preloadable: it is in the prerendered markup, so main.tsx fetches it before hydrating.
const Footer = preloadable(() => import('./Footer'), 'Footer');

/** The layout's own chunks that a prerendered page shows; main.tsx preloads them with the page. */
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
        <div className={classes.content}>
          {/* Pages are lazy chunks; see pages/lazy-pages.tsx. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </main>
    </div>
  );
}
