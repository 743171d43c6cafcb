import {
  DEFAULT_CURRENCY,
  type Donation,
  formatMoney,
  REFUND_REASON_MAX_LENGTH,
  toAmountText,
} from '@kindred/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { donationWhat, refundDestination, refundLeft, wayBack } from '@/entities/donation';
import { amountError, currencySymbol, parseAmount } from '@/lib/amount';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, focusFirstInvalid, useAccessibleForm } from '@/lib/form';
import { showDate } from '@/lib/format';
import { mayHaveGoneThrough, useKeyedAttempts } from '@/lib/idempotency';
import { useRefundDonation } from '../api/refund-donation';

export interface RefundDialogProps {
  donation: Donation;
  onClose: () => void;
}

interface RefundValues {
  amount: string;
  reason: string;
}

/** Why the refund was not made; when the call may have gone through, that refunding again is safe. */
function refusalOf(error: unknown, fallback: string): string {
  const why = isApiError(error) && error.status !== 0 ? error.message : fallback;
  return mayHaveGoneThrough(error)
    ? `${why} Refund again to finish: the same refund is retried, so the giver is not refunded twice.`
    : why;
}

/**
 * Refunds all or part of what is left of a gift of funds: the amount (all that is left to begin
 * with) and the reason, then a step that says what will happen before anything is sent.
 */
export function RefundDialog({ donation, onClose }: RefundDialogProps) {
  const left = refundLeft(donation);
  const back = wayBack(donation, 'staff');
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<'details' | 'confirm'>('details');
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempts = useKeyedAttempts();
  const refund = useRefundDonation();
  const form = useAccessibleForm<RefundValues>({
    initialValues: { amount: toAmountText(left), reason: '' },
    validate: {
      amount: (value) => {
        const problem = amountError(value);
        if (problem) return problem;
        return (parseAmount(value) ?? 0) > left ? `At most ${formatMoney(left)} is left to refund.` : null;
      },
      reason: (value) => (value.trim() ? null : 'Say why the gift is refunded.'),
    },
  });

  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
  }, [step]);

  const amount = parseAmount(form.values.amount) ?? 0;
  const all = amount === left;

  const review = form.onSubmit(
    () => {
      setRefusal(null);
      setStep('confirm');
    },
    () => focusFirstInvalid(formRef.current),
  );

  const send = async () => {
    setRefusal(null);
    const body = { amount, reason: form.values.reason.trim() };
    const { key } = attempts.next({ donation: donation.id, ...body });
    try {
      const answer = await refund.mutateAsync({ donation, body, key });
      attempts.answered();
      const made = answer.refund;
      toast.success(
        'Gift refunded',
        made.status === 'pending'
          ? `${formatMoney(made.amount)} is on its way back ${refundDestination(made.to, 'staff')}.`
          : `${formatMoney(made.amount)} went back ${refundDestination(made.to, 'staff')}. The giver gets a credit note.`,
      );
      onClose();
    } catch (error) {
      attempts.failed(error);
      const { fields } = applyServerErrors(error, form);
      if (Object.keys(fields).length > 0) {
        // What the server said about the amount or the reason goes beside it.
        setStep('details');
        setTimeout(() => focusFirstInvalid(formRef.current), 0);
        return;
      }
      setRefusal(refusalOf(error, 'The server could not be reached.'));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Refund a gift" centered>
      <Stack gap="md">
        <Text size="sm">
          {donationWhat(donation)} from {donation.donor.name}, given {showDate(donation.created_at)}.{' '}
          {formatMoney(left)} is left to refund.
        </Text>
        <FormRefusal title="Not refunded" message={refusal} />
        {step === 'details' ? (
          <form ref={formRef} onSubmit={review} noValidate aria-label="Refund details">
            <Stack gap="md">
              <TextInput
                label="Amount to refund"
                description={`In ${DEFAULT_CURRENCY}, for example 250 or 99.50. At most ${formatMoney(left)}.`}
                required
                inputMode="decimal"
                autoComplete="off"
                leftSection={<span aria-hidden="true">{currencySymbol(DEFAULT_CURRENCY)}</span>}
                maw="20rem"
                data-autofocus
                {...form.getInputProps('amount')}
              />
              <CountedTextarea
                label="Reason"
                description="Kept with the refund and shown on the giver’s credit note."
                required
                autosize
                minRows={2}
                maxLength={REFUND_REASON_MAX_LENGTH}
                {...form.getInputProps('reason')}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit">Continue</Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Stack
              gap="xs"
              ref={confirmRef}
              tabIndex={-1}
              aria-label="What happens"
              role="group"
              data-testid="refund-summary"
              style={{ outline: 'none' }}
            >
              <Text fw={700}>
                {formatMoney(amount)} goes back to {back}. The giver gets a credit note.
              </Text>
              <Text size="sm">
                {all
                  ? 'That is all that is left of this gift.'
                  : `${formatMoney(left - amount)} of the gift stays with the charity.`}
                {donation.source === 'card' ? ' The payment provider returns it to the card.' : ''}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Reason: “{form.values.reason.trim()}”
              </Text>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('details')} disabled={refund.isPending}>
                Back
              </Button>
              <Button color="red.9" loading={refund.isPending} onClick={() => void send()}>
                Refund {formatMoney(amount)}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
