import { businessCreateBodySchema, businessUpdateBodySchema } from '@kindred/shared';
import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { defineAccountForm } from '@/entities/account';
import {
  emptyOrganisationValues,
  type OrganisationFormValues,
  organisationValues,
  toOrganisationBody,
} from '../lib/organisation-values';

/** An organisation's details form, for adding one and for its profile (both send the same body). */
export const organisationForm = defineAccountForm({
  fields: (form) => <OrganisationFields form={form} />,
  create: {
    initialValues: emptyOrganisationValues,
    schema: businessCreateBodySchema,
    toBody: toOrganisationBody,
  },
  update: { values: organisationValues, schema: businessUpdateBodySchema, toBody: toOrganisationBody },
});

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
        maxLength={5000}
        autosize
        minRows={3}
        {...form.getInputProps('description')}
      />
    </Stack>
  );
}
