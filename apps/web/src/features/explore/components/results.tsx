import type { Page } from '@kindred/shared';
import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface ResultsProps<T> {
  result: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** 'project' and 'projects'. */
  noun: readonly [string, string];
  keyOf: (item: T) => number | string;
  render: (item: T) => ReactNode;
  /** Shown when nothing matches. */
  empty: ReactNode;
  columns?: { base: number; sm?: number; lg?: number };
}

/** Keyset-paged cards: loading, failure, empty state, the cards and "Show more". */
export function Results<T>({
  result,
  noun,
  keyOf,
  render,
  empty,
  columns = { base: 1, sm: 2, lg: 3 },
}: ResultsProps<T>) {
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const [one, many] = noun;
  let status: string;
  if (result.isPending) status = `Loading ${many}…`;
  else if (result.isError && items.length === 0) status = `The ${many} could not be loaded.`;
  else if (items.length === 0) status = `No ${many} found.`;
  else
    status = `Showing ${items.length} ${items.length === 1 ? one : many}${result.hasNextPage ? ', more to come' : ''}.`;

  return (
    <Stack gap="md" aria-busy={result.isFetching}>
      <Text size="sm" c="dimmed" role="status" data-testid="results-status">
        {status}
      </Text>
      {result.isPending ? (
        <Center py="xl">
          <Loader aria-hidden="true" />
        </Center>
      ) : result.isError && items.length === 0 ? (
        <Alert color="red" title={`Could not load ${many}`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {result.error instanceof Error ? result.error.message : 'Please try again.'}
            </Text>
            <Button size="xs" variant="outline" onClick={() => result.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          <SimpleGrid cols={columns} spacing="md">
            {items.map((item) => (
              <div key={keyOf(item)}>{render(item)}</div>
            ))}
          </SimpleGrid>
          {result.hasNextPage ? (
            <Center>
              <Button
                variant="outline"
                loading={result.isFetchingNextPage}
                onClick={() => result.fetchNextPage()}
              >
                Show more {many}
              </Button>
            </Center>
          ) : null}
        </>
      )}
    </Stack>
  );
}
