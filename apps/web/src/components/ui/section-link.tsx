import { Button } from '@mantine/core';
import { NavLink, useMatch, useResolvedPath } from 'react-router';

/** A link to one section of an admin area (charity, organisation), filled while it is open. */
export function SectionLink({ to, end, children }: { to: string; end?: boolean; children: string }) {
  const resolved = useResolvedPath(to);
  const active = useMatch({ path: resolved.pathname, end: end ?? false }) !== null;
  return (
    <Button component={NavLink} to={to} end={end} variant={active ? 'filled' : 'subtle'} size="compact-md">
      {children}
    </Button>
  );
}
