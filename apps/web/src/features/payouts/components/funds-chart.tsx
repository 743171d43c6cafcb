import '@mantine/charts/styles.css';
import { type FundsMonth, formatMoney, toMajorUnits } from '@kindred/shared';
import { BarChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChartCard, chartMoney } from '@/components/ui/giving-by-month-chart';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { monthLabel } from '@/lib/format';
import { fundsByMonthQuery } from '../api/get-funds-by-month';

/** The chart's series: each a colour of the statistics screens' palette. */
const SERIES = [
  { name: 'Received', value: (month: FundsMonth) => month.received, color: 'indigo.7' },
  { name: 'Refunded', value: (month: FundsMonth) => month.refunded, color: 'orange.8' },
  { name: 'Paid out', value: (month: FundsMonth) => month.paid_out, color: 'teal.8' },
] as const;

const isQuiet = (months: FundsMonth[]) =>
  months.every((month) => month.received === 0 && month.refunded === 0 && month.paid_out === 0);

function MonthsChart({ months }: { months: FundsMonth[] }) {
  const data = months.map((month) => {
    const point: Record<string, string | number> = { month: monthLabel(month.month) };
    for (const series of SERIES) point[series.name] = toMajorUnits(series.value(month));
    return point;
  });
  return (
    <Stack gap="sm">
      <ChartCard id="funds-by-month-chart" title="Received, refunded and paid out">
        <BarChart
          h={240}
          data={data}
          dataKey="month"
          series={SERIES.map((series) => ({ name: series.name, color: series.color }))}
          valueFormatter={chartMoney}
          withLegend
          // The table below carries the same numbers for keyboards and screen readers.
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden="true"
        />
      </ChartCard>
      <ResponsiveTable
        striped
        caption="By month"
        rows={months}
        // On a phone, the latest three months until "Show all".
        phoneRows={3}
        phoneRowsAtEnd
        rowKey={(month) => month.month}
        columns={[
          { header: 'Month', rowHeader: true, cell: (month) => monthLabel(month.month) },
          ...SERIES.map((series) => ({
            header: series.name,
            cell: (month: FundsMonth) => formatMoney(series.value(month)),
          })),
        ]}
      />
    </Stack>
  );
}

/** The last twelve months of the charity's money: received, refunded to givers and paid out. */
export function FundsByMonth({ charityId }: { charityId: number }) {
  const byMonth = useQuery(fundsByMonthQuery(charityId));
  return (
    <QueryState
      query={byMonth}
      loading="Loading the last 12 months…"
      failed="The last 12 months could not be loaded."
      isEmpty={(data) => isQuiet(data.months)}
      empty={
        <EmptyState variant="text">
          Nothing received, refunded or paid out in the last 12 months. Each month shows here once money
          moves.
        </EmptyState>
      }
    >
      {(data) => <MonthsChart months={data.months} />}
    </QueryState>
  );
}
