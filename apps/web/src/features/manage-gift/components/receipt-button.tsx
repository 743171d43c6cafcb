import type { Donation } from '@kindred/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { downloadManageReceipt } from '../api/download-receipt';

/** Downloads the receipt of the link's gift (PDF); the API client shows a refusal as the error toast. */
export function ManageReceiptButton({
  token,
  donation,
}: {
  token: string;
  donation: Pick<Donation, 'id' | 'receipt_number'>;
}) {
  const [busy, setBusy] = useState(false);
  const number = donation.receipt_number;
  const download = async () => {
    setBusy(true);
    try {
      await downloadManageReceipt(token, `kindred-receipt-${number ?? donation.id}.pdf`);
      toast.success('Receipt downloaded', number ? `Receipt ${number}` : undefined);
    } catch {
      // The API client showed the error toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={() => void download()}
      aria-label={number ? `Download receipt ${number} (PDF)` : 'Download receipt (PDF)'}
    >
      Receipt (PDF)
    </Button>
  );
}
