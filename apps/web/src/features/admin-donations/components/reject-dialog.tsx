import { adminRejectBodySchema, type Donation } from '@kindred/shared';
import { Alert, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { donationWhat } from '@/entities/donation';
import { isApiError } from '@/lib/api-client';
import { useRejectDonation } from '../api/reject-donation';
import { returnedTo } from '../lib/queue';
import { DonationActionDialog } from './donation-action-dialog';

const reasonSchema = adminRejectBodySchema.shape.reason;

export interface RejectDialogProps {
  donation: Donation;
  onClose: () => void;
  /** The donation left the queue. */
  onRejected: (id: number) => void;
}

/**
 * Rejecting is the confirmation: the dialog says what happens to the money and asks for the
 * reason, which the donation's history keeps.
 */
export function RejectDialog({ donation, onClose, onRejected }: RejectDialogProps) {
  const reject = useRejectDonation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const what = donationWhat(donation);
  const backTo = returnedTo(donation);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = reasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Say why, in a few words.');
      return;
    }
    try {
      await reject.mutateAsync({ donation_id: donation.id, reason: checked.data });
      toast.success('Donation rejected', `${what} went back to ${backTo}.`);
      onRejected(donation.id);
      onClose();
    } catch (caught) {
      const fieldError = isApiError(caught) ? caught.fieldErrors.reason : undefined;
      if (fieldError) setError(fieldError);
      else setFailure(caught instanceof Error ? caught.message : 'The donation could not be rejected.');
    }
  };

  return (
    <DonationActionDialog
      action="Reject"
      donationId={donation.id}
      pending={reject.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm">
        {what} from {donation.donor.name} goes back to {backTo}, and nothing of it reaches{' '}
        {donation.project ? donation.project.title : donation.charity.name}. The reason is kept in the
        donation’s history.
      </Text>
      <Textarea
        label="Reason"
        description="The donor and the charity see it with the donation."
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={1000}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        aria-invalid={error ? true : undefined}
        data-autofocus
      />
      {failure ? (
        <Alert color="red" variant="light" title="The donation was not rejected" role="alert">
          {failure}
        </Alert>
      ) : null}
    </DonationActionDialog>
  );
}
