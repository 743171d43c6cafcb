import { Badge, Burger, Drawer, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink } from 'react-router';
import { useIsLoggedIn, useSessionState } from '@/entities/session';
import { AccountSwitcher } from './account-switcher';
import { UserMenu } from './user-menu';

interface NavItem {
  to: string;
  label: string;
  badge?: number;
}

function useNavItems(): NavItem[] {
  const state = useSessionState();
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return [{ to: '/explore', label: 'Explore' }];
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/explore', label: 'Explore' },
    { to: '/wallet', label: 'Wallet' },
    { to: '/donations', label: 'Donations' },
  ];
  if (state.charityMembership.length > 0) items.push({ to: '/charity', label: 'Charity' });
  if (state.user?.is_iic_admin) items.push({ to: '/admin', label: 'Admin' });
  return items;
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return useNavItems().map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === '/'} className="app-nav-link" onClick={onNavigate}>
      {item.label}
      {item.badge ? (
        <>
          {' '}
          <Badge size="sm" color="dark" variant="filled" aria-hidden="true">
            {item.badge}
          </Badge>
          <VisuallyHidden>({item.badge} unread)</VisuallyHidden>
        </>
      ) : null}
    </NavLink>
  ));
}

export function Header() {
  const loggedIn = useIsLoggedIn();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <header className="app-header">
      <Group justify="space-between" h={64} px="md" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
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
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            <NavLinks />
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {loggedIn ? (
            <>
              <AccountSwitcher />
              <UserMenu />
            </>
          ) : (
            <>
              <NavLink to="/login" className="app-nav-link">
                Log in
              </NavLink>
              <NavLink to="/register" className="app-nav-link">
                Register
              </NavLink>
            </>
          )}
        </Group>
      </Group>
      <Drawer opened={opened} onClose={close} title="Kindred" size="xs" hiddenFrom="md">
        <Stack component="nav" aria-label="Main menu" gap="xs">
          <NavLinks onNavigate={close} />
        </Stack>
      </Drawer>
    </header>
  );
}
