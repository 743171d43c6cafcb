import { GROUP_TYPE } from '@kindred/shared';
import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface GroupFormValues {
  name: string;
  description: string;
  type: string;
  business_id: string;
  requires_approval: boolean;
  is_public: boolean;
}

export interface BusinessChoice {
  value: string;
  label: string;
}

/** The fields of a group: with `businesses`, creating one also chooses its type (and organisation). */
export function GroupFields({
  form,
  businesses,
}: {
  form: UseFormReturnType<GroupFormValues>;
  businesses?: BusinessChoice[];
}) {
  const creating = businesses !== undefined;
  const types = [
    { value: String(GROUP_TYPE.individual), label: 'Individual' },
    { value: String(GROUP_TYPE.franchise), label: 'Franchise' },
    ...(businesses && businesses.length > 0
      ? [{ value: String(GROUP_TYPE.organisation), label: 'Organisation' }]
      : []),
  ];
  return (
    <Stack gap="md">
      <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
      <Textarea
        label="About the group"
        description="Optional. Who it is for and what it gives to."
        autosize
        minRows={3}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      {creating ? (
        <Select label="Type" required data={types} allowDeselect={false} {...form.getInputProps('type')} />
      ) : null}
      {creating && form.values.type === String(GROUP_TYPE.organisation) ? (
        <Select
          label="Organisation"
          required
          data={businesses}
          allowDeselect={false}
          {...form.getInputProps('business_id')}
        />
      ) : null}
      <Switch
        label="New members need an admin's approval"
        description="People who enter the PIN ask to join; an admin accepts or declines."
        {...form.getInputProps('requires_approval', { type: 'checkbox' })}
      />
      <Switch
        label="Show the group on Explore"
        description="Anyone signed in can see a public group; joining still needs its PIN."
        {...form.getInputProps('is_public', { type: 'checkbox' })}
      />
    </Stack>
  );
}

export const emptyGroupValues: GroupFormValues = {
  name: '',
  description: '',
  type: String(GROUP_TYPE.individual),
  business_id: '',
  requires_approval: false,
  is_public: true,
};

/** The body of `POST /group/create` from the form. */
export function toCreateBody(values: GroupFormValues) {
  const type = Number(values.type);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    type,
    requires_approval: values.requires_approval,
    is_public: values.is_public,
    ...(type === GROUP_TYPE.organisation && values.business_id
      ? { business_id: Number(values.business_id) }
      : {}),
  };
}

/** The body of `PATCH /group/update/{id}` from the form. */
export function toUpdateBody(values: GroupFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    requires_approval: values.requires_approval,
    is_public: values.is_public,
  };
}
