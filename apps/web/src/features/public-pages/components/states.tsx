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
  project: { page: 'Project', title: 'Project not found', path: '/explore', plural: 'projects' },
  charity: {
    page: 'Charity',
    title: 'Charity not found',
    path: '/explore?tab=charities',
    plural: 'charities',
  },
  group: { page: 'Group', title: 'Group not found', path: '/explore?tab=groups', plural: 'groups' },
} as const;

type What = keyof typeof EXPLORE_TAB;

export function NotFoundPage({ what }: { what: What }) {
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

/**
 * A public page before its record can be shown: "not found" when the URL names no id (`missing`) or
 * the API knows none, the failure when the call failed otherwise, and loading until then.
 */
export function PageNotReady({
  what,
  missing,
  query,
}: {
  what: What;
  missing: boolean;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  const title = EXPLORE_TAB[what].page;
  if (missing) return <NotFoundPage what={what} />;
  if (!query.isError) return <LoadingPage title={title} />;
  return isNotFound(query.error) ? (
    <NotFoundPage what={what} />
  ) : (
    <FailedPage title={title} error={query.error} retry={() => query.refetch()} />
  );
}
