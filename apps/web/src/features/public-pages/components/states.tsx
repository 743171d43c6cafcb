import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { isApiError } from '@/lib/api-client';

/** Whether a failed call means "there is no such public page". */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export function LoadingPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <Text ml="sm">Loading…</Text>
      </Center>
    </Page>
  );
}

export function NotFoundPage({ what }: { what: 'project' | 'charity' }) {
  const title = what === 'project' ? 'Project not found' : 'Charity not found';
  return (
    <Page title={title}>
      <Text>
        This {what} does not exist or is not public.{' '}
        <Anchor component={Link} to={what === 'project' ? '/explore' : '/explore?tab=charities'}>
          Explore {what === 'project' ? 'projects' : 'charities'}
        </Anchor>
        .
      </Text>
    </Page>
  );
}

export function FailedPage({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Page title={title}>
      <Alert color="red" title="This page could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : 'Please try again.'}</Text>
          <Button size="xs" variant="outline" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Page>
  );
}
