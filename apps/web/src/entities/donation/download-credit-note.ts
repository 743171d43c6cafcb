import { downloadGiftPdf } from './download-gift-pdf';

/** Which refund's credit note, and where it is downloaded from. */
export interface CreditNoteSource {
  donationId: number;
  refundId: number;
  /** Its number (`KC-…`), for the name the file is saved under when the server gives none. */
  creditNoteNumber: string | null;
  /**
   * The token of a mail's manage link: the credit note comes from
   * GET /manage/{token}/credit_note/{refund_id}, without the session (the link is the access).
   * Without it, GET /donation/{id}/refunds/{refund_id}/credit_note, to the giver, the charity's
   * people and platform admins.
   */
  manageToken?: string;
}

/** The credit note PDF of a refund, saved under the server's name; a refusal is the error toast. */
export async function downloadCreditNote({
  donationId,
  refundId,
  creditNoteNumber,
  manageToken,
}: CreditNoteSource): Promise<void> {
  return downloadGiftPdf({
    signedInPath: `/donation/${donationId}/refunds/${refundId}/credit_note`,
    manageToken,
    managePath: `credit_note/${refundId}`,
    fallbackName: `kindred-credit-note-${creditNoteNumber ?? refundId}.pdf`,
  });
}
