import '@mantine/charts/styles.css';
import { formatMoney } from '@kindred/shared';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import type { CharityDonationAccess } from '@/entities/charity';
import { charityDonationQueries } from '@/entities/donation';
import { monthLabel } from '../lib/months';

export interface CharityStatisticsProps {
  charityId: number;
  access: CharityDonationAccess;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper p="md" withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {note ? <Text size="sm">{note}</Text> : null}
    </Paper>
  );
}

/** Money in major units for the charts' axes (the tooltips show it formatted). */
const major = (amount: number) => amount / 100;

/** `/charity/statistics`: what the charity received, in total and by month, with charts. */
export function CharityStatistics({ charityId, access }: CharityStatisticsProps) {
  const statistics = useQuery({ ...charityDonationQueries.statistics(charityId), enabled: access.read });
  const heading = (
    <Title order={2} size="h3" id="statistics-heading">
      Statistics
    </Title>
  );
  if (!access.read) {
    return (
      <Paper p="lg" withBorder component="section" aria-labelledby="statistics-heading">
        {heading}
        <Text mt="sm">You need the View finance permission to see the charity&apos;s statistics.</Text>
      </Paper>
    );
  }
  if (statistics.isPending) return <LoadingState label="Loading the statistics…" />;
  if (!statistics.data) {
    return (
      <FailedState
        title="The statistics could not be loaded."
        error={statistics.error}
        onRetry={statistics.refetch}
      />
    );
  }
  const data = statistics.data;
  const months = data.by_month.map((month) => ({
    month: monthLabel(month.month),
    Funds: major(month.funds),
    'Gift Aid': major(month.gift_aid),
    Hours: month.hours,
    Gifts: month.gifts,
  }));
  const money = (value: number) => formatMoney(Math.round(value * 100));

  return (
    <Stack gap="md" component="section" aria-labelledby="statistics-heading">
      {heading}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label="Funds received" value={formatMoney(data.funds_received)} />
        <Figure label="Gift Aid" value={formatMoney(data.gift_aid)} note="25% HMRC adds to eligible gifts" />
        <Figure
          label="Hours given"
          value={`${data.volunteering_hours + data.skilled_hours}`}
          note={`${data.volunteering_hours} volunteering, ${data.skilled_hours} skilled`}
        />
        <Figure label="Gifts" value={String(data.gifts_count)} />
        <Figure label="Donors" value={String(data.donors)} />
        <Figure label="Waiting for approval" value={String(data.awaiting_approval)} />
      </SimpleGrid>
      {months.length === 0 ? (
        <EmptyState>
          Nothing received yet. Each month&apos;s funds, Gift Aid, hours and gifts show here once people give.
        </EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper p="md" withBorder component="figure" m={0} aria-labelledby="chart-funds">
              <Title order={3} size="h5" id="chart-funds" mb="sm">
                Funds and Gift Aid by month
              </Title>
              <BarChart
                h={240}
                data={months}
                dataKey="month"
                series={[
                  { name: 'Funds', color: 'indigo.7' },
                  { name: 'Gift Aid', color: 'teal.8' },
                ]}
                valueFormatter={money}
                withLegend
                // The table below carries the same numbers for keyboards and screen readers.
                barChartProps={{ accessibilityLayer: false }}
                aria-hidden="true"
              />
            </Paper>
            <Paper p="md" withBorder component="figure" m={0} aria-labelledby="chart-time">
              <Title order={3} size="h5" id="chart-time" mb="sm">
                Hours and gifts by month
              </Title>
              <BarChart
                h={240}
                data={months}
                dataKey="month"
                series={[
                  { name: 'Hours', color: 'grape.7' },
                  { name: 'Gifts', color: 'orange.8' },
                ]}
                withLegend
                // The table below carries the same numbers for keyboards and screen readers.
                barChartProps={{ accessibilityLayer: false }}
                aria-hidden="true"
              />
            </Paper>
          </SimpleGrid>
          <Paper p="md" withBorder>
            <ResponsiveTable
              striped
              caption="By month"
              rows={data.by_month}
              rowKey={(month) => month.month}
              columns={[
                { header: 'Month', rowHeader: true, cell: (month) => monthLabel(month.month) },
                { header: 'Funds', cell: (month) => formatMoney(month.funds) },
                { header: 'Gift Aid', cell: (month) => formatMoney(month.gift_aid) },
                { header: 'Hours', cell: (month) => month.hours },
                { header: 'Gifts', cell: (month) => month.gifts },
              ]}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
