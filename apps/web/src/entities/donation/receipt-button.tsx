import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { downloadReceipt } from './download-receipt';

/** Downloads one donation's receipt (PDF); the API client shows a refusal as the error toast. */
export function ReceiptButton({
  donationId,
  receiptNumber,
  ...props
}: { donationId: number; receiptNumber: string | null } & ButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceipt(donationId);
      toast.success('Receipt downloaded', receiptNumber ? `Receipt ${receiptNumber}` : undefined);
    } catch {
      // The API client showed the error toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      onClick={() => void download()}
      aria-label={receiptNumber ? `Download receipt ${receiptNumber} (PDF)` : 'Download receipt (PDF)'}
      {...props}
    >
      Receipt (PDF)
    </Button>
  );
}
