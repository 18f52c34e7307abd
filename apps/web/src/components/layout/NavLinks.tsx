import type { TUser } from '@shop/domain';
import { NavLink, useLocation } from 'react-router';
import { LazyAdminMenu } from './header-lazy';
import classes from './NavLinks.module.css';
import { adminNavItemsFor, mainNavItemsFor } from './nav-links';

/**
 * Desktop header links. The admin links sit in one 'Admin' menu: seven links side by side were
 * clipped ('Manag...') at 1024 px next to the balance and account controls. `user` comes from the
 * header, which defers it.
 */
export function NavLinks({ user }: { user: TUser | null | undefined }) {
  const { pathname } = useLocation();
  const admin = adminNavItemsFor(user);
  return (
    <>
      {mainNavItemsFor(user).map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === '/'} className={classes.link}>
          {item.label}
        </NavLink>
      ))}
      {admin.length > 0 && <LazyAdminMenu items={admin} pathname={pathname} />}
    </>
  );
}
