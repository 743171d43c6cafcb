import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Admin home' },
  { to: '/admin/statistics', label: 'Statistics' },
  { to: '/admin/people', label: 'People' },
  { to: '/admin/accounts', label: 'Accounts' },
  { to: '/admin/expiring', label: 'Expiring projects' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/** The admin area's sections, on every admin screen of this feature. */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Admin" gap="lg">
      {ADMIN_SECTIONS.map((section) => (
        <Anchor
          key={section.to}
          component={Link}
          to={section.to}
          aria-current={pathname === section.to ? 'page' : undefined}
          fw={pathname === section.to ? 700 : undefined}
        >
          {section.label}
        </Anchor>
      ))}
    </Group>
  );
}
