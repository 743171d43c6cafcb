import {
  PLAN_FEE_TYPE,
  type Plan,
  type PlanUpdateBody,
  REQUIRED_MESSAGE,
  toAmountText,
} from '@kindred/shared';
import { Modal, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { DialogForm } from '@/components/ui/dialog-form';
import { toast } from '@/components/ui/toast';
import { amountError, parseAmount } from '@/lib/amount';
import { focusFirstInvalid, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useUpdatePlan } from '../api/admin-plans';
import { saveChanges } from '../lib/save-changes';

interface PlanEditValues {
  name: string;
  description: string;
  fee: string;
}

/** What the form changes of the plan: only the fields whose value differs from the plan's. */
function planChanges(plan: Plan, values: PlanEditValues): PlanUpdateBody {
  const changes: PlanUpdateBody = {};
  const name = values.name.trim();
  if (name !== plan.name) changes.name = name;
  const description = values.description.trim() || null;
  if (description !== (plan.description || null)) changes.description = description;
  const fee = parseAmount(values.fee) ?? 0;
  if (fee !== plan.fee) changes.fee = fee;
  return changes;
}

/**
 * Edits a plan's name, description and fee (typed in major units, as when adding a plan). Only
 * what changed is sent; a refusal keeps the dialog open with what was typed. The period is the
 * plan's for good (the API takes no other).
 */
export function EditPlanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdatePlan();
  const form = useAccessibleForm<PlanEditValues>({
    initialValues: { name: plan.name, description: plan.description ?? '', fee: toAmountText(plan.fee) },
    validate: {
      name: (value) => (value.trim().length < 2 ? REQUIRED_MESSAGE : null),
      fee: (value) => amountError(value),
    },
  });
  const server = useServerErrors(form, { formRef });
  const annual = plan.fee_type === PLAN_FEE_TYPE.annual;
  const submit = form.onSubmit(
    (values) =>
      saveChanges(planChanges(plan, values), (changes) => mutation.mutateAsync({ id: plan.id, ...changes }), {
        server,
        onSaved: (saved) => toast.success('Plan updated', saved.name),
        onClose,
      }),
    () => focusFirstInvalid(formRef.current),
  );
  return (
    <Modal opened onClose={onClose} title={`Edit ${plan.name}`} centered>
      <DialogForm
        formRef={formRef}
        onSubmit={submit}
        actions={{ submitLabel: 'Save', pending: mutation.isPending, onCancel: onClose }}
        refusal={server.refusal}
      >
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Description" {...form.getInputProps('description')} />
        <TextInput
          label="Fee"
          description={`An amount ${annual ? 'a year' : 'a month'}, for example 2500.`}
          required
          inputMode="decimal"
          {...form.getInputProps('fee')}
        />
        <Text size="sm" c="dimmed">
          {annual ? 'An annual' : 'A monthly'} plan stays {annual ? 'annual' : 'monthly'}. A new fee applies
          to the periods invoiced after the change.
        </Text>
      </DialogForm>
    </Modal>
  );
}
