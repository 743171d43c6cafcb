import { Alert, Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from './page';

/** What an admin screen says to a person who is not a platform admin. */
export const ADMIN_ONLY_MESSAGE = 'This area is for platform admins only.';

/** An admin screen as a person who is not a platform admin sees it: its title, and that it is not theirs. */
export function AdminsOnlyPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Text>{ADMIN_ONLY_MESSAGE}</Text>
    </Page>
  );
}

/** Tells a platform admin who may only look (an Employee) why the screen's actions are not theirs. */
export function ViewOnlyAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" title="View only">
      {children}
    </Alert>
  );
}

/** An admin screen's description, with the way back to the admin area's front page after it. */
export function AdminDescription({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed">
      {children}{' '}
      <Anchor component={Link} to="/admin">
        Admin home
      </Anchor>
    </Text>
  );
}
