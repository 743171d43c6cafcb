import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A public page's "About": what the charity or group wrote of itself, then anything more. */
export function AboutSection({
  what,
  description,
  children,
}: {
  what: 'charity' | 'group';
  description: string | null;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-label="About">
      <Stack gap="sm">
        <Title order={2} size="h3">
          About
        </Title>
        {description ? (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>
        ) : (
          <Text>This {what} has not written a description yet.</Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
