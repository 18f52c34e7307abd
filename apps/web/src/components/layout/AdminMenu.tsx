import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { AdminMenuButton } from './AdminMenuButton';
import type { NavItem } from './nav-links';

interface Props {
  items: NavItem[];
  pathname: string;
  /** The current page is one of the items. */
  active: boolean;
  /** The button was clicked while this code loaded: open at once. */
  defaultOpened?: boolean;
}

/** The admin links folded into one menu; loaded lazily (header-lazy.tsx), only admins see it. */
export function AdminMenu({ items, pathname, active, defaultOpened = false }: Props) {
  return (
    <Menu position="bottom-start" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AdminMenuButton active={active} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
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
  );
}
