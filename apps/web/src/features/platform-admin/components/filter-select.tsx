import { Select } from '@mantine/core';

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
