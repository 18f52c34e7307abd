import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { RootLayout } from './components/layout/RootLayout';
import { AdminCategoriesPage } from './pages/AdminCategoriesPage';
import { AdminToolsPage } from './pages/AdminToolsPage';
import { AdminWatchTimePage } from './pages/AdminWatchTimePage';
import { AuthPage } from './pages/AuthPage';
import { CookiePolicyPage } from './pages/CookiePolicyPage';
import { DashboardPage } from './pages/DashboardPage';
import { HistoryPage } from './pages/HistoryPage';
import { HomePage } from './pages/HomePage';
import { LeaderboardPage } from './pages/LeaderboardPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PrivacyPolicyPage } from './pages/PrivacyPolicyPage';
import { ProfilePage } from './pages/ProfilePage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { ShopPage } from './pages/ShopPage';
import { TermsOfServicePage } from './pages/TermsOfServicePage';
import { TestRconPage } from './pages/TestRconPage';

const authed = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const adminOnly = (page: ReactNode) => <RequireAdmin>{page}</RequireAdmin>;

/** Every route of viewer-spec and admin-spec section 2; new pages slot in here. */
export const router = createBrowserRouter([
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
