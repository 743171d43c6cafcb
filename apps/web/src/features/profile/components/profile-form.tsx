import '@mantine/dates/styles.css';
import {
  GENDERS,
  isValidNino,
  normaliseNino,
  notWhitespace,
  type User,
  type UserUpdateBody,
  userUpdateBodySchema,
} from '@kindred/shared';
import { NativeSelect, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { DateField } from '@/components/ui/date-field';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { NameInputs } from '@/components/ui/name-inputs';
import { SubmitRow } from '@/components/ui/submit-row';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { placeQueries } from '@/entities/places';
import { session } from '@/entities/session';
import {
  mergeErrors,
  messageOf,
  schemaErrors,
  submitToServer,
  useAccessibleForm,
  useServerErrors,
} from '@/lib/form';
import { useUpdateUser } from '../api/update-user';
import { CityAutocomplete } from './city-autocomplete';

/**
 * Birth dates use the mm/dd date input (docs/product/dates.md) with a four-digit year: a two-digit
 * year cannot tell 1985 from 2085. Typed dates are read by the shared parser, which takes both
 * forms.
 */
export const BIRTH_DATE_FORMAT = 'MM/DD/YYYY';

export interface ProfileValues {
  first_name: string;
  last_name: string;
  address: string;
  national_insurance_number: string;
  gender: string | null;
  birth_date: string | null;
  phone: string;
  state_id: string | null;
  city: string;
  post_code: string;
  user_description: string;
  tax_refund: boolean;
  is_public: boolean;
}

export function profileValues(user: User): ProfileValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    address: user.address ?? '',
    national_insurance_number: user.national_insurance_number ?? '',
    gender: user.gender ?? null,
    birth_date: user.birth_date ? user.birth_date.slice(0, 10) : null,
    phone: user.phone ?? '',
    state_id: user.state_id === null ? null : String(user.state_id),
    city: user.city ?? '',
    post_code: user.post_code ?? '',
    user_description: user.user_description ?? '',
    tax_refund: user.tax_refund,
    is_public: user.is_public,
  };
}

const blankToNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
};

/** The PATCH /user/update body of the form's values. */
export function toUpdateBody(values: ProfileValues): UserUpdateBody {
  const nino = blankToNull(values.national_insurance_number);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    address: blankToNull(values.address),
    national_insurance_number: nino ? normaliseNino(nino) : null,
    gender: (values.gender as UserUpdateBody['gender']) ?? null,
    birth_date: values.birth_date || null,
    phone: blankToNull(values.phone),
    state_id: values.state_id ? Number(values.state_id) : null,
    city: blankToNull(values.city),
    post_code: blankToNull(values.post_code)?.toUpperCase() ?? null,
    user_description: blankToNull(values.user_description),
    tax_refund: values.tax_refund,
    is_public: values.is_public,
  };
}

function validate(values: ProfileValues): FormErrors {
  const nino = values.national_insurance_number.trim();
  const today = dayjs().format('YYYY-MM-DD');
  return mergeErrors(
    {
      first_name: messageOf(notWhitespace(values.first_name)),
      last_name: messageOf(notWhitespace(values.last_name)),
      national_insurance_number: nino && !isValidNino(nino) ? messageOf({ nino: true }) : null,
      birth_date:
        values.birth_date && values.birth_date > today ? 'Your birth date cannot be in the future.' : null,
    },
    schemaErrors(userUpdateBodySchema, toUpdateBody(values)),
  );
}

export function ProfileForm({ user }: { user: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdateUser();
  const form = useAccessibleForm<ProfileValues>({
    initialValues: profileValues(user),
    validate,
    validateInputOnBlur: true,
  });
  // The stored user shows first; the fresh one from GET /user/get (start-up) may arrive after the
  // form is on screen. Fields the person has not touched follow it, so that saving never writes
  // stale values back; edits in progress are kept.
  const freshValues = JSON.stringify(profileValues(user));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the user's profile changes.
  useEffect(() => {
    const next = JSON.parse(freshValues) as ProfileValues;
    const current = form.getValues();
    const merged = { ...next };
    for (const key of Object.keys(next) as Array<keyof ProfileValues>) {
      if (form.isDirty(key)) Object.assign(merged, { [key]: current[key] });
    }
    form.setInitialValues(next);
    form.setValues(merged);
  }, [freshValues]);
  const states = useQuery(placeQueries.regions());
  const stateId = form.values.state_id ? Number(form.values.state_id) : null;

  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const { user: updated } = await mutation.mutateAsync(toUpdateBody(values));
    session.updateUser(updated);
    form.setInitialValues(profileValues(updated));
    form.setValues(profileValues(updated));
    form.resetDirty();
    toast.success(SUCCESS_TOASTS.updateSuccessful.summary);
  });

  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Edit profile">
      <FormRefusal message={server.refusal} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NameInputs form={form} />
        <NativeSelect
          label="Gender"
          data={[
            { value: '', label: 'Not given' },
            ...GENDERS.map((gender) => ({ value: gender.id, label: gender.label })),
          ]}
          {...form.getInputProps('gender')}
          value={form.values.gender ?? ''}
          onChange={(event) => form.setFieldValue('gender', event.currentTarget.value || null)}
        />
        <DateField
          label="Birth date"
          description="mm/dd/yyyy"
          placeholder="mm/dd/yyyy"
          valueFormat={BIRTH_DATE_FORMAT}
          maxDate={dayjs().format('YYYY-MM-DD')}
          {...form.getInputProps('birth_date', { typed: true })}
          value={form.values.birth_date}
        />
        <TextInput
          label="National Insurance number"
          description="For example AB 12 34 56 C."
          autoComplete="off"
          {...form.getInputProps('national_insurance_number')}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
      </SimpleGrid>
      <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label="State"
          data={[
            { value: '', label: states.isPending ? 'Loading states…' : 'Not given' },
            ...(states.data?.items ?? []).map((state) => ({ value: String(state.id), label: state.name })),
          ]}
          {...form.getInputProps('state_id')}
          value={form.values.state_id ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value || null;
            if (value !== form.values.state_id) form.setFieldValue('city', '');
            form.setFieldValue('state_id', value);
          }}
        />
        <CityAutocomplete
          stateId={stateId}
          value={form.values.city}
          onChange={(value) => form.setFieldValue('city', value)}
          onBlur={() => form.validateField('city')}
          error={form.errors.city}
        />
        <TextInput label="Post code" autoComplete="postal-code" {...form.getInputProps('post_code')} />
      </SimpleGrid>
      <Textarea
        label="About you"
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('user_description')}
      />
      <Switch
        label="Gift Aid"
        description="I am a UK taxpayer: charities may claim Gift Aid on my donations of funds."
        {...form.getInputProps('tax_refund', { type: 'checkbox' })}
      />
      <Switch
        label="Public profile"
        description="Show my name and donations to other Kindred members."
        {...form.getInputProps('is_public', { type: 'checkbox' })}
      />
      <SubmitRow justify="flex-end" pending={mutation.isPending}>
        Save profile
      </SubmitRow>
    </HeadedForm>
  );
}
