import { type Subscription, toAmountText } from '@kindred/shared';
import { Button, Group, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { toast } from '@/components/ui/toast';
import { amountError, currencySymbol, parseAmount } from '@/lib/amount';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import type { useActOnPlan } from '../api/act-on-plan';
import { planWhat } from '../lib/words';

export interface PlanFormProps {
  plan: Subscription;
  currency: string;
  act: ReturnType<typeof useActOnPlan>;
  /** Closes the form: the change was made (the view shows it), or none is wanted. */
  onClose: () => void;
}

/** A new amount for each later gift of the plan (docs/product/card-gifts.md#manage-from-the-mail). */
export function AmountForm({ plan, currency, act, onClose }: PlanFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm({
    initialValues: { amount: toAmountText(plan.amount) },
    validate: { amount: (value: string) => amountError(value) },
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async ({ amount }) => {
    const view = await act.mutateAsync({
      body: { action: 'amount', amount: parseAmount(amount) ?? 0 },
      silent: true,
    });
    const changed = view.subscription;
    toast.success(
      'The amount is changed.',
      changed ? `${planWhat(changed, currency)} from the next gift.` : undefined,
    );
    onClose();
  });
  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Change the amount" level={3} gap="sm">
      <FormRefusal message={server.refusal} title="The amount was not changed" />
      <TextInput
        label="New amount"
        description={`In ${currency}, for example 250 or 99.50. Gifts already made keep their amount.`}
        required
        inputMode="decimal"
        autoComplete="off"
        leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>}
        maw="20rem"
        {...form.getInputProps('amount')}
      />
      <Group gap="xs">
        <Button type="submit" loading={act.isPending}>
          Save the amount
        </Button>
        <Button variant="default" onClick={onClose} disabled={act.isPending}>
          Keep the amount
        </Button>
      </Group>
    </HeadedForm>
  );
}
