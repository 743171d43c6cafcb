import { type Donation, REFUND_REASON_MAX_LENGTH, refundRequestBodySchema } from '@kindred/shared';
import { Text } from '@mantine/core';
import { useRef } from 'react';
import { CountedTextarea, type CountedTextareaProps } from '@/components/ui/counted-textarea';
import { Dialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { donationWhat } from './donation-format';
import { wayBack } from './money-back';

const reasonSchema = refundRequestBodySchema.shape.reason;

/**
 * The reason of a refund, or of a request for one: required, up to the limit the API keeps, and
 * focused when its dialog opens.
 */
export function RefundReasonInput(props: Omit<CountedTextareaProps, 'label' | 'maxLength'>) {
  return (
    <CountedTextarea
      label="Reason"
      required
      autosize
      minRows={3}
      maxRows={8}
      maxLength={REFUND_REASON_MAX_LENGTH}
      data-autofocus
      {...props}
    />
  );
}

export interface RefundRequestDialogProps {
  donation: Donation;
  /** Sends the request (the feature's call, silent: the dialog shows a refusal). */
  send: (reason: string) => Promise<unknown>;
  /** The request was sent. */
  onSent?: () => void;
  onClose: () => void;
}

/**
 * The giver asks for a refund (docs/product/refunds-and-disputes.md), within 30 days of giving:
 * the reason, required, and what happens next. A refusal of the reason shows beside it; any other
 * (too late, already asked, disputed) above the field.
 */
export function RefundRequestDialog({ donation, send, onSent, onClose }: RefundRequestDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm({
    initialValues: { reason: '' },
    validate: {
      reason: (value: string) => {
        const checked = reasonSchema.safeParse(value);
        return checked.success ? null : (checked.error.issues[0]?.message ?? 'Say why.');
      },
    },
  });
  const server = useServerErrors(form, { formRef });
  const pending = form.submitting;
  const target = donation.project?.title ?? donation.charity.name;
  const submit = submitToServer(form, server, formRef, async ({ reason }) => {
    await send(reason.trim());
    toast.success('Refund asked for', `${donation.charity.name} answers your request.`);
    onSent?.();
    onClose();
  });
  return (
    <Dialog title="Ask for a refund" onClose={onClose} size="md">
      <DialogForm
        formRef={formRef}
        onSubmit={submit}
        label="Ask for a refund"
        actions={{ submitLabel: 'Send the request', pending, onCancel: onClose }}
      >
        <Text size="sm">
          {`${donationWhat(donation)} to ${target}, given on ${showDate(donation.created_at)}.`}
        </Text>
        <Text size="sm">
          {`The charity answers your request. If it accepts, the money goes back the way you gave it: to ${wayBack(donation, 'giver')}.`}
        </Text>
        <FormRefusal message={server.refusal} title="The request was not sent" />
        <RefundReasonInput
          description="Why would you like your money back? The charity reads it."
          {...form.getInputProps('reason')}
        />
      </DialogForm>
    </Dialog>
  );
}
