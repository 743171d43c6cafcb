import { formatMoney, type Statistic, type StatisticUnit, toMajorUnits } from '@kindred/shared';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** A figure as people read it: money formatted, hours and counts with thousands separators. */
export function formatFigure(value: number, unit: StatisticUnit | string): string {
  if (unit === 'money') return formatMoney(value);
  const text = new Intl.NumberFormat('en-GB').format(value);
  return unit === 'hours' ? `${text} ${value === 1 ? 'hour' : 'hours'}` : text;
}

/** Money in major units for a chart's axis; other figures as they are. */
export const chartValue = (value: number, unit: string) => (unit === 'money' ? toMajorUnits(value) : value);

/**
 * The dashboard as CSV: one row per figure with its total for the range, its definition, and one
 * column per month (money in minor units, as the API answers it).
 */
export function statisticsCsv(figures: Statistic[]): string {
  const months = figures[0]?.series.map((point) => point.month) ?? [];
  const rows = figures.map((figure) => [
    figure.name,
    figure.label,
    figure.unit === 'money' ? 'minor units' : figure.unit,
    figure.from,
    figure.to,
    figure.value,
    ...figure.series.map((point) => point.value),
    figure.definition,
    figure.computed_at,
  ]);
  return stringify([
    ['name', 'figure', 'unit', 'from', 'to', 'total', ...months, 'definition', 'computed_at'],
    ...rows,
  ]);
}
