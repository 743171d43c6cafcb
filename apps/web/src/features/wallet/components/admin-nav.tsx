import { Anchor, Group } from '@mantine/core';
import { NavLink } from 'react-router';

/** Links between the platform admin's money screens. */
export function AdminMoneyNav() {
  return (
    <Group component="nav" aria-label="Admin money screens" gap="lg">
      <Anchor component={NavLink} to="/admin" end>
        Admin home
      </Anchor>
      <Anchor component={NavLink} to="/admin/money" end>
        Deposits
      </Anchor>
      <Anchor component={NavLink} to="/admin/direct-debits" end>
        Direct debits
      </Anchor>
    </Group>
  );
}
