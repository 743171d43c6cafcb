import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { OrganisationFormValues } from '../lib/organisation-values';

/** The fields of an organisation's profile, for adding one and for editing it. */
export function OrganisationFields({ form }: { form: UseFormReturnType<OrganisationFormValues> }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        maxLength={200}
        autoComplete="organization"
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Company number"
        description="Optional: letters and digits, as registered (for example 01234567)."
        maxLength={20}
        {...form.getInputProps('registration_number')}
      />
      <Textarea
        label="About the organisation"
        description="Optional. What it does and why it gives."
        autosize
        minRows={3}
        maxLength={5000}
        {...form.getInputProps('description')}
      />
    </Stack>
  );
}
