import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { downloadReceipt, type ReceiptSource } from './download-receipt';

export type ReceiptButtonProps = ReceiptSource & ButtonProps;

/**
 * Downloads one donation's receipt (PDF), as the signed-in donor or through a mail's manage link
 * (`manageToken`); the API client shows a refusal as the error toast.
 */
export function ReceiptButton({ donationId, receiptNumber, manageToken, ...props }: ReceiptButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceipt({ donationId, receiptNumber, manageToken });
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
