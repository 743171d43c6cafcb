import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A loading state with a readable status. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="lg" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text ml="sm">{label}</Text>
    </Center>
  );
}

/** An empty list: what is missing and, optionally, what to do. */
export function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper p="lg" withBorder bg="gray.0">
      <Stack gap="sm" align="flex-start">
        <Text>{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
