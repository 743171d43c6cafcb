import {
  companyRegistrationNumber,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  notWhitespace,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_NAME_MAX_LENGTH,
  REQUIRED_MESSAGE,
  registerBodySchema,
  registerWithOrganisationBodySchema,
} from '@kindred/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { FormRefusal } from '@/components/ui/form-refusal';
import { NameInputs } from '@/components/ui/name-inputs';
import { NewPasswordInputs, passwordMismatch } from '@/components/ui/new-password-inputs';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import {
  mergeErrors,
  messageOf,
  schemaErrors,
  submitToServer,
  useAccessibleForm,
  useServerErrors,
} from '@/lib/form';
import { useRegister, useRegisterWithOrganisation } from '../api/register';
import { EmailInput, emailProblem } from './email-input';

export interface RegisterFormProps {
  /** `organisation`: the variant that also names a charity or business to create (POST /user/register). */
  variant: 'individual' | 'organisation';
}

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm_password: string;
  account_type: 'charity' | 'business';
  organisation_name: string;
  registration_number: string;
  description: string;
};

const SERVER_FIELDS: Record<string, string> = {
  'organisation.name': 'organisation_name',
  'organisation.registration_number': 'registration_number',
  'organisation.description': 'description',
};

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

function toIndividualBody(values: Values) {
  return {
    email: values.email.trim(),
    password: values.password,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
  };
}

function toOrganisationBody(values: Values) {
  return {
    ...toIndividualBody(values),
    account_type: values.account_type,
    organisation: {
      name: values.organisation_name.trim(),
      registration_number: optional(values.registration_number),
      description: optional(values.description),
    },
  };
}

function validate(variant: RegisterFormProps['variant']) {
  return (values: Values): FormErrors => {
    // Compare fields (docs/product/limits-and-messages.md#form-checks): both fields are flagged
    // when they differ.
    const mismatch = passwordMismatch(values);
    const checks: FormErrors = {
      first_name: messageOf(notWhitespace(values.first_name)),
      last_name: messageOf(notWhitespace(values.last_name)),
      email: emailProblem(values.email),
      confirm_password: values.confirm_password ? mismatch : 'Enter the password again.',
    };
    if (variant === 'individual') {
      return mergeErrors(checks, schemaErrors(registerBodySchema, toIndividualBody(values)), {
        password: mismatch,
      });
    }
    const server = schemaErrors(registerWithOrganisationBodySchema, toOrganisationBody(values));
    return mergeErrors(
      checks,
      {
        organisation_name: values.organisation_name.trim() ? server['organisation.name'] : REQUIRED_MESSAGE,
        registration_number:
          values.account_type === 'business'
            ? messageOf(companyRegistrationNumber(values.registration_number.trim()))
            : server['organisation.registration_number'],
        description: server['organisation.description'],
      },
      server,
      { password: mismatch },
    );
  };
}

/**
 * Registration (docs/product/identity-and-sessions.md#registration-and-activation, two variants):
 * an individual, or a person with a charity or organisation.
 */
export function RegisterForm({ variant }: RegisterFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<{ email: string; application: string | null } | null>(null);
  const individual = useRegister();
  const withOrganisation = useRegisterWithOrganisation();
  const pending = individual.isPending || withOrganisation.isPending;
  const form = useAccessibleForm<Values>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirm_password: '',
      account_type: 'charity',
      organisation_name: '',
      registration_number: '',
      description: '',
    },
    validate: validate(variant),
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { fieldMap: SERVER_FIELDS, formRef });

  const submit = submitToServer(form, server, formRef, async (values) => {
    if (variant === 'individual') await individual.mutateAsync(toIndividualBody(values));
    else await withOrganisation.mutateAsync(toOrganisationBody(values));
    toast.success(SUCCESS_TOASTS.confirmationEmail.summary, SUCCESS_TOASTS.confirmationEmail.detail);
    // The server answers a new and a known address alike (it mails the owner of a known one), so
    // the screen says the same in both cases: what to do next, never whether the address was new.
    const kind = values.account_type === 'charity' ? 'charity' : 'organisation';
    const application =
      variant === 'organisation'
        ? `Once your account is activated, the Kindred team reviews your ${kind} ` +
          `${values.organisation_name.trim()}; you can manage it once it is approved.`
        : null;
    setSent({ email: values.email.trim(), application });
  });

  if (sent) {
    return (
      <Alert color="green" variant="light" title="Check your email" role="status">
        <Stack gap="xs">
          <Text size="sm">
            Check your mail to activate your account. We sent a message to {sent.email}: open its link, or
            enter its code.
          </Text>
          {sent.application ? <Text size="sm">{sent.application}</Text> : null}
          <Group gap="md">
            <Anchor component={Link} to="/activate" size="sm">
              Enter activation code
            </Anchor>
            <Anchor component={Link} to="/login" size="sm">
              Go to sign in
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const business = form.values.account_type === 'business';
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Create account">
      <Stack gap="md">
        <FormRefusal title="Account not created" message={server.refusal} />
        {variant === 'organisation' ? (
          <Stack gap="md">
            <Title order={2} size="h3">
              Your organisation
            </Title>
            <Radio.Group label="Account type" required {...form.getInputProps('account_type')}>
              <Group mt="xs">
                <Radio value="charity" label="Charity" />
                <Radio value="business" label="Business" />
              </Group>
            </Radio.Group>
            <TextInput
              label="Organisation name"
              description="The name of your charity or business."
              required
              autoComplete="organization"
              maxLength={ORGANISATION_NAME_MAX_LENGTH}
              {...form.getInputProps('organisation_name')}
            />
            <TextInput
              label="Registration number"
              description={
                business
                  ? 'Company registration number: two letters and six digits, or eight digits.'
                  : 'Charity registration number, if you have one.'
              }
              {...form.getInputProps('registration_number')}
            />
            <CountedTextarea
              label="Description"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={ORGANISATION_DESCRIPTION_MAX_LENGTH}
              {...form.getInputProps('description')}
            />
            <Title order={2} size="h3">
              About you
            </Title>
          </Stack>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NameInputs form={form} maxLength={NAME_MAX_LENGTH} />
        </SimpleGrid>
        <EmailInput maxLength={EMAIL_MAX_LENGTH} {...form.getInputProps('email')} />
        <NewPasswordInputs form={form} label="Password" />
        <Group justify="space-between">
          <Text size="sm">
            Already registered?{' '}
            <Anchor component={Link} to="/login">
              Sign in instead
            </Anchor>
          </Text>
          <Button type="submit" loading={pending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
