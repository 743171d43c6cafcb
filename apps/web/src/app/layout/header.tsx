import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { OnceOpened } from '@/components/ui/once-opened';
import { useIsLoggedIn } from '@/entities/session';
import { AccountSwitcher } from './account-switcher';
import { NavLinks } from './nav-links';

// The account menu (Mantine's Menu and its floating layer) is for signed-in people, and the
// phone's navigation drawer opens on demand: neither is part of a visitor's first load.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer')).NavDrawer }));
// The bell is for signed-in people too: its popover's list loads when it first opens.
const NotificationBell = lazy(async () => ({
  default: (await import('@/features/notifications')).NotificationBell,
}));

export function Header() {
  const loggedIn = useIsLoggedIn();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <header className="app-header">
      {/* One bar that wraps on phones: the account switcher takes a row of its own under the logo. */}
      <div className="app-header-bar">
        <Group gap="sm" wrap="nowrap" className="app-header-start">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            color="currentColor"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
          />
          <Link to="/" className="app-logo">
            Kindred
          </Link>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap" ml="sm">
            <NavLinks />
          </Group>
        </Group>
        {loggedIn ? (
          <>
            <div className="app-header-switcher">
              <AccountSwitcher />
            </div>
            {/* The bell's and the avatar's room is kept while they load: nothing moves. */}
            <Group gap="xs" wrap="nowrap">
              <Suspense fallback={<span className="app-user-menu-placeholder" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span className="app-user-menu-placeholder" />}>
                <UserMenu />
              </Suspense>
            </Group>
          </>
        ) : (
          <Group gap={4} wrap="nowrap">
            <NavLink to="/login" className="app-nav-link">
              Log in
            </NavLink>
            <NavLink to="/register" className="app-nav-link">
              Register
            </NavLink>
          </Group>
        )}
      </div>
      <OnceOpened opened={opened}>
        <NavDrawer opened={opened} onClose={close} />
      </OnceOpened>
    </header>
  );
}
