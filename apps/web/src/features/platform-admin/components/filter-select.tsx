import { Group, Paper, Select } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { PagePosition } from '@/components/ui/pager';

/** One choice of a filter: what the query carries, and what the admin reads. */
export interface FilterChoice<Value extends string> {
  value: Value;
  label: string;
}

/** One filter of an admin list, chosen from its choices (one is always chosen). */
export function FilterSelect<Value extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: Value;
  choices: readonly FilterChoice<Value>[];
  onChange: (value: Value | null) => void;
}) {
  return (
    <Select
      label={label}
      value={value}
      data={choices}
      allowDeselect={false}
      onChange={(next) => onChange(next as Value | null)}
    />
  );
}

/** An admin list's filters side by side (wrapping on a phone), a search landmark named `label`. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="search" aria-label={label}>
      <Group gap="md" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

/**
 * An admin list's filters and the page it shows: `change` sets some filters and goes back to the
 * first page (and calls `onChange`, e.g. to forget what was chosen on the page).
 */
export function useListFilters<Filters>(initial: Filters, onChange?: () => void) {
  const [filters, setFilters] = useState(initial);
  const [position, setPosition] = useState<PagePosition>({});
  const change = (next: Partial<Filters>) => {
    setFilters({ ...filters, ...next });
    setPosition({});
    onChange?.();
  };
  return { filters, position, setPosition, change };
}
