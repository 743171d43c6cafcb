import { formatMoney, type CharityStatistics as Statistics } from '@kindred/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FigureGrid, type FigureSpec } from '@/components/ui/figure';
import { GivingByMonthChart } from '@/components/ui/giving-by-month-chart';
import { QueryState } from '@/components/ui/query-state';
import type { CharityDonationAccess } from '@/entities/charity';
import { charityDonationQueries } from '@/entities/donation';

export interface CharityStatisticsProps {
  charityId: number;
  access: CharityDonationAccess;
}

/** The headline figures of a charity's statistics. */
const FIGURES: FigureSpec<Statistics>[] = [
  { label: 'Funds received', value: (data) => formatMoney(data.funds_received) },
  {
    label: 'Gift Aid',
    value: (data) => formatMoney(data.gift_aid),
    note: () => '25% HMRC adds to eligible gifts',
  },
  {
    label: 'Hours given',
    value: (data) => data.volunteering_hours + data.skilled_hours,
    note: (data) => `${data.volunteering_hours} volunteering, ${data.skilled_hours} skilled`,
  },
  { label: 'Gifts', value: (data) => data.gifts_count },
  { label: 'Donors', value: (data) => data.donors },
  { label: 'Waiting for approval', value: (data) => data.awaiting_approval },
];

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
          <FigureGrid statistics={data} figures={FIGURES} />
          <GivingByMonthChart
            rows={data.by_month}
            series={{
              Funds: (month) => month.funds,
              'Gift Aid': (month) => month.gift_aid,
              Hours: (month) => month.hours,
              Gifts: (month) => month.gifts,
            }}
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
