import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { initials, type TUser } from '@shop/domain';
import { IconChevronDown, IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';

export function AccountMenu({ user }: { user: TUser }) {
  const { logout } = useAuth();
  const name = user.displayName || user.username;

  const onLogout = () =>
    logout.mutate(undefined, { onError: (err) => notify.error('Logout failed', errorMessage(err)) });

  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.profilePicture || null} alt={name} radius="xl" size={32} color="violet">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={600} data-testid="nav-username" maw={140} truncate="end">
              {user.username}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
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
