import '@mantine/charts/styles.css';
import { formatDisplayDateTime, STATISTIC_NAMES, type Statistic } from '@kindred/shared';
import { AreaChart } from '@mantine/charts';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { FailedState, LoadingState } from '@/components/ui/states';
import { lastTwelveMonths } from '@/lib/date-range';
import { monthLabel } from '@/lib/format';
import { saveCsv } from '@/lib/save-file';
import { type DateRange, statisticQueries } from '../api/get-statistic';
import { chartValue, formatFigure, statisticsCsv } from '../lib/figures';
import { AdminPage } from './admin-only';

/** The last twelve months, this one included. */
export const defaultRange = (now = new Date()): DateRange => lastTwelveMonths(now);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The range's two days, as the form asks for them. */
const RANGE_ENDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;

function FigureCard({ figure }: { figure: Statistic }) {
  const id = `figure-${figure.name}`;
  const data = figure.series.map((point) => ({
    month: monthLabel(point.month),
    [figure.label]: chartValue(point.value, figure.unit),
  }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {figure.label}
        </Title>
        <Text size="xl" fw={700} data-testid={`value-${figure.name}`}>
          {formatFigure(figure.value, figure.unit)}
        </Text>
        <Text size="sm" c="dimmed">
          {figure.definition}
        </Text>
        <AreaChart
          h={120}
          data={data}
          dataKey="month"
          series={[{ name: figure.label, color: 'indigo.7' }]}
          withDots={false}
          withXAxis={false}
          withYAxis={false}
          gridAxis="none"
          // The table under "By month" carries the same numbers for keyboards and screen readers.
          areaChartProps={{ accessibilityLayer: false }}
          aria-hidden="true"
        />
        <details>
          <summary>By month</summary>
          <Table striped aria-label={`${figure.label} by month`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col">{figure.label}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figure.series.map((point) => (
                <Table.Tr key={point.month}>
                  <Table.Th scope="row">{monthLabel(point.month)}</Table.Th>
                  <Table.Td>{formatFigure(point.value, figure.unit)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Stack>
    </Paper>
  );
}

/** `/admin/statistics`: the platform's figures for a date range, by month, with their definitions. */
export function StatisticsDashboard() {
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [draft, setDraft] = useState<DateRange>(range);
  const [error, setError] = useState<{ from?: string; to?: string }>({});
  const results = useQueries({
    queries: STATISTIC_NAMES.map((name) => statisticQueries.one(name, range)),
  });
  const figures = results.flatMap((result) => (result.data ? [result.data] : []));
  const failed = results.find((result) => result.isError && !result.data);
  const computedAt = figures[0]?.computed_at;

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const next: { from?: string; to?: string } = {};
    if (!DAY_PATTERN.test(draft.from)) next.from = 'Enter the first day.';
    if (!DAY_PATTERN.test(draft.to)) next.to = 'Enter the last day.';
    if (!next.from && !next.to && draft.from > draft.to) next.to = 'The end must be on or after the start.';
    setError(next);
    if (!next.from && !next.to) setRange(draft);
  };

  return (
    <AdminPage
      title="Statistics"
      size="xl"
      description={<Text>The platform&apos;s figures for a date range, month by month.</Text>}
    >
      <Paper withBorder p="md" component="form" onSubmit={apply} noValidate aria-label="Date range">
        <Group align="flex-end" gap="md" wrap="wrap">
          {RANGE_ENDS.map(({ end, label }) => (
            <TextInput
              key={end}
              type="date"
              label={label}
              value={draft[end]}
              error={error[end]}
              onChange={(event) => setDraft({ ...draft, [end]: event.currentTarget.value })}
            />
          ))}
          <Button type="submit">Show</Button>
          <Button
            variant="default"
            disabled={figures.length < STATISTIC_NAMES.length}
            onClick={() =>
              saveCsv(statisticsCsv(figures), `kindred-statistics-${range.from}-${range.to}.csv`)
            }
          >
            Export CSV
          </Button>
        </Group>
      </Paper>
      <Text size="sm" role="status">
        {computedAt
          ? `Showing ${range.from} to ${range.to}. Figures computed ${formatDisplayDateTime(computedAt)}; they are refreshed every 10 minutes.`
          : 'Loading the figures…'}
      </Text>
      {failed ? (
        <FailedState
          title="Some figures could not be loaded."
          error={failed.error}
          onRetry={failed.refetch}
        />
      ) : null}
      {figures.length === 0 && !failed ? <LoadingState label="Loading the statistics…" /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {figures.map((figure) => (
          <FigureCard key={figure.name} figure={figure} />
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
