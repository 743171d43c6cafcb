import { Paper, Text } from '@mantine/core';

/** One headline figure of a statistics screen: its label, its value and an optional note. */
export function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} withBorder style={{ overflowWrap: 'anywhere' }}>
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
