import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { pagedItems } from '@/components/ui/paged-list';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { volunteeringQuery } from '../api/get-volunteering';
import { DonationCard, DonationList } from './donation-card';

const KINDS = {
  3: {
    title: 'Volunteering',
    empty: 'You have not offered your time yet. Projects that need volunteers say so on their page.',
  },
  4: {
    title: 'Skilled volunteering',
    empty:
      'You have not offered your skills yet. Projects that need legal, design, IT or other skills say so on their page.',
  },
} as const;

function VolunteeringSection({ type, onOpen }: { type: 3 | 4; onOpen: (id: number) => void }) {
  const headingId = useId();
  const kind = KINDS[type];
  const query = useInfiniteQuery(volunteeringQuery(type));
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {kind.title}
        </Title>
        <QueryState
          query={query}
          layout="inline"
          loading={`Loading ${kind.title.toLowerCase()}…`}
          failed={`${kind.title} could not be loaded`}
          keepDataOnError
          empty={
            <EmptyState
              variant="text"
              action={
                <Anchor component={Link} to="/explore">
                  Find a project that needs you
                </Anchor>
              }
            >
              {kind.empty}
            </EmptyState>
          }
        >
          {() => (
            <>
              <DonationList label={kind.title}>
                {pagedItems(query).map((donation) => (
                  <DonationCard key={donation.id} donation={donation} onOpen={onOpen} />
                ))}
              </DonationList>
              <ShowMore query={query}>Show older</ShowMore>
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

/** The time the donor pledged: the day, the hours pledged and the hours the charity confirmed. */
export function VolunteeringTab({ onOpen }: { onOpen: (id: number) => void }) {
  return (
    <Stack gap="md">
      <VolunteeringSection type={3} onOpen={onOpen} />
      <VolunteeringSection type={4} onOpen={onOpen} />
    </Stack>
  );
}
