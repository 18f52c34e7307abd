import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { initials, type TUser } from '@shop/domain';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

type Props = { user: TUser } & ComponentPropsWithRef<'button'>;

/**
 * The header's account button: the Menu target of AccountMenu, and on its own the placeholder
 * drawn while the menu's code (Menu, Popover, floating-ui) loads, so the header never shifts.
 * Ref and handlers pass through because Menu.Target hands them to its child.
 */
export function AccountButton({ user, ...button }: Props) {
  const name = user.displayName || user.username;
  return (
    <UnstyledButton aria-label="Account menu" {...button}>
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
  );
}
