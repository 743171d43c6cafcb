import { Checkbox, Code, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChoiceGroupProps<Code extends string> {
  label: string;
  description?: string;
  /** The API's names of the choices this account may make ('donation.made', 'donations:read'). */
  codes: readonly Code[];
  /** What each means, for people (the shared lists' labels). */
  meanings: Record<Code, { label: string }>;
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
}

/**
 * A required checkbox group of an account's choices (events, scopes): each box labelled by what it
 * means, with the API's name under it; the form's message for the group shows beneath it.
 */
export function ChoiceGroup<C extends string>({ codes, meanings, ...group }: ChoiceGroupProps<C>) {
  return (
    <Checkbox.Group withAsterisk={false} {...group}>
      <Stack gap="xs" mt="xs">
        {codes.map((code) => (
          <Checkbox key={code} value={code} label={meanings[code].label} description={<Code>{code}</Code>} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** A form's list field as a ChoiceGroup takes it: its value, its change and its message. */
export function choicesOf<Field extends string>(
  form: {
    values: Record<Field, string[]>;
    errors: Record<string, ReactNode>;
    setFieldValue: (field: Field, value: string[]) => void;
  },
  field: Field,
) {
  return {
    value: form.values[field],
    onChange: (value: string[]) => form.setFieldValue(field, value),
    error: form.errors[field],
  };
}
