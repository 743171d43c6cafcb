import {
  MAX_SIGNOFF_APPROVALS,
  mostSignoffApprovals,
  type SignoffPeople,
  type SignoffPolicyBody,
  signoffPolicyBodySchema,
  signoffPolicyProblem,
  toAmountText,
} from '@kindred/shared';
import { Alert, Checkbox, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { SubmitRow } from '@/components/ui/submit-row';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { organisationQueries } from '@/entities/organisation';
import { amountError, parseAmount } from '@/lib/amount';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useSetSignoffPolicy } from '../api/set-signoff-policy';
import { useOrganisationContext } from './organisation-layout';

interface PolicyValues {
  approvals_required: number | string;
  large: boolean;
  /** In major units, as typed. */
  threshold: string;
  approvals_above_threshold: number | string;
}

const toBody = (values: PolicyValues): SignoffPolicyBody => ({
  approvals_required: Number(values.approvals_required),
  threshold_amount: values.large ? (parseAmount(values.threshold) ?? 0) : null,
  approvals_above_threshold: values.large ? Number(values.approvals_above_threshold) : null,
});

function validate(values: PolicyValues) {
  const errors = schemaErrors(signoffPolicyBodySchema, toBody(values));
  if (values.large) {
    const amount = amountError(values.threshold);
    if (amount) errors.threshold = amount;
  }
  if (errors.threshold_amount && !errors.threshold) errors.threshold = errors.threshold_amount;
  delete errors.threshold_amount;
  return errors;
}

/** The sign-off policy: approvals every donation needs, and more at or above a threshold. */
export function SignoffPolicyForm() {
  const { business, access } = useOrganisationContext();
  const policy = business.signoff_policy;
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useSetSignoffPolicy();
  // How many approvals its sign-off admins can give (decision 033), for the Super Admins who set it.
  const members = useQuery({ ...organisationQueries.members(business.id), enabled: access.isSuperAdmin });
  const people: SignoffPeople | null = members.data
    ? {
        signoffAdmins: members.data.items.filter((m) => m.is_signoff_admin).length,
        otherMembers: members.data.items.filter((m) => !m.is_signoff_admin).length,
      }
    : null;
  const savedProblem = people ? signoffPolicyProblem(policy, people) : null;
  const form = useAccessibleForm<PolicyValues>({
    initialValues: {
      approvals_required: policy.approvals_required,
      large: policy.threshold_amount !== null,
      threshold: policy.threshold_amount !== null ? toAmountText(policy.threshold_amount) : '',
      approvals_above_threshold: policy.approvals_above_threshold ?? policy.approvals_required + 1,
    },
    validate,
  });
  const server = useServerErrors(form, {
    formRef,
    fieldMap: { threshold_amount: 'threshold' },
  });

  const submit = submitToServer(form, server, formRef, async (values) => {
    await mutation.mutateAsync({ id: business.id, ...toBody(values) });
    form.resetDirty();
    toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The sign-off policy is saved.');
  });

  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Sign-off policy">
      <Text size="sm">
        Each donation on behalf of {business.name} waits, with its amount held from the wallet, until this
        many different sign-off admins approve it. The person who asked for it never counts.
      </Text>
      {people ? (
        <Text size="sm" data-testid="signoff-capacity">
          {`${business.name} has ${people.signoffAdmins} sign-off admin${people.signoffAdmins === 1 ? '' : 's'}: ${
            mostSignoffApprovals(people) > 0
              ? `a donation can need at most ${mostSignoffApprovals(people)} approval${mostSignoffApprovals(people) === 1 ? '' : 's'}.`
              : 'no donation can be approved yet. Make members sign-off admins on the members screen.'
          }`}
        </Text>
      ) : null}
      {people && savedProblem ? (
        <Alert color="yellow" variant="light" title="Some donations can never be approved">
          {`Under the saved policy: ${savedProblem.message} Donations that can never be approved are listed below for a Super Admin to end.`}
        </Alert>
      ) : null}
      <FormRefusal message={server.refusal} />
      <fieldset disabled={!access.isSuperAdmin} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="md">
          <NumberInput
            label="Approvals every donation needs"
            required
            min={1}
            max={MAX_SIGNOFF_APPROVALS}
            allowDecimal={false}
            w={260}
            {...form.getInputProps('approvals_required')}
          />
          <Checkbox
            label="Ask for more approvals for large donations"
            {...form.getInputProps('large', { type: 'checkbox' })}
          />
          {form.values.large ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Large means at least"
                description="An amount, for example 5000 or 2500.50."
                required
                inputMode="decimal"
                {...form.getInputProps('threshold')}
              />
              <NumberInput
                label="Approvals a large donation needs"
                required
                min={1}
                max={MAX_SIGNOFF_APPROVALS}
                allowDecimal={false}
                {...form.getInputProps('approvals_above_threshold')}
              />
            </SimpleGrid>
          ) : null}
        </Stack>
      </fieldset>
      {access.isSuperAdmin ? (
        <SubmitRow pending={mutation.isPending}>Save policy</SubmitRow>
      ) : (
        <Text size="sm">Only the organisation’s Super Admins change its sign-off policy.</Text>
      )}
    </HeadedForm>
  );
}
