import { Divider, NavLink as MantineNavLink } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { adminNavItemsFor, mainNavItemsFor } from './nav-links';

/**
 * The collapsible mobile menu: the same links as the header's, stacked, the admin ones under their
 * own heading. Its own chunk (RootLayout loads it when the menu first opens): Mantine's NavLink
 * brings Collapse, which no first paint needs.
 */
export function MobileNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const link = (item: { to: string; label: string }) => (
    <MantineNavLink
      active={pathname === item.to}
      key={item.to}
      component={NavLink}
      to={item.to}
      end={item.to === '/'}
      label={item.label}
      onClick={onNavigate}
    />
  );
  const admin = adminNavItemsFor(user);
  return (
    <>
      {mainNavItemsFor(user).map(link)}
      {admin.length > 0 && <Divider label="Admin" labelPosition="left" my="xs" />}
      {admin.map(link)}
    </>
  );
}
