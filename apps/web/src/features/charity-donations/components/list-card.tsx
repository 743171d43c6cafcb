import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** One item of the charity's lists (a donation, a giver's refund request): a framed list item named by its title. */
export function ListCard({
  titleId,
  testId,
  children,
}: {
  titleId: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      p="sm"
      withBorder
      component="li"
      aria-labelledby={titleId}
      data-testid={testId}
      style={{ listStyle: 'none' }}
    >
      {children}
    </Paper>
  );
}
