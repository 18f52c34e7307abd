import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import type { TUser } from '@shop/domain';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { CoinBalancePill } from './CoinBalancePill';
import classes from './Header.module.css';
import { LazyAccountMenu } from './header-lazy';
import { NavLinks } from './NavLinks';
import { ThemeToggle } from './ThemeToggle';
import { useScrolledPast } from './use-scrolled-past';

/** viewer-spec section 9: the header gains its shadow past 10 px of scroll. */
const SHADOW_AFTER_PX = 10;

interface Props {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

export function Header({ menuOpened, onToggleMenu }: Props) {
  // Deferred: the session's arrival re-renders every reader of it at once and without a break (it
  // comes through a store). The memoised bar below is then skipped by that render, and the balance,
  // account and links are drawn a moment later in a render that yields to the browser.
  const user = useDeferredValue(useAuth().user);
  const scrolled = useScrolledPast(SHADOW_AFTER_PX);
  return <HeaderBar user={user} scrolled={scrolled} menuOpened={menuOpened} onToggleMenu={onToggleMenu} />;
}

interface BarProps extends Props {
  user: TUser | null | undefined;
  scrolled: boolean;
}

const HeaderBar = memo(function HeaderBar({ user, scrolled, menuOpened, onToggleMenu }: BarProps) {
  return (
    // right-scroll-bar-position: Mantine's modals shift fixed elements with this class by the width
    // of the scroll bar they hide, so the header does not jump when one opens.
    <header className={`${classes.header} right-scroll-bar-position`} data-scrolled={scrolled ? 'true' : 'false'}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap" className={classes.left}>
          <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
          <UnstyledButton component={Link} to="/" className={classes.brand} aria-label="StreamShop">
            <Group gap={6} wrap="nowrap">
              <IconDeviceGamepad2 size={26} aria-hidden />
              <Text fw={800} size="lg" visibleFrom="sm">
                StreamShop
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap={2} wrap="nowrap" visibleFrom="md" component="nav" aria-label="Main" className={classes.nav}>
            <NavLinks user={user} />
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {user && <CoinBalancePill balance={user.coinBalance} />}
          <ThemeToggle />
          {user && <LazyAccountMenu user={user} />}
        </Group>
      </Group>
    </header>
  );
});
