import { type Donation, formatMoney, type Refund } from '@kindred/shared';
import type { MailMessage } from '../../lib/mailer.js';
import { renderPdf, pdfRow as row } from '../../lib/pdf.js';
import { charityOnReceipt } from './receipts.js';

/* Credit notes: what a refund gave back, numbered KC-<year>-<number> (docs/product/refunds-and-disputes.md#what-follows-a-refund). */

const day = (iso: string) => iso.slice(0, 10);

const recipient = (donation: Donation) =>
  donation.project ? `${donation.project.title} (${donation.charity.name})` : donation.charity.name;

/** Where the money went, in words. */
export function refundedTo(refund: Pick<Refund, 'to'>): string {
  if (refund.to === 'card') return 'the card it was paid with';
  if (refund.to === 'credits') return 'Kindred credits';
  return 'the Kindred wallet it was given from';
}

/** Links a giver's mail carries: their donations when signed in, the gift's own page without. */
export interface GiftLinks {
  donations: string;
  manage: string;
}

/** The credit note of one refund, as a PDF. */
export function creditNotePdf(
  donation: Donation,
  refund: Refund,
  currency: string,
  registrationNumber: string | null,
): Promise<Buffer> {
  return renderPdf('Kindred', (doc) => {
    doc.font('bold').fontSize(20).text('Kindred');
    doc.font('body').fontSize(12).text('Credit note').moveDown();
    row(doc, 'Credit note number', refund.credit_note_number ?? '');
    row(doc, 'Date', day(refund.created_at));
    row(doc, 'For receipt', donation.receipt_number ?? '');
    row(doc, 'Gift of', `${formatMoney(donation.amount ?? 0, currency)} on ${day(donation.created_at)}`);
    row(doc, 'From', donation.donor.name);
    row(doc, 'To', recipient(donation));
    row(doc, 'Charity', charityOnReceipt(donation.charity.name, registrationNumber));
    row(doc, 'Refunded', formatMoney(refund.amount, currency));
    row(doc, 'Returned to', refundedTo(refund));
    row(doc, 'Reason', refund.reason);
    const left = (donation.amount ?? 0) - donation.refunded_amount;
    row(doc, 'Gift after refunds', formatMoney(left, currency));
    if (donation.gift_aid)
      row(doc, 'Gift Aid', `${formatMoney(donation.gift_aid_amount, currency)} on what is left of the gift`);
    doc.moveDown();
    doc
      .fontSize(9)
      .text(
        'This credit note cancels the refunded part of the receipt above. Keep it with that receipt for your records.',
      );
  });
}

/** The mail of a credit note: what came back, where to, and where to download the PDF. */
export function creditNoteMail(
  donation: Donation,
  refund: Refund,
  to: string,
  currency: string,
  links: GiftLinks,
): MailMessage {
  const number = refund.credit_note_number ?? '';
  const amount = formatMoney(refund.amount, currency);
  const guest = donation.donor.kind === 'guest';
  return {
    to,
    subject: `Your refund of ${amount}: credit note ${number}`,
    text: [
      `${amount} of your gift to ${recipient(donation)} has been refunded to ${refundedTo(refund)}.`,
      `Reason: ${refund.reason}`,
      refund.to === 'card' ? 'Card refunds usually reach your account within 5 to 10 working days.' : '',
      guest
        ? `Credit note number: ${number}. See your gift and download the credit note (PDF): ${links.manage}`
        : `Credit note number: ${number}. Download the credit note (PDF) from your donations: ${links.donations}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}
