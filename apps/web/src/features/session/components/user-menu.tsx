import { imageUrl } from '@kindred/shared';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { session } from '../session';
import { useCurrentUser } from '../use-session';

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

/** The signed-in person's menu: profile and logout. */
export function UserMenu() {
  const user = useCurrentUser();
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: 999 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar
              src={user.avatar ? imageUrl(user.avatar, 'small') : null}
              alt=""
              radius="xl"
              size="md"
              color="dark"
              variant="filled"
            >
              {initials(user.first_name, user.last_name)}
            </Avatar>
            <Text fw={600} visibleFrom="sm" aria-hidden="true">
              {user.first_name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
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
