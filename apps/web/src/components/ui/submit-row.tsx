import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SubmitRowProps {
  /** The form is on its way: the button spins. */
  pending?: boolean;
  /** The button ends something for good (it is red). */
  danger?: boolean;
  /** Where the button stands: after the fields (the start) or at the form's end. */
  justify?: 'flex-start' | 'flex-end';
  /** The button's words. */
  children: ReactNode;
}

/** The row that ends a form: its one button, which sends it. */
export function SubmitRow({ pending, danger = false, justify, children }: SubmitRowProps) {
  return (
    <Group justify={justify}>
      <Button type="submit" color={danger ? 'red.9' : undefined} loading={pending}>
        {children}
      </Button>
    </Group>
  );
}
