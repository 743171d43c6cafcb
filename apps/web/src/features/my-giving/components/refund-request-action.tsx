import type { Donation } from '@kindred/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { canAskForRefund, donationWhat, RefundRequestDialog } from '@/entities/donation';
import { useRequestRefund } from '../api/request-refund';

/**
 * "Ask for a refund" on a gift of funds the giver may still ask back (approved or completed,
 * within 30 days, something left, no request waiting), with its dialog.
 */
export function RefundRequestAction({ donation, onSent }: { donation: Donation; onSent?: () => void }) {
  const [open, setOpen] = useState(false);
  const request = useRequestRefund();
  if (!canAskForRefund(donation) && !open) return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => setOpen(true)}
        aria-label={`Ask for a refund of ${donationWhat(donation)} to ${donation.project?.title ?? donation.charity.name}`}
      >
        Ask for a refund
      </Button>
      {open ? (
        <RefundRequestDialog
          donation={donation}
          send={(reason) => request.mutateAsync({ donationId: donation.id, reason })}
          onSent={onSent}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
