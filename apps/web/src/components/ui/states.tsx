import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

export interface LoadingStateProps {
  /** What is loading, e.g. 'Loading the balance…'. */
  label?: string;
  /** 'centered' for a section or a page; 'inline' inside a card, next to other content. */
  layout?: 'centered' | 'inline';
}

/** Something is loading: a spinner and a readable status, announced politely. */
export function LoadingState({ label = 'Loading…', layout = 'centered' }: LoadingStateProps) {
  if (layout === 'inline') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{label}</Text>
      </Group>
    );
  }
  return (
    <Center py="lg" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text ml="sm">{label}</Text>
    </Center>
  );
}

export interface EmptyStateProps {
  /** What is missing, e.g. 'No updates yet.' */
  children: ReactNode;
  /** What to do about it (a link or a button). */
  action?: ReactNode;
  /** 'panel' stands out as a tinted box; 'text' is a plain line inside a section that has its own frame. */
  variant?: 'panel' | 'text';
}

/** An empty list: what is missing and, optionally, what to do. */
export function EmptyState({ children, action, variant = 'panel' }: EmptyStateProps) {
  if (variant === 'text') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text role="status">{children}</Text>
        {action}
      </Stack>
    );
  }
  return (
    <Paper p="lg" withBorder bg="gray.0">
      <Stack gap="sm" align="flex-start">
        <Text role="status">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** The message of a failed call, for people. */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

export interface FailedStateProps {
  /** What failed, e.g. 'The balance could not be loaded'. */
  title: string;
  /** The failure (its message is shown). */
  error: unknown;
  /** Tries again (a query's refetch). */
  onRetry: () => unknown;
}

/** Something could not be loaded: what, why (the server's message) and "Try again". */
export function FailedState({ title, error, onRetry }: FailedStateProps) {
  return (
    <ErrorAlert title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{failureMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={() => void onRetry()}>
          Try again
        </Button>
      </Stack>
    </ErrorAlert>
  );
}
