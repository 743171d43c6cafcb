import '@mantine/charts/styles.css';
import { type DonorStatistics, formatMoney } from '@kindred/shared';
import { BarChart, DonutChart } from '@mantine/charts';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { monthLabel } from '@/lib/format';
import { statisticsQuery } from '../api/get-statistics';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

function hours(n: number): string {
  return `${n} ${n === 1 ? 'hour' : 'hours'}`;
}

function isEmpty(stats: DonorStatistics): boolean {
  return (
    stats.funds_given === 0 &&
    stats.volunteering_hours === 0 &&
    stats.skilled_hours === 0 &&
    stats.gifts_count === 0 &&
    stats.projects_supported === 0 &&
    stats.charities_supported === 0
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function MonthTable({ stats }: { stats: DonorStatistics }) {
  return (
    <ResponsiveTable
      striped
      caption="Your giving by month"
      rows={stats.by_month}
      rowKey={(m) => m.month}
      columns={[
        { header: 'Month', rowHeader: true, cell: (m) => <Text span>{monthLabel(m.month)}</Text> },
        { header: 'Funds', align: 'right', cell: (m) => formatMoney(m.funds) },
        { header: 'Gift Aid', align: 'right', cell: (m) => formatMoney(m.gift_aid) },
        { header: 'Hours', align: 'right', cell: (m) => m.hours },
        { header: 'Gifts', align: 'right', cell: (m) => m.gifts },
      ]}
    />
  );
}

/** What the donor has given in all, and by month as charts (with the same numbers as a table). */
export function TotalsTab() {
  const query = useQuery(statisticsQuery());
  const [asTable, setAsTable] = useState(false);
  if (query.isError)
    return (
      <FailedState title="Your totals could not be loaded" error={query.error} onRetry={query.refetch} />
    );
  const stats = query.data;
  if (!stats) return <LoadingState label="Loading your totals…" />;
  if (isEmpty(stats))
    return (
      <EmptyState
        action={
          <Anchor component={Link} to="/explore">
            Explore projects to support
          </Anchor>
        }
      >
        You have not given yet, so there is nothing to add up. Every gift of funds, time, skills or goods
        counts here.
      </EmptyState>
    );

  const months = stats.by_month.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const moneyParts = [
    { name: 'Funds given', value: stats.funds_given, color: 'indigo.7' },
    { name: 'Gift Aid added', value: stats.gift_aid_added, color: 'teal.7' },
    { name: 'Value of gifts', value: stats.gifts_value, color: 'orange.7' },
  ].filter((part) => part.value > 0);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Funds given" value={formatMoney(stats.funds_given)} />
        <Stat label="Gift Aid added" value={formatMoney(stats.gift_aid_added)} />
        <Stat label="Volunteering" value={hours(stats.volunteering_hours)} />
        <Stat label="Skilled volunteering" value={hours(stats.skilled_hours)} />
        <Stat label="Gifts" value={String(stats.gifts_count)} />
        <Stat label="Value of gifts" value={formatMoney(stats.gifts_value)} />
        <Stat label="Projects supported" value={String(stats.projects_supported)} />
        <Stat label="Charities supported" value={String(stats.charities_supported)} />
      </SimpleGrid>

      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
          {asTable ? 'Show as charts' : 'Show as a table'}
        </Button>
      </Group>

      {asTable ? (
        <MonthTable stats={stats} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <ChartCard title="Funds and Gift Aid by month">
            <BarChart
              h={240}
              data={months}
              dataKey="label"
              type="stacked"
              withLegend
              valueFormatter={(value) => formatMoney(value)}
              yAxisProps={{ width: 80 }}
              series={[
                { name: 'funds', label: 'Funds', color: 'indigo.7' },
                { name: 'gift_aid', label: 'Gift Aid', color: 'teal.7' },
              ]}
              aria-label="Bar chart of funds and Gift Aid by month"
              role="img"
            />
          </ChartCard>
          <ChartCard title="Hours and gifts by month">
            <BarChart
              h={240}
              data={months}
              dataKey="label"
              withLegend
              series={[
                { name: 'hours', label: 'Hours', color: 'grape.7' },
                { name: 'gifts', label: 'Gifts', color: 'orange.7' },
              ]}
              aria-label="Bar chart of volunteered hours and gifts by month"
              role="img"
            />
          </ChartCard>
          {moneyParts.length > 0 ? (
            <ChartCard title="What your giving is made of">
              <Group gap="lg" wrap="wrap">
                <DonutChart
                  data={moneyParts}
                  valueFormatter={(value) => formatMoney(value)}
                  chartLabel={formatMoney(moneyParts.reduce((sum, p) => sum + p.value, 0))}
                  aria-label="Donut chart of funds, Gift Aid and the value of gifts"
                  role="img"
                />
                <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {moneyParts.map((part) => (
                    <Text component="li" size="sm" key={part.name}>
                      {`${part.name}: ${formatMoney(part.value)}`}
                    </Text>
                  ))}
                </Stack>
              </Group>
            </ChartCard>
          ) : null}
        </SimpleGrid>
      )}
    </Stack>
  );
}
