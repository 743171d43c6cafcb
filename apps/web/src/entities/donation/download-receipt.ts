import { downloadGiftPdf } from './download-gift-pdf';

/** Which gift's receipt, and where it is downloaded from. */
export interface ReceiptSource {
  donationId: number;
  /** Its receipt number, for the name the file is saved under when the server gives none. */
  receiptNumber?: string | null;
  /**
   * The token of a mail's manage link (docs/product/card-gifts.md#manage-from-the-mail): the receipt
   * comes from GET /manage/{token}/receipt, without the session (the link is the access). Without
   * it, GET /user/donation/{id}/receipt as the signed-in donor.
   */
  manageToken?: string;
}

/**
 * The receipt PDF of an approved or completed gift of funds, saved under the server's name. A
 * refusal shows as the error toast (the API client's).
 */
export async function downloadReceipt({
  donationId,
  receiptNumber,
  manageToken,
}: ReceiptSource): Promise<void> {
  return downloadGiftPdf({
    signedInPath: `/user/donation/${donationId}/receipt`,
    manageToken,
    managePath: 'receipt',
    fallbackName: `kindred-receipt-${receiptNumber ?? donationId}.pdf`,
  });
}
