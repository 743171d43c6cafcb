import { ADMIN_TYPE } from '@kindred/shared';
import { Badge, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { useUnreadMessages } from '@/entities/message';
import { useIsLoggedIn, useSessionState } from '@/entities/session';

interface NavItem {
  to: string;
  label: string;
  badge?: number;
}

/** Organisation wallets are for the organisation's Super Admins and Admins. */
const WALLET_ADMIN_TYPES: readonly number[] = [ADMIN_TYPE.superAdmin, ADMIN_TYPE.admin];

/**
 * The main menu: only screens that exist and that the active account can use. Acting as a charity,
 * its area replaces the person's wallet and donations; acting as an organisation, its wallet
 * (for its admins) does.
 */
export function useNavItems(): NavItem[] {
  const state = useSessionState();
  const loggedIn = useIsLoggedIn();
  const unread = useUnreadMessages();
  if (!loggedIn) return [{ to: '/explore', label: 'Explore' }];
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/explore', label: 'Explore' },
  ];
  const active = state.activeAccount;
  if (active.type === 'charity') {
    items.push({ to: '/charity', label: 'Charity' });
  } else if (active.type === 'business') {
    const membership = state.businessMembership.find((m) => m.business_id === active.id);
    if (membership && WALLET_ADMIN_TYPES.includes(membership.admin_type))
      items.push({ to: '/wallet', label: 'Wallet' });
    items.push({ to: '/organisation', label: 'Organisation' });
  } else {
    items.push(
      { to: '/wallet', label: 'Wallet' },
      { to: '/donations', label: 'Donations' },
      { to: '/groups', label: 'Groups' },
    );
    if (state.charityMembership.length > 0) items.push({ to: '/charity', label: 'Charity' });
  }
  items.push({ to: '/messages', label: 'Messages', badge: unread });
  if (state.user?.is_iic_admin) items.push({ to: '/admin', label: 'Admin' });
  return items;
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
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
