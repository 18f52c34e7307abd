import { Divider, NavLink as MantineNavLink, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import classes from './NavLinks.module.css';
import { adminNavItemsFor, mainNavItemsFor } from './nav-links';

/**
 * Desktop header links. The admin links sit in one 'Admin' menu: seven links side by side were
 * clipped ('Manag...') at 1024 px next to the balance and account controls.
 */
export function NavLinks() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const admin = adminNavItemsFor(user);
  const inAdmin = admin.some((item) => pathname.startsWith(item.to));
  return (
    <>
      {mainNavItemsFor(user).map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === '/'} className={classes.link}>
          {item.label}
        </NavLink>
      ))}
      {admin.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.link} data-active={inAdmin ? 'true' : undefined} aria-haspopup="menu">
              <span className={classes.menuLabel}>
                Admin <IconChevronDown size={14} aria-hidden />
              </span>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {admin.map((item) => (
              <Menu.Item
                key={item.to}
                component={Link}
                to={item.to}
                aria-current={pathname === item.to ? 'page' : undefined}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}

/** The collapsible mobile menu: the same links, stacked, the admin ones under their own heading. */
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
