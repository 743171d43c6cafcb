import { formatMoney, type Invoice, PLAN_FEE_TYPES } from '@kindred/shared';
import { renderPdf, pdfRow as row } from '../../lib/pdf.js';

/* The PDF of a subscription invoice (pdfkit, as the receipts are). */

/** One invoice as a PDF: number, organisation, period, plan, discount and amounts. */
export function invoicePdf(invoice: Invoice, businessName: string): Promise<Buffer> {
  return renderPdf(`Kindred invoice ${invoice.number}`, (doc) => {
    const money = (amount: number) => formatMoney(amount, invoice.currency);
    const feeType = PLAN_FEE_TYPES.find((type) => type.id === invoice.fee_type)?.label ?? '';

    doc.font('bold').fontSize(20).text('Kindred');
    doc.font('body').fontSize(12).text('Subscription invoice').moveDown();
    row(doc, 'Invoice number', invoice.number);
    row(doc, 'Date', invoice.created_at.slice(0, 10));
    row(doc, 'Billed to', businessName);
    row(doc, 'Period', `${invoice.period_start} to ${invoice.period_end}`);
    row(doc, 'Plan', `${invoice.plan_name} (${feeType.toLowerCase()} fee)`);
    doc.moveDown();
    row(doc, 'Plan fee', money(invoice.subtotal));
    row(
      doc,
      'Discount',
      invoice.discount_code ? `−${money(invoice.discount)} (code ${invoice.discount_code})` : money(0),
    );
    row(doc, 'Total', money(invoice.total));
    doc.moveDown();
    row(
      doc,
      'Status',
      invoice.status === 'paid'
        ? `Paid ${invoice.paid_at?.slice(0, 10) ?? ''} ${invoice.payment_method === 'wallet' ? 'from the organisation’s Kindred wallet' : 'by direct debit'}`
        : 'Due',
    );
    doc.moveDown();
    doc.fontSize(9).text('Thank you for running your giving with Kindred.');
  });
}
