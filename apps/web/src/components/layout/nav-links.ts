import type { TUser } from '@shop/domain';

export interface NavItem {
  to: string;
  label: string;
}

const SIGNED_OUT: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/auth', label: 'Sign In' },
  { to: '/leaderboard', label: 'Leaderboard' },
];

const SIGNED_IN: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/shop', label: 'Shop' },
  { to: '/history', label: 'Transaction History' },
  { to: '/leaderboard', label: 'Leaderboard' },
];

const ADMIN: NavItem[] = [
  { to: '/admin/tools', label: 'Admin Tools' },
  { to: '/admin/categories', label: 'Manage Categories' },
  { to: '/admin/watch-time', label: 'Watch Time Rewards' },
  { to: '/admin/queue', label: 'Queue' },
];

/** The links every signed-in (or signed-out) visitor gets. */
export function mainNavItemsFor(user: TUser | null | undefined): NavItem[] {
  return user ? SIGNED_IN : SIGNED_OUT;
}

/** admin-spec section 2's admin links; the desktop header folds them into one 'Admin' menu. */
export function adminNavItemsFor(user: TUser | null | undefined): NavItem[] {
  return user?.isAdmin ? ADMIN : [];
}

/** Navigation per viewer-spec section 2; admin links are extras on top of the signed-in set. */
export function navItemsFor(user: TUser | null | undefined): NavItem[] {
  return [...mainNavItemsFor(user), ...adminNavItemsFor(user)];
}
