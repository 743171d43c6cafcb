import '@mantine/charts/styles.css';
import { formatMoney, toMajorUnits } from '@kindred/shared';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { monthLabel } from '@/lib/format';

/** A chart's value (major units) formatted as money. */
export const chartMoney = (value: number) => formatMoney(Math.round(value * 100));

/** A chart in a titled figure; the table beside it carries the same numbers for screen readers. */
export function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper p="md" withBorder component="figure" m={0} aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The measures of giving, each with the same colour on every statistics screen; money in minor units. */
const MEASURES = {
  Funds: { color: 'indigo.7', money: true },
  'Gift Aid': { color: 'teal.8', money: true },
  Hours: { color: 'grape.7', money: false },
  Gifts: { color: 'orange.8', money: false },
} as const;

/** A measure of giving: the name of a chart's series and of the table's column. */
export type Measure = keyof typeof MEASURES;

/** The value of each measure shown, in a month's row; in the table's column order. */
export type MonthSeries<Row> = { [M in Measure]?: (row: Row) => number };

/** One bar chart of some of the series. */
export interface MonthChart {
  id: string;
  title: string;
  series: Measure[];
}

export interface GivingByMonthChartProps<Row extends { month: string }> {
  /** One row a month, 'YYYY-MM'. */
  rows: Row[];
  /** Every measure, in the table's column order. */
  series: MonthSeries<Row>;
  charts: MonthChart[];
  /** What shows when there is no month yet. */
  empty: ReactNode;
  height?: number;
  /** Further chart cards beside the monthly ones. */
  children?: ReactNode;
}

/**
 * Giving by month: bar charts of the chosen series (hidden from assistive technology) and the
 * "By month" table with the same numbers, or the empty state when there is no month.
 */
export function GivingByMonthChart<Row extends { month: string }>({
  rows,
  series,
  charts,
  empty,
  height = 240,
  children,
}: GivingByMonthChartProps<Row>) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const measures = (Object.keys(series) as Measure[]).flatMap((name) => {
    const value = series[name];
    return value ? [{ name, value, ...MEASURES[name] }] : [];
  });
  const data = rows.map((row) => {
    const point: Record<string, string | number> = { month: monthLabel(row.month) };
    for (const s of measures) point[s.name] = s.money ? toMajorUnits(s.value(row)) : s.value(row);
    return point;
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {charts.map((chart) => {
          const shown = measures.filter((s) => chart.series.includes(s.name));
          return (
            <ChartCard key={chart.id} id={chart.id} title={chart.title}>
              <BarChart
                h={height}
                data={data}
                dataKey="month"
                series={shown.map((s) => ({ name: s.name, color: s.color }))}
                valueFormatter={shown.every((s) => s.money) ? chartMoney : undefined}
                withLegend={shown.length > 1}
                // The table below carries the same numbers for keyboards and screen readers.
                barChartProps={{ accessibilityLayer: false }}
                aria-hidden="true"
              />
            </ChartCard>
          );
        })}
        {children}
      </SimpleGrid>
      <Paper p="md" withBorder>
        <ResponsiveTable
          striped
          caption="By month"
          rows={rows}
          // On a phone, the latest three months until "Show all".
          phoneRows={3}
          phoneRowsAtEnd
          rowKey={(row) => row.month}
          columns={[
            { header: 'Month', rowHeader: true, cell: (row) => monthLabel(row.month) },
            ...measures.map((s) => ({
              header: s.name,
              cell: (row: Row) => (s.money ? formatMoney(s.value(row)) : s.value(row)),
            })),
          ]}
        />
      </Paper>
    </>
  );
}
