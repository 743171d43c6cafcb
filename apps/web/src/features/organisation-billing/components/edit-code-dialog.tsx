import {
  type DiscountCode,
  type DiscountCodeUpdateBody,
  discountCodeUpdateBodySchema,
} from '@kindred/shared';
import { Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import { DateField } from '@/components/ui/date-field';
import { DialogForm } from '@/components/ui/dialog-form';
import { toast } from '@/components/ui/toast';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { dateFieldProps, focusFirstInvalid, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useUpdateDiscountCode } from '../api/admin-discount-codes';
import { expiresAtOf, expiryDayOf, maxUsesOf } from '../lib/code-fields';
import { saveChanges } from '../lib/save-changes';

interface CodeEditValues {
  expires_on: string;
  max_uses: string | number;
}

/** What the form changes of the code: only the fields whose value differs from the code's. */
function codeChanges(code: DiscountCode, values: CodeEditValues): DiscountCodeUpdateBody {
  const changes: DiscountCodeUpdateBody = {};
  if (values.expires_on !== expiryDayOf(code.expires_at)) changes.expires_at = expiresAtOf(values.expires_on);
  const maxUses = maxUsesOf(values.max_uses);
  if (maxUses !== code.max_uses) changes.max_uses = maxUses;
  return changes;
}

/**
 * Edits a discount code's expiry and maximum of uses, entered as when adding a code. Only what
 * changed is sent; a refusal (a maximum below the uses so far) keeps the dialog open.
 */
export function EditCodeDialog({
  code,
  valueText,
  onClose,
}: {
  code: DiscountCode;
  /** What the code takes off: '20%', '₹500'. */
  valueText: string;
  onClose: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdateDiscountCode();
  const form = useAccessibleForm<CodeEditValues>({
    initialValues: { expires_on: expiryDayOf(code.expires_at), max_uses: code.max_uses ?? '' },
    validate: (values) => {
      const errors: Record<string, string | null> = {};
      const parsed = discountCodeUpdateBodySchema.safeParse(codeChanges(code, values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'expires_at' ? 'expires_on' : String(issue.path[0] ?? '');
          if (field && !errors[field]) errors[field] = issue.message;
        }
      }
      return errors;
    },
  });
  const server = useServerErrors(form, { formRef, fieldMap: { expires_at: 'expires_on' } });
  const submit = form.onSubmit(
    (values) =>
      saveChanges(codeChanges(code, values), (changes) => mutation.mutateAsync({ id: code.id, ...changes }), {
        server,
        onSaved: (saved) => toast.success('Discount code updated', saved.code),
        onClose,
      }),
    () => focusFirstInvalid(formRef.current),
  );
  const used = code.uses === 1 ? 'once' : `${code.uses} times`;
  return (
    <Modal opened onClose={onClose} title={`Edit ${code.code}`} centered>
      <DialogForm
        formRef={formRef}
        onSubmit={submit}
        actions={{ submitLabel: 'Save', pending: mutation.isPending, onCancel: onClose }}
        refusal={server.refusal}
      >
        <Text size="sm">
          {valueText} off, used {code.uses === 0 ? 'by no subscription yet' : used}. The code and what it
          takes off stay as they are.
        </Text>
        <DateField
          label="Expires on"
          description="Optional, mm/dd/yy: the code works until the end of that day. Empty: it never expires."
          data-autofocus
          {...dateFieldProps(form, 'expires_on', '')}
        />
        <WholeNumberInput
          label="Maximum uses"
          description="Optional: how many subscriptions may use it. Empty: no maximum."
          {...form.getInputProps('max_uses')}
        />
      </DialogForm>
    </Modal>
  );
}
