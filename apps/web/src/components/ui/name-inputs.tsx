import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** What `NameInputs` uses of a form (Mantine's form has it). */
export interface NameForm {
  getInputProps: (path: 'first_name' | 'last_name') => ComponentProps<typeof TextInput>;
}

/** The two names, each offered to autofill as what it is. */
const NAMES = [
  { path: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { path: 'last_name', label: 'Last name', autoComplete: 'family-name' },
] as const;

/**
 * A person's first and last name, both required and offered to autofill as such; the caller lays
 * them out (in its grid).
 */
export function NameInputs({ form, maxLength }: { form: NameForm; maxLength?: number }) {
  return NAMES.map(({ path, label, autoComplete }) => (
    <TextInput
      key={path}
      label={label}
      required
      autoComplete={autoComplete}
      maxLength={maxLength}
      {...form.getInputProps(path)}
    />
  ));
}
