import { formatMoney, GIVING_TYPE, type Supporter } from '@kindred/shared';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/states';
import { donationQueries, donationTypeLabel, SupporterList, supporterName } from '@/entities/donation';
import { showDate } from '@/lib/format';

export interface SupportersWallProps {
  projectId: number;
  /** A live project invites the first gift; a finished one only says no one gave. */
  live: boolean;
  /** Where to give (a link or a button the route hands in), shown with the invitation. */
  giveAction?: ReactNode;
}

/**
 * What a supporter gave, in a few words: 'Gave ₹25', 'Gave funds' (the amount of an anonymous
 * gift is not public), 'Offered 6 hours of volunteering', 'Offered gifts'.
 */
export function supporterGave(supporter: Supporter): string {
  const hours = (count: number | null) => `${count ?? 0} ${count === 1 ? 'hour' : 'hours'}`;
  switch (supporter.type) {
    case GIVING_TYPE.funds:
      return supporter.amount === null ? 'Gave funds' : `Gave ${formatMoney(supporter.amount)}`;
    case GIVING_TYPE.volunteering:
      return `Offered ${hours(supporter.hours)} of volunteering`;
    case GIVING_TYPE.skilledVolunteering:
      return `Offered ${hours(supporter.hours)} of skilled volunteering`;
    case GIVING_TYPE.gifts:
      return 'Offered gifts';
    default:
      return `Gave ${donationTypeLabel(supporter.type).toLowerCase()}`;
  }
}

/** What the wall says of one supporter: their name, what kind they gave, what and when. */
function SupporterGift({ supporter }: { supporter: Supporter }) {
  const created = new Date(supporter.created_at);
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {/* The API already names anonymous donors 'Anonymous'; the wall never shows a name they withheld. */}
        <Text fw={600}>{supporterName(supporter)}</Text>
        <Badge variant="outline" color="dark" size="sm">
          {donationTypeLabel(supporter.type)}
        </Badge>
      </Group>
      <Text size="sm">
        {supporterGave(supporter)}
        {Number.isNaN(created.getTime()) ? '' : ' on '}
        {Number.isNaN(created.getTime()) ? null : (
          <time dateTime={supporter.created_at}>{showDate(supporter.created_at)}</time>
        )}
      </Text>
    </>
  );
}

/**
 * A project's supporters wall on its public page: names unless the donor gave anonymously, their
 * messages, what kind they gave and when, newest first, with "Show more".
 */
export function SupportersWall({ projectId, live, giveAction }: SupportersWallProps) {
  const supporters = useInfiniteQuery(donationQueries.supporters(projectId));
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="supporters-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="supporters-heading">
          Supporters
        </Title>
        <SupporterList
          query={supporters}
          label="Supporters of this project"
          empty={
            <EmptyState variant="text" action={live ? giveAction : undefined}>
              {live
                ? 'No one has supported this project yet. Be the first: your gift starts its wall.'
                : 'No one gave to this project.'}
            </EmptyState>
          }
        >
          {(supporter) => <SupporterGift supporter={supporter} />}
        </SupporterList>
      </Stack>
    </Paper>
  );
}
