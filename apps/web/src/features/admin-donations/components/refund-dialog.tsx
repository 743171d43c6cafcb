import { DEFAULT_CURRENCY, type Donation, formatMoney, refundBodySchema } from '@kindred/shared';
import { Checkbox, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { donationWhat, RefundReasonInput, refundDestination, refundLeft, wayBack } from '@/entities/donation';
import { amountError, currencySymbol, parseAmount } from '@/lib/amount';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, focusFirstInvalid, useAccessibleForm } from '@/lib/form';
import { mayHaveGoneThrough, useKeyedAttempts } from '@/lib/idempotency';
import { type RefundAnswer, useRefundDonation } from '../api/refund-donation';
import { DonationActionDialog } from './donation-action-dialog';

const reasonSchema = refundBodySchema.shape.reason;

/** The money of the platform's funds, when the charity has already been paid the gift. */
const PAID_OUT =
  'The charity has already been paid out this money: tick this to refund it from the platform’s own funds.';

export interface RefundDialogProps {
  donation: Donation;
  currency?: string;
  onClose: () => void;
  /** The refund was made: the gift as it now stands. */
  onRefunded: (answer: RefundAnswer) => void;
}

/**
 * A platform admin refunds all or part of a gift of funds (docs/product/refunds-and-disputes.md):
 * back the way it came, with a credit note to the giver; from the platform's own funds when the
 * charity has been paid out. Refunding is the confirmation: the dialog says what happens first.
 */
export function RefundDialog({ donation, currency, onClose, onRefunded }: RefundDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const refund = useRefundDonation();
  const attempts = useKeyedAttempts();
  const left = refundLeft(donation);
  const form = useAccessibleForm({
    initialValues: { amount: '', reason: '', from_platform: false },
    validate: {
      amount: (value: string) => {
        if (!value.trim()) return null;
        const problem = amountError(value);
        if (problem) return problem;
        const minor = parseAmount(value) ?? 0;
        return minor > left ? `At most ${formatMoney(left, currency)} is left to refund.` : null;
      },
      reason: (value: string) => {
        const checked = reasonSchema.safeParse(value);
        return checked.success ? null : (checked.error.issues[0]?.message ?? 'Say why.');
      },
    },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const what = donationWhat(donation);

  const submit = form.onSubmit(
    async (values) => {
      setRefusal(null);
      const amount = values.amount.trim() ? (parseAmount(values.amount) ?? undefined) : undefined;
      const body = {
        ...(amount === undefined ? {} : { amount }),
        reason: values.reason.trim(),
        ...(values.from_platform ? { from_platform: true } : {}),
      };
      const { key } = attempts.next({ donationId: donation.id, body });
      try {
        const answer = await refund.mutateAsync({ donationId: donation.id, body, key });
        attempts.answered();
        toast.success(
          'Refund made',
          `${formatMoney(answer.refund.amount, currency)} ${refundDestination(answer.refund.to, 'staff')}${answer.refund.status === 'pending' ? ', on its way' : ''}.`,
        );
        onRefunded(answer);
        onClose();
      } catch (error) {
        attempts.failed(error);
        if (isApiError(error) && error.code === 'ALREADY_PAID_OUT') {
          form.setFieldError('from_platform', PAID_OUT);
          focusFirstInvalid(formRef.current);
          return;
        }
        const result = applyServerErrors(error, form);
        if (Object.keys(result.fields).length > 0) focusFirstInvalid(formRef.current);
        // No answer: the same refund sent again keeps its key, so it is made once.
        setRefusal(
          mayHaveGoneThrough(error)
            ? `${result.refusal ?? ''} Refund again to finish: the same refund is retried, so it is not made twice.`.trim()
            : result.refusal,
        );
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <DonationActionDialog
      action="Refund"
      donationId={donation.id}
      pending={refund.isPending}
      onClose={onClose}
      formRef={formRef}
      onSubmit={submit}
    >
      <Text size="sm">
        {`${what} from ${donation.donor.name} to ${donation.project?.title ?? donation.charity.name}. ${formatMoney(left, currency)} is left to refund. The money goes back to ${wayBack(donation, 'staff')}, and the giver gets a credit note.`}
      </Text>
      <FormRefusal message={refusal} title="Nothing was refunded" />
      <TextInput
        label="Amount to refund"
        description={`Leave it empty to refund all that is left (${formatMoney(left, currency)}).`}
        inputMode="decimal"
        autoComplete="off"
        leftSection={<span aria-hidden="true">{currencySymbol(currency ?? DEFAULT_CURRENCY)}</span>}
        maw="20rem"
        {...form.getInputProps('amount')}
      />
      <Checkbox
        label="Pay from the platform’s own funds (the charity has been paid out)"
        {...form.getInputProps('from_platform', { type: 'checkbox' })}
      />
      <RefundReasonInput
        description="The giver reads it on the credit note and with the gift."
        {...form.getInputProps('reason')}
      />
    </DonationActionDialog>
  );
}
