import {
  type Donation,
  formatMoney,
  GIFT_TYPES,
  GIVING_TYPE,
  GIVING_TYPES,
  labelOf,
  SKILL_TYPES,
} from '@kindred/shared';
import { csvMoney, toCsv } from '../../lib/csv.js';
import type { MailMessage } from '../../lib/mailer.js';
import { renderPdf, pdfRow as row } from '../../lib/pdf.js';

/* Receipts, giving statements and Gift Aid claim files: real PDF (pdfkit) and CSV (csv-stringify). */

const day = (iso: string) => iso.slice(0, 10);

/** The parts of a donation that say what it gave. */
export type GivenParts = Pick<
  Donation,
  'type' | 'amount' | 'hours' | 'confirmed_hours' | 'skill_type' | 'quantity' | 'gift_type' | 'description'
>;

/** What a donation gave, in words: "₹50", "6 hours of volunteering", "3 × Clothing or Bedding: coats". */
export function whatWasGiven(donation: GivenParts, currency: string): string {
  switch (donation.type) {
    case GIVING_TYPE.funds:
      return formatMoney(donation.amount ?? 0, currency);
    case GIVING_TYPE.volunteering:
      return `${donation.confirmed_hours ?? donation.hours ?? 0} hours of volunteering`;
    case GIVING_TYPE.skilledVolunteering:
      return `${donation.confirmed_hours ?? donation.hours ?? 0} hours of ${labelOf(SKILL_TYPES, donation.skill_type) ?? 'skilled volunteering'}`;
    case GIVING_TYPE.gifts:
      return `${donation.quantity ?? 1} × ${labelOf(GIFT_TYPES, donation.gift_type) ?? 'Gift'}: ${donation.description ?? ''}`;
    default:
      return labelOf(GIVING_TYPES, donation.type) ?? 'Donation';
  }
}

const recipient = (donation: Donation) =>
  donation.project ? `${donation.project.title} (${donation.charity.name})` : donation.charity.name;

/** The charity as a receipt names it: "River Trust, registered charity number 1234567". */
export const charityOnReceipt = (name: string, registrationNumber: string | null) =>
  registrationNumber ? `${name}, registered charity number ${registrationNumber}` : name;

/**
 * The receipt of one approved gift of funds, as a PDF. `registrationNumber` is the receiving
 * charity's (receipts name the charity with its number).
 */
export function receiptPdf(
  donation: Donation,
  currency: string,
  registrationNumber: string | null,
): Promise<Buffer> {
  return renderPdf('Kindred', (doc) => {
    doc.font('bold').fontSize(20).text('Kindred');
    doc.font('body').fontSize(12).text('Donation receipt').moveDown();
    row(doc, 'Receipt number', donation.receipt_number ?? '');
    row(doc, 'Date', day(donation.created_at));
    row(doc, 'From', donation.donor.name);
    row(doc, 'To', recipient(donation));
    row(doc, 'Charity', charityOnReceipt(donation.charity.name, registrationNumber));
    row(doc, 'Amount', formatMoney(donation.amount ?? 0, currency));
    if (donation.gift_aid)
      row(doc, 'Gift Aid', `${formatMoney(donation.gift_aid_amount, currency)} to be claimed by the charity`);
    row(doc, 'Paid from', donation.source === 'credits' ? 'Kindred credits' : 'Kindred wallet');
    doc.moveDown();
    doc
      .fontSize(9)
      .text(
        'Thank you for your gift. Keep this receipt for your records. No goods or services were provided in return for this donation.',
      );
  });
}

/**
 * The mail of a receipt: its number in the subject and the text, and where to download the PDF
 * (rendered on demand by GET /user/donation/{id}/receipt, never inside the gift's request).
 */
