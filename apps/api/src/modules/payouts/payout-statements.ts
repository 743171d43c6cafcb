import { formatMoney, type Payout } from '@kindred/shared';
import { csvMoney, toCsv } from '../../lib/csv.js';
import { renderPdf, pdfRow as row } from '../../lib/pdf.js';
import type { StatementGift } from '../donations/index.js';

/* A payout's statement: the gifts it pays, as PDF (pdfkit) and CSV (csv-stringify). */

export interface StatementLine extends StatementGift {
  donationId: number;
  /** What of the gift this payout pays. */
  paid: number;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function payoutStatementPdf(
  payout: Payout,
  lines: StatementLine[],
  currency: string,
): Promise<Buffer> {
  return renderPdf('Kindred', (doc) => {
    doc.font('bold').fontSize(20).text('Kindred');
    doc.font('body').fontSize(12).text(`Payout statement for ${payout.charity.name}`).moveDown();
    row(doc, 'Payout', String(payout.id));
    row(doc, 'Amount', formatMoney(payout.amount, currency));
    row(doc, 'Status', payout.status);
    row(doc, 'Asked for', day(payout.created_at));
    if (payout.paid_at) row(doc, 'Paid', `${day(payout.paid_at)}, transfer ${payout.transfer_id ?? ''}`);
    if (payout.failure_message) row(doc, 'Not paid', payout.failure_message);
    row(doc, 'Gifts', String(lines.length));
    doc.moveDown();
    if (lines.length === 0) doc.text('No gifts are linked to this payout.');
    for (const line of lines) {
      doc
        .font('bold')
        .fontSize(9)
        .text(`${line.date}  ${formatMoney(line.paid, currency)}`, { continued: true })
        .font('body')
        .text(
          `  from ${line.giver}, to ${line.to}${line.receipt ? `, receipt ${line.receipt}` : ''}${line.paid < line.amount - line.refunded ? ` (part of ${formatMoney(line.amount - line.refunded, currency)})` : ''}`,
        );
    }
  });
}

export function payoutStatementCsv(lines: StatementLine[]): string {
  return toCsv({
    columns: ['date', 'donation', 'giver', 'to', 'receipt', 'gift', 'refunded', 'paid_in_this_payout'],
    rows: lines.map((line) => ({
      date: line.date,
      donation: line.donationId,
      giver: line.giver,
      to: line.to,
      receipt: line.receipt ?? '',
      gift: csvMoney(line.amount),
      refunded: csvMoney(line.refunded),
      paid_in_this_payout: csvMoney(line.paid),
    })),
  });
}
