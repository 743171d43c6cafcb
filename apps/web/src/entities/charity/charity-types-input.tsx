import { CHARITY_TYPES } from '@kindred/shared';
import { Checkbox, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CharityTypesInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
  label?: string;
  description?: string;
}

/** The 18 charity types (docs/product/reference-lists.md#choices-people-make) as a group of checkboxes. */
export function CharityTypesInput({
  value,
  onChange,
  error,
  label = 'Charity types',
  description,
}: CharityTypesInputProps) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk={false}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
        {CHARITY_TYPES.map((type) => (
          <Checkbox key={type.id} value={String(type.id)} label={type.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