export function receiptMail(
  donation: Donation,
  to: string,
  currency: string,
  downloadUrl: string,
  registrationNumber: string | null,
  manageUrl?: string,
): MailMessage {
  const number = donation.receipt_number ?? '';
  return {
    to,
    subject: `Your donation receipt ${number}`,
    text: [
      `Thank you for giving ${formatMoney(donation.amount ?? 0, currency)} to ${recipient(donation)}.`,
      `Charity: ${charityOnReceipt(donation.charity.name, registrationNumber)}.`,
      donation.gift_aid
        ? `With Gift Aid, the charity can claim ${formatMoney(donation.gift_aid_amount, currency)} more.`
        : '',
      donation.donor.kind === 'guest' && manageUrl
        ? `Receipt number: ${number}. See your gift and download the receipt (PDF): ${manageUrl}`
        : `Receipt number: ${number}. Download the receipt (PDF) from your donations: ${downloadUrl}`,
      donation.donor.kind === 'guest'
        ? `Make an account with this email, or sign in with it, and this gift shows in your giving.`
        : manageUrl
          ? donation.subscription_id
            ? `See this recurring gift, pause it, change its amount or card, or cancel it, without signing in: ${manageUrl}`
            : `See this gift and download its receipt without signing in: ${manageUrl}`
          : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

/** Totals of a statement: funds, Gift Aid, hours and gifts (only what reached or was promised). */
export function statementTotals(donations: Donation[]) {
  const counted = donations.filter((d) => d.status === 80 || d.status === 85 || d.status === 30);
  const sum = (pick: (d: Donation) => number) => counted.reduce((total, d) => total + pick(d), 0);
  return {
    funds: sum((d) => (d.type === GIVING_TYPE.funds ? (d.amount ?? 0) - d.refunded_amount : 0)),
    giftAid: sum((d) => (d.type === GIVING_TYPE.funds ? d.gift_aid_amount : 0)),
    volunteering: sum((d) => (d.type === GIVING_TYPE.volunteering ? (d.confirmed_hours ?? d.hours ?? 0) : 0)),
    skilled: sum((d) =>
      d.type === GIVING_TYPE.skilledVolunteering ? (d.confirmed_hours ?? d.hours ?? 0) : 0,
    ),
    gifts: sum((d) => (d.type === GIVING_TYPE.gifts ? (d.quantity ?? 0) : 0)),
  };
}

/** A giving statement for a date range, as a PDF. */
export function statementPdf(
  donations: Donation[],
  range: { from: string; to: string; name: string },
  currency: string,
): Promise<Buffer> {
  const totals = statementTotals(donations);
  return renderPdf('Kindred', (doc) => {
    doc.font('bold').fontSize(20).text('Kindred');
    doc.font('body').fontSize(12).text(`Giving statement for ${range.name}`);
    doc.fontSize(10).text(`${range.from} to ${range.to}`).moveDown();
    row(doc, 'Funds given', formatMoney(totals.funds, currency));
    row(doc, 'Gift Aid added', formatMoney(totals.giftAid, currency));
    row(doc, 'Volunteering', `${totals.volunteering} hours`);
    row(doc, 'Skilled volunteering', `${totals.skilled} hours`);
    row(doc, 'Gifts', `${totals.gifts} items`);
    doc.moveDown();
    if (donations.length === 0) doc.text('No donations in this period.');
    for (const d of donations) {
      doc
        .font('bold')
        .fontSize(9)
        .text(`${day(d.created_at)}  ${whatWasGiven(d, currency)}`, { continued: true })
        .font('body')
        .text(
          `  to ${recipient(d)}, ${d.status_label}${d.receipt_number ? `, receipt ${d.receipt_number}` : ''}${d.refunded_amount > 0 ? `, ${formatMoney(d.refunded_amount, currency)} refunded` : ''}`,
        );
    }
  });
}

/** The same statement as CSV, one row per donation. */
export function statementCsv(donations: Donation[], currency: string): string {
  return toCsv({
    columns: ['date', 'kind', 'to', 'what', 'amount', 'refunded', 'gift_aid', 'hours', 'status', 'receipt'],
    rows: donations.map((d) => ({
      date: day(d.created_at),
      kind: labelOf(GIVING_TYPES, d.type) ?? '',
      to: recipient(d),
      what: whatWasGiven(d, currency),
      amount: d.type === GIVING_TYPE.funds ? csvMoney(d.amount ?? 0) : '',
      refunded: d.refunded_amount > 0 ? csvMoney(d.refunded_amount) : '',
      gift_aid: d.gift_aid ? csvMoney(d.gift_aid_amount) : '',
      hours: d.confirmed_hours ?? d.hours ?? '',
      status: d.status_label,
      receipt: d.receipt_number ?? '',
    })),
  });
}

export interface ClaimLine {
  title: string | null;
  firstName: string;
  lastName: string;
  house: string;
  postCode: string;
  date: string;
  amount: number;
}

/**
 * A Gift Aid claim in the layout of HMRC's Gift Aid schedule: title, first name, last name, house
 * name or number, postcode, aggregated donations, sponsored, donation date (DD/MM/YY), amount.
 */
export function giftAidClaimCsv(lines: ClaimLine[]): string {
  const ddmmyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
  return toCsv({
    header: [
      'Title',
      'First name or initial',
      'Last name',
      'House name or number',
      'Postcode',
      'Aggregated donations',
      'Sponsored event',
      'Donation date (DD/MM/YY)',
      'Amount',
    ],
    rows: lines.map((line) => [
      line.title ?? '',
      line.firstName,
      line.lastName,
      line.house,
      line.postCode.toUpperCase(),
      '',
      '',
      ddmmyy(line.date),
      csvMoney(line.amount),
    ]),
  });
}
