import { Paper, SimpleGrid, Text } from '@mantine/core';

/** One headline figure of a statistics screen: its label, its value and an optional note. */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  /** The value's test id. */
  testId?: string;
}) {
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} withBorder style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {note ? <Text size="sm">{note}</Text> : null}
    </Paper>
  );
}

/** One headline figure read from a screen's statistics: its label, value and optional note. */
export interface FigureSpec<T> {
  label: string;
  value: (statistics: T) => string | number;
  note?: (statistics: T) => string;
}

export interface FigureGridProps<T> {
  statistics: T;
  figures: FigureSpec<T>[];
  /** Two figures a row on a phone, closer together (a long report stays a few screens long). */
  dense?: boolean;
}

/** The headline figures of a statistics screen, in a grid of four a row on a wide screen. */
export function FigureGrid<T>({ statistics, figures, dense = false }: FigureGridProps<T>) {
  return (
    <SimpleGrid
      cols={dense ? { base: 2, md: 4 } : { base: 1, xs: 2, md: 4 }}
      spacing={dense ? { base: 'xs', sm: 'md' } : undefined}
    >
      {figures.map((figure) => (
        <Figure
          key={figure.label}
          label={figure.label}
          value={String(figure.value(statistics))}
          note={figure.note?.(statistics)}
        />
      ))}
    </SimpleGrid>
  );
}
