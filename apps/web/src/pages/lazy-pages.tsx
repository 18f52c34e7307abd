import { preloadable } from '../lib/preloadable';

/**
 * Every page is its own chunk, loaded when its route is first shown, so the first visit to `/`
 * downloads the shell and the home page only (admin pages, charts and forms stay on the server
 * until someone opens them). Navigations run in a transition, so the old page stays on screen while
 * the next one's chunk arrives; main.tsx preloads the first page's chunk before the first render
 * (see lib/preloadable.tsx and the note in RootLayout).
 */
const lazyPage = preloadable;

export const HomePage = lazyPage(() => import('./HomePage'), 'HomePage');
export const AuthPage = lazyPage(() => import('./AuthPage'), 'AuthPage');
export const DashboardPage = lazyPage(() => import('./DashboardPage'), 'DashboardPage');
export const ShopPage = lazyPage(() => import('./ShopPage'), 'ShopPage');
export const HistoryPage = lazyPage(() => import('./HistoryPage'), 'HistoryPage');
export const LeaderboardPage = lazyPage(() => import('./LeaderboardPage'), 'LeaderboardPage');
export const ProfilePage = lazyPage(() => import('./ProfilePage'), 'ProfilePage');
export const TestRconPage = lazyPage(() => import('./TestRconPage'), 'TestRconPage');
export const TermsOfServicePage = lazyPage(() => import('./TermsOfServicePage'), 'TermsOfServicePage');
export const PrivacyPolicyPage = lazyPage(() => import('./PrivacyPolicyPage'), 'PrivacyPolicyPage');
export const CookiePolicyPage = lazyPage(() => import('./CookiePolicyPage'), 'CookiePolicyPage');
// Eager: the route error page draws it too, and it is a few lines.
export { NotFoundPage } from './NotFoundPage';
// Admin pages: never downloaded by a viewer.
export const AdminToolsPage = lazyPage(() => import('./AdminToolsPage'), 'AdminToolsPage');
export const AdminCategoriesPage = lazyPage(() => import('./AdminCategoriesPage'), 'AdminCategoriesPage');
export const AdminWatchTimePage = lazyPage(() => import('./AdminWatchTimePage'), 'AdminWatchTimePage');
export const AdminQueuePage = lazyPage(() => import('./AdminQueuePage'), 'AdminQueuePage');
