import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import classes from './NavLinks.module.css';

type Props = { active: boolean } & ComponentPropsWithRef<'button'>;

/**
 * The header's 'Admin' button: the Menu target of AdminMenu, and alone the placeholder shown while
 * the menu's code loads. Ref and handlers pass through because Menu.Target hands them to its child.
 */
export function AdminMenuButton({ active, ...button }: Props) {
  return (
    <UnstyledButton className={classes.link} data-active={active ? 'true' : undefined} aria-haspopup="menu" {...button}>
      <span className={classes.menuLabel}>
        Admin <IconChevronDown size={14} aria-hidden />
      </span>
    </UnstyledButton>
  );
}
