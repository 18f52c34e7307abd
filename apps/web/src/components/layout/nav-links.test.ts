import type { TUser } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-links';

const user: TUser = {
  id: 1,
  username: 'viewer',
  displayName: null,
  profilePicture: null,
  coinBalance: 0,
  isAdmin: false,
  twitchUsername: null,
  twitchVerified: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const labels = (u: TUser | null) => navItemsFor(u).map((i) => i.label);

describe('navItemsFor', () => {
  it('signed out: Home, Sign In, Leaderboard', () => {
    expect(labels(null)).toEqual(['Home', 'Sign In', 'Leaderboard']);
  });

  it('signed in: Dashboard, Shop, Transaction History, Leaderboard', () => {
    expect(labels(user)).toEqual(['Dashboard', 'Shop', 'Transaction History', 'Leaderboard']);
  });

  it('admins get the four admin links on top', () => {
    expect(navItemsFor({ ...user, isAdmin: true }).slice(4)).toEqual([
      { to: '/admin/tools', label: 'Admin Tools' },
      { to: '/admin/categories', label: 'Manage Categories' },
      { to: '/admin/watch-time', label: 'Watch Time Rewards' },
      { to: '/admin/queue', label: 'Queue' },
    ]);
  });
});
