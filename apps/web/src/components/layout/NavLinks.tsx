import { NavLink as MantineNavLink } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import classes from './NavLinks.module.css';
import { navItemsFor } from './nav-links';

/** Desktop header links. */
export function NavLinks() {
  const { user } = useAuth();
  return navItemsFor(user).map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === '/'} className={classes.link}>
      {item.label}
    </NavLink>
  ));
}

/** The collapsible mobile menu: the same links, stacked. */
export function MobileNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return navItemsFor(user).map((item) => (
    <MantineNavLink
      active={pathname === item.to}
      key={item.to}
      component={NavLink}
      to={item.to}
      end={item.to === '/'}
      label={item.label}
      onClick={onNavigate}
    />
  ));
}
