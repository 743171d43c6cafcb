import type { ButtonProps } from '@mantine/core';
import { downloadReceipt, type ReceiptSource } from './download-receipt';
import { PdfButton } from './pdf-button';

export type ReceiptButtonProps = ReceiptSource & ButtonProps;

/**
 * Downloads one donation's receipt (PDF), as the signed-in donor or through a mail's manage link
 * (`manageToken`); the API client shows a refusal as the error toast.
 */
export function ReceiptButton({ donationId, receiptNumber, manageToken, ...props }: ReceiptButtonProps) {
  return (
    <PdfButton
      download={() => downloadReceipt({ donationId, receiptNumber, manageToken })}
      savedToast={['Receipt downloaded', receiptNumber ? `Receipt ${receiptNumber}` : undefined]}
      aria-label={receiptNumber ? `Download receipt ${receiptNumber} (PDF)` : 'Download receipt (PDF)'}
      {...props}
    >
      Receipt (PDF)
    </PdfButton>
  );
}
