import { MAX_SIGNOFF_APPROVALS, type SignoffPolicyBody, signoffPolicyBodySchema } from '@kindred/shared';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useRef } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { amountError, amountText, parseAmount } from '@/lib/amount';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
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
  const headingId = useId();
  const mutation = useSetSignoffPolicy();
  const form = useAccessibleForm<PolicyValues>({
    initialValues: {
      approvals_required: policy.approvals_required,
      large: policy.threshold_amount !== null,
      threshold: policy.threshold_amount !== null ? amountText(policy.threshold_amount) : '',
      approvals_above_threshold: policy.approvals_above_threshold ?? policy.approvals_required + 1,
    },
    validate,
  });
  const server = useServerErrors(form, {
    formRef,
    fieldMap: { threshold_amount: 'threshold' },
  });

  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      try {
        await mutation.mutateAsync({ id: business.id, ...toBody(values) });
        form.resetDirty();
        toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The sign-off policy is saved.');
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Sign-off policy
        </Title>
        <Text size="sm">
          Each donation on behalf of {business.name} waits, with its amount held from the wallet, until this
          many different sign-off admins approve it. The person who asked for it never counts.
        </Text>
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
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Save policy
            </Button>
          </Group>
        ) : (
          <Text size="sm">Only the organisation’s Super Admins change its sign-off policy.</Text>
        )}
      </Stack>
    </form>
  );
}
