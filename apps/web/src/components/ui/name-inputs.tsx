import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** What `NameInputs` uses of a form (Mantine's form has it). */
export interface NameForm {
  getInputProps: (path: 'first_name' | 'last_name') => ComponentProps<typeof TextInput>;
}

/**
 * A person's first and last name, both required and offered to autofill as such; the caller lays
 * them out (in its grid).
 */
export function NameInputs({ form, maxLength }: { form: NameForm; maxLength?: number }) {
  return (
    <>
      <TextInput
        label="First name"
        required
        autoComplete="given-name"
        maxLength={maxLength}
        {...form.getInputProps('first_name')}
      />
      <TextInput
        label="Last name"
        required
        autoComplete="family-name"
        maxLength={maxLength}
        {...form.getInputProps('last_name')}
      />
    </>
  );
}
