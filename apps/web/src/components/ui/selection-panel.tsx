import { Checkbox, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SelectAllProps {
  /** E.g. 'Select all on this page'. */
  label: string;
  /** The ids of the rows shown. */
  shownIds: number[];
  /** How many of them are chosen. */
  chosenCount: number;
  /** Chooses every row shown, or none. */
  onSelect: (ids: ReadonlySet<number>) => void;
  disabled?: boolean;
}

/** The checkbox that chooses every row shown, or none; part-checked while only some are chosen. */
export function SelectAllCheckbox({ label, shownIds, chosenCount, onSelect, disabled }: SelectAllProps) {
  const all = shownIds.length > 0 && chosenCount === shownIds.length;
  return (
    <Checkbox
      label={label}
      checked={all}
      indeterminate={chosenCount > 0 && !all}
      disabled={disabled}
      onChange={(event) => onSelect(new Set(event.currentTarget.checked ? shownIds : []))}
    />
  );
}

/**
 * The bar above a list whose rows are chosen to act on together: select all, what is chosen (a
 * status line) and the action; `children` under them.
 */
export function SelectionPanel({
  name,
  status,
  action,
  children,
  ...selectAll
}: SelectAllProps & {
  /** The panel's accessible name, e.g. 'Selected donations'. */
  name: string;
  status: ReactNode;
  action: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={name}>
      <Group justify="space-between" gap="sm">
        <SelectAllCheckbox {...selectAll} />
        <Group gap="sm">
          <Text size="sm" role="status">
            {status}
          </Text>
          {action}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
