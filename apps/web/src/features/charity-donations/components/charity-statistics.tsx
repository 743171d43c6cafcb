import { formatMoney } from '@kindred/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Figure } from '@/components/ui/figure';
import { GivingByMonthChart } from '@/components/ui/giving-by-month-chart';
import { QueryState } from '@/components/ui/query-state';
import type { CharityDonationAccess } from '@/entities/charity';
import { charityDonationQueries } from '@/entities/donation';

export interface CharityStatisticsProps {
  charityId: number;
  access: CharityDonationAccess;
}

/** `/charity/statistics`: what the charity received, in total and by month, with charts. */
export function CharityStatistics({ charityId, access }: CharityStatisticsProps) {
  const statistics = useQuery({ ...charityDonationQueries.statistics(charityId), enabled: access.read });
  if (!access.read) {
    return (
      <Paper p="lg" withBorder component="section" aria-labelledby="statistics-heading">
        <StatisticsHeading />
        <Text mt="sm">You need the View finance permission to see the charity&apos;s statistics.</Text>
      </Paper>
    );
  }
  return (
    <QueryState
      query={statistics}
      loading="Loading the statistics…"
      failed="The statistics could not be loaded."
      keepDataOnError
    >
      {(data) => (
        <Stack gap="md" component="section" aria-labelledby="statistics-heading">
          <StatisticsHeading />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Figure label="Funds received" value={formatMoney(data.funds_received)} />
            <Figure
              label="Gift Aid"
              value={formatMoney(data.gift_aid)}
              note="25% HMRC adds to eligible gifts"
            />
            <Figure
              label="Hours given"
              value={`${data.volunteering_hours + data.skilled_hours}`}
              note={`${data.volunteering_hours} volunteering, ${data.skilled_hours} skilled`}
            />
            <Figure label="Gifts" value={String(data.gifts_count)} />
            <Figure label="Donors" value={String(data.donors)} />
            <Figure label="Waiting for approval" value={String(data.awaiting_approval)} />
          </SimpleGrid>
          <GivingByMonthChart
            rows={data.by_month}
            series={[
              { name: 'Funds', color: 'indigo.7', money: true, value: (month) => month.funds },
              { name: 'Gift Aid', color: 'teal.8', money: true, value: (month) => month.gift_aid },
              { name: 'Hours', color: 'grape.7', value: (month) => month.hours },
              { name: 'Gifts', color: 'orange.8', value: (month) => month.gifts },
            ]}
            charts={[
              { id: 'chart-funds', title: 'Funds and Gift Aid by month', series: ['Funds', 'Gift Aid'] },
              { id: 'chart-time', title: 'Hours and gifts by month', series: ['Hours', 'Gifts'] },
            ]}
            empty="Nothing received yet. Each month's funds, Gift Aid, hours and gifts show here once people give."
          />
        </Stack>
      )}
    </QueryState>
  );
}

function StatisticsHeading() {
  return (
    <Title order={2} size="h3" id="statistics-heading">
      Statistics
    </Title>
  );
}
