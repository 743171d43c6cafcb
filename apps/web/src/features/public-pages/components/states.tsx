import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { FailedState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/api-client';

/** Whether a failed call means "there is no such public page". */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export function LoadingPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <LoadingState />
    </Page>
  );
}

const EXPLORE_TAB = {
  project: { title: 'Project not found', path: '/explore', plural: 'projects' },
  charity: { title: 'Charity not found', path: '/explore?tab=charities', plural: 'charities' },
  group: { title: 'Group not found', path: '/explore?tab=groups', plural: 'groups' },
} as const;

export function NotFoundPage({ what }: { what: 'project' | 'charity' | 'group' }) {
  const { title, path, plural } = EXPLORE_TAB[what];
  return (
    <Page title={title}>
      <Text>
        This {what} does not exist or is not public.{' '}
        <Anchor component={Link} to={path}>
          Explore {plural}
        </Anchor>
        .
      </Text>
    </Page>
  );
}

export function FailedPage({ title, error, retry }: { title: string; error: unknown; retry: () => unknown }) {
  return (
    <Page title={title}>
      <FailedState title="This page could not be loaded" error={error} onRetry={retry} />
    </Page>
  );
}
