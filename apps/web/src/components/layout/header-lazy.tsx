import type { TUser } from '@shop/domain';
import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './AccountButton';
import { AdminMenuButton } from './AdminMenuButton';
import type { NavItem } from './nav-links';

/**
 * The header's signed-in menus need Menu, Popover and floating-ui (about 25 KB gzip), none of it
 * for the first paint of a page. Each loads as its own chunk once the viewer is known; meanwhile the
 * same button is drawn without its menu, so the header never shifts, and a click on it before the
 * menu's code is in opens the menu as soon as it is.
 */
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));
const AdminMenu = lazy(() => import('./AdminMenu').then((m) => ({ default: m.AdminMenu })));

export function LazyAccountMenu({ user }: { user: TUser }) {
  const [clicked, setClicked] = useState(false);
  return (
    <Suspense fallback={<AccountButton user={user} onClick={() => setClicked(true)} />}>
      <AccountMenu user={user} defaultOpened={clicked} />
    </Suspense>
  );
}

export function LazyAdminMenu({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const [clicked, setClicked] = useState(false);
  const active = items.some((item) => pathname.startsWith(item.to));
  return (
    <Suspense fallback={<AdminMenuButton active={active} onClick={() => setClicked(true)} />}>
      <AdminMenu items={items} pathname={pathname} active={active} defaultOpened={clicked} />
    </Suspense>
  );
}
