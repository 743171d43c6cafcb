import { type Donation, REFUND_REASON_MAX_LENGTH, refundRequestBodySchema } from '@kindred/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { donationWhat } from './donation-format';
import { wayBack } from './money-back';

const reasonSchema = refundRequestBodySchema.shape.reason;

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
    <Modal
      opened
      onClose={onClose}
      title="Ask for a refund"
      size="md"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Ask for a refund">
        <Stack gap="md">
          <Text size="sm">
            {`${donationWhat(donation)} to ${target}, given on ${showDate(donation.created_at)}.`}
          </Text>
          <Text size="sm">
            {`The charity answers your request. If it accepts, the money goes back the way you gave it: to ${wayBack(donation, 'giver')}.`}
          </Text>
          <FormRefusal message={server.refusal} title="The request was not sent" />
          <CountedTextarea
            label="Reason"
            description="Why would you like your money back? The charity reads it."
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REFUND_REASON_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Send the request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
