import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { FundraiserCard, fundraiserQueries } from '@/entities/fundraiser';
import { todayIso } from '@/lib/format';

/**
 * `/fundraisers`: the pages the person opened, newest first, with their progress; a page the
 * charity hid is marked (docs/product/fundraising-pages.md#lists).
 */
export function MyFundraisersScreen() {
  const [today] = useState(todayIso);
  const mine = useInfiniteQuery(fundraiserQueries.mine());
  const items = mine.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page
      title="My fundraisers"
      description={
        <Text>
          Raise money for a project or a charity you care about: open a page, tell your friends why, and ask
          them to give through it.
        </Text>
      }
    >
      <TitledSection id="my-fundraisers-heading" title="Your pages" variant="plain">
        <QueryState
          query={mine}
          loading="Loading your pages…"
          failed="Your pages could not be loaded."
          empty={
            <EmptyState
              action={
                <Anchor component={Link} to="/explore">
                  Find a project to raise money for
                </Anchor>
              }
            >
              You have no fundraising pages yet. Start one from the page of a project or a charity.
            </EmptyState>
          }
        >
          {() => (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {items.map((page) => (
                  <FundraiserCard key={page.id} page={page} today={today} />
                ))}
              </SimpleGrid>
              <ShowMore query={mine} align="center" variant="outline">
                Show more pages
              </ShowMore>
            </Stack>
          )}
        </QueryState>
      </TitledSection>
    </Page>
  );
}
