import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list of facts about the gift: each a term and its value, wrapping on a narrow phone. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" m={0}>
      {children}
    </Box>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" gap="xs" align="baseline" wrap="wrap" py={2}>
      <Text component="dt" size="sm" c="dimmed" miw="8rem">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}
