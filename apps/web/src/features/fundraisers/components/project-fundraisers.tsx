import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { FundraiserCard, fundraiserQueries } from '@/entities/fundraiser';
import { todayIso } from '@/lib/format';

/** A project's fundraising pages on its public page: the first few, most raised first. */
export function ProjectFundraisers({ projectId }: { projectId: number }) {
  const [today] = useState(todayIso);
  const list = useQuery(fundraiserQueries.ofProject(projectId));
  return (
    <QueryState
      query={list}
      loading="Loading fundraisers…"
      layout="inline"
      failed="The fundraisers could not be loaded."
      empty={
        <EmptyState variant="text">
          No one is raising money for this project yet. Open a page and ask your friends to give through it.
        </EmptyState>
      }
    >
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {data.items.map((page) => (
              <FundraiserCard
                key={page.id}
                page={page}
                today={today}
                sizes="(min-width: 62em) 360px, (min-width: 48em) 50vw, 100vw"
              />
            ))}
          </SimpleGrid>
          {data.next_cursor ? (
            <Text size="sm" c="dimmed">
              {`The ${data.items.length} that raised most are shown.`}
            </Text>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
