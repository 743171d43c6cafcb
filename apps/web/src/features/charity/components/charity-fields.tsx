import { charityCreateBodySchema, charityUpdateBodySchema } from '@kindred/shared';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { defineAccountForm } from '@/entities/account';
import { CharityTypesInput } from '@/entities/charity';
import { FormPlaceInputs } from '@/entities/places';
import {
  type CharityFormValues,
  charityValues,
  emptyCharityValues,
  toCharityCreateBody,
  toCharityUpdateBody,
} from '../lib/charity-values';

/** The fields of a charity's profile, shared by registration and the profile screen. */
export function CharityFields({ form }: { form: UseFormReturnType<CharityFormValues> }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Charity name"
          required
          autoComplete="organization"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Registered charity number"
          description="For example 1234567, SC012345 or NIC100011."
          {...form.getInputProps('registration_number')}
        />
      </SimpleGrid>
      <CharityTypesInput
        value={form.values.charity_types}
        onChange={(value) => form.setFieldValue('charity_types', value)}
        error={form.errors.charity_types}
        description="Choose at least one."
      />
      <Textarea
        label="Description"
        description="What the charity does, for whom and where."
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Website" type="url" autoComplete="url" {...form.getInputProps('website')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
      </SimpleGrid>
      <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
      <FormPlaceInputs form={form} />
    </Stack>
  );
}

/** A charity's details form, for registering one and for its profile. */
export const charityForm = defineAccountForm({
  fields: (form) => <CharityFields form={form} />,
  // The API names the town's point and name; the form has one town field.
  fieldMap: { latitude: 'city_id', longitude: 'city_id', city: 'city_id' },
  create: { initialValues: emptyCharityValues, schema: charityCreateBodySchema, toBody: toCharityCreateBody },
  update: { values: charityValues, schema: charityUpdateBodySchema, toBody: toCharityUpdateBody },
});
