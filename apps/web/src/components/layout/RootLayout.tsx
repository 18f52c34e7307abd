import { AppShell, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../../auth/AuthProvider';
import { PaymentModalProvider } from '../coins/PaymentModalProvider';
import { PageLoader } from '../common/PageLoader';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileNavLinks } from './NavLinks';
import classes from './RootLayout.module.css';

/**
 * Shell of every page. AuthProvider sits inside the router so logout can leave guarded pages first;
 * PaymentModalProvider sits inside AuthProvider because buying signed out navigates to /auth;
 * RealtimeProvider too, because the socket carries the signed-in viewer's receipts.
 */
export function RootLayout() {
  return (
    <AuthProvider>
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
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !menuOpened } }}
      padding={0}
    >
      <ScrollRestoration />
      <Header menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      <AppShell.Navbar p="sm" aria-label="Mobile navigation">
        {/* Rendered only while open, so collapsed links never duplicate the header's. */}
        {menuOpened && (
          <Stack gap={2}>
            <MobileNavLinks onNavigate={menu.close} />
          </Stack>
        )}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          {/* Pages are lazy chunks; see pages/lazy-pages.tsx. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
