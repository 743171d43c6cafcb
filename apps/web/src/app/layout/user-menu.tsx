import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { session, useCurrentUser } from '@/entities/session';

/**
 * The signed-in person's menu: their fundraising pages, joining an organisation, profile and
 * logout (the main menu keeps to the screens of the account they act for, so it fits one row).
 */
export function UserMenu() {
  const user = useCurrentUser();
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    // No initial-focus placeholder: it is a focusable child without the menuitem role (axe).
    <Menu position="bottom-end" width={220} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* No visible text in the button, so its name is exactly 'Account menu'. */}
        <UnstyledButton aria-label="Account menu" title={name} style={{ borderRadius: 999 }}>
          <PersonAvatar avatar={user.avatar} size="md" variant="filled" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to="/fundraisers">
          My fundraisers
        </Menu.Item>
        <Menu.Item component={Link} to="/join">
          Join an organisation
        </Menu.Item>
        <Menu.Item component={Link} to="/profile">
          Profile and settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={() => session.logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
