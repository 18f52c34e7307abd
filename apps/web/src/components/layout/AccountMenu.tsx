import { Menu } from '@mantine/core';
import type { TUser } from '@shop/domain';
import { IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../../auth/use-auth-actions';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { AccountButton } from './AccountButton';

/** Loaded lazily by Header (header-menus.tsx): Menu and floating-ui stay out of the first download. */
interface Props {
  user: TUser;
  /** The button was clicked while this code loaded: open at once. */
  defaultOpened?: boolean;
}

export function AccountMenu({ user, defaultOpened = false }: Props) {
  const logout = useLogout();
  const name = user.displayName || user.username;

  const onLogout = () =>
    logout.mutate(undefined, { onError: (err) => notify.error('Logout failed', errorMessage(err)) });

  return (
    <Menu position="bottom-end" width={200} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
          Dashboard
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={logout.isPending}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
