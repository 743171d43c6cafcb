import type { Page } from '@kindred/shared';
import { Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShowMore } from '@/components/ui/pager';
import { FailedState } from '@/components/ui/states';
import { useRevealed } from '@/lib/deferred';

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
  const pending = !useRevealed(!result.isPending);
  let status: string;
  if (pending) status = `Loading ${many}…`;
  else if (result.isError && items.length === 0) status = `The ${many} could not be loaded.`;
  else if (items.length === 0) status = `No ${many} found.`;
  else
    status = `Showing ${items.length} ${items.length === 1 ? one : many}${result.hasNextPage ? ', more to come' : ''}.`;

  return (
    <Stack gap="md" aria-busy={result.isFetching}>
      <Text size="sm" c="dimmed" role="status" data-testid="results-status">
        {status}
      </Text>
      {pending ? (
        <Center py="xl">
          <Loader aria-hidden="true" />
        </Center>
      ) : result.isError && items.length === 0 ? (
        <FailedState title={`Could not load ${many}`} error={result.error} onRetry={result.refetch} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          <SimpleGrid cols={columns} spacing="md">
            {items.map((item) => (
              <div key={keyOf(item)}>{render(item)}</div>
            ))}
          </SimpleGrid>
          <ShowMore query={result} align="center" variant="outline">
            Show more {many}
          </ShowMore>
        </>
      )}
    </Stack>
  );
}
