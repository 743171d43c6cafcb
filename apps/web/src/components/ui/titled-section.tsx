import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TitledSectionProps {
  /** The heading's id: the section is labelled by its heading. */
  id: string;
  title: ReactNode;
  /**
   * 'panel': a framed section of a screen (h2); 'card': a framed part of a section (h3);
   * 'plain': an unframed section of a screen (h2); 'tile': a framed section of a dashboard (a
   * smaller h2).
   */
  variant?: 'panel' | 'card' | 'plain' | 'tile';
  /** Beside the heading (a button or a filter). */
  action?: ReactNode;
  /** How the action lines up with the heading (a labelled input lines up at the bottom). */
  actionAlign?: 'center' | 'flex-end';
  children?: ReactNode;
}

const LOOK = {
  panel: { order: 2, size: 'h3', padding: 'lg', gap: 'md' },
  card: { order: 3, size: 'h4', padding: 'md', gap: 'sm' },
  plain: { order: 2, size: 'h3', padding: undefined, gap: 'md' },
  tile: { order: 2, size: 'h4', padding: 'lg', gap: 'sm' },
} as const;

/** A section with its heading (and an action beside it), framed or not. */
export function TitledSection({
  id,
  title,
  variant = 'panel',
  action,
  actionAlign = 'center',
  children,
}: TitledSectionProps) {
  const look = LOOK[variant];
  const heading = (
    <Title order={look.order} size={look.size} id={id}>
      {title}
    </Title>
  );
  const top = action ? (
    <Group justify="space-between" align={actionAlign}>
      {heading}
      {action}
    </Group>
  ) : (
    heading
  );
  if (variant === 'plain') {
    return (
      <Stack gap={look.gap} component="section" aria-labelledby={id}>
        {top}
        {children}
      </Stack>
    );
  }
  return (
    <Paper p={look.padding} withBorder component="section" aria-labelledby={id}>
      <Stack gap={look.gap}>
        {top}
        {children}
      </Stack>
    </Paper>
  );
}
