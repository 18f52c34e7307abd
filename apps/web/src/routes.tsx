import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { RootLayout } from './components/layout/RootLayout';
// Pages load as their own chunks (pages/lazy-pages.tsx); the error page stays eager so a failed
// chunk download still has something to show.
import {
  AdminCategoriesPage,
  AdminQueuePage,
  AdminToolsPage,
  AdminWatchTimePage,
  AuthPage,
  CookiePolicyPage,
  DashboardPage,
  HistoryPage,
  HomePage,
  LeaderboardPage,
  NotFoundPage,
  PrivacyPolicyPage,
  ProfilePage,
  ShopPage,
  TermsOfServicePage,
  TestRconPage,
} from './pages/lazy-pages';
import { RouteErrorPage } from './pages/RouteErrorPage';

const authed = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const adminOnly = (page: ReactNode) => <RequireAdmin>{page}</RequireAdmin>;

/**
 * Every route of viewer-spec and admin-spec section 2; new pages slot in here. main.tsx serves
 * them from the browser's history, build/prerender.ts from memory to prerender the landing pages.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      // Login required
      { path: '/dashboard', element: authed(<DashboardPage />) },
      { path: '/shop', element: authed(<ShopPage />) },
      { path: '/history', element: authed(<HistoryPage />) },
      // Public
      { path: '/leaderboard', element: <LeaderboardPage /> },
      { path: '/profile/:userId', element: <ProfilePage /> },
      { path: '/test-rcon', element: <TestRconPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/cookie-policy', element: <CookiePolicyPage /> },
      // Admin only
      { path: '/admin/tools', element: adminOnly(<AdminToolsPage />) },
      { path: '/admin/categories', element: adminOnly(<AdminCategoriesPage />) },
      { path: '/admin/watch-time', element: adminOnly(<AdminWatchTimePage />) },
      { path: '/admin/queue', element: adminOnly(<AdminQueuePage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The stream overlay for OBS (admin-spec section 11): outside RootLayout (no chrome, no session, no /ws feed),
  // in its own chunk through the router's lazy loader, so it needs no Suspense boundary.
  {
    path: '/overlay/:token',
    lazy: async () => ({ Component: (await import('./pages/overlay/OverlayPage')).OverlayPage }),
  },
];
