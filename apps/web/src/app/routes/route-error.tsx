import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadingState } from '@/components/ui/states';

/** Shown when a screen fails to render. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main id="main">
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>Something went wrong</Title>
          <Text>{detail}</Text>
          <Anchor href="/">Go to the home page</Anchor>
        </Stack>
      </Container>
    </main>
  );
}

/** Shown while a lazily loaded screen arrives. */
export function RouteLoading() {
  return (
    <main id="main">
      <LoadingState />
    </main>
  );
}
