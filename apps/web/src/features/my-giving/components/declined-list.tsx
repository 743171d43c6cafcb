import { Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { rejectedDonationsQuery } from '../api/get-rejected-donations';
import { DonationCard, DonationList } from './donation-card';

/** Donations that were declined or returned, each with the reason given. */
export function DeclinedList({ onOpen }: { onOpen: (id: number) => void }) {
  const query = useInfiniteQuery(rejectedDonationsQuery());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <QueryState
      query={query}
      loading="Loading declined donations…"
      failed="Declined donations could not be loaded"
      empty={<EmptyState variant="text">None of your donations was declined or returned.</EmptyState>}
      keepDataOnError
    >
      {() => (
        <Stack gap="sm">
          <Text size="sm">
            Nothing of these reached the charity: money came back to where it came from, and pledged time or
            goods were not taken up.
          </Text>
          <DonationList label="Declined donations">
            {items.map((donation) => (
              <DonationCard key={donation.id} donation={donation} onOpen={onOpen} />
            ))}
          </DonationList>
          <ShowMore query={query}>Show older declined donations</ShowMore>
        </Stack>
      )}
    </QueryState>
  );
}
