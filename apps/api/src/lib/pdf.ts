import { createRequire } from 'node:module';

/* PDF documents (receipts, statements, invoices) with pdfkit, in a font with every currency sign. */

const require = createRequire(import.meta.url);
/** A font with every currency sign (the standard PDF fonts have no rupee sign). */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

type PdfKit = typeof import('pdfkit');
let pdfkit: Promise<PdfKit> | undefined;
/** pdfkit (about 28 MB resident) loads with the first document, not with the app. */
const loadPdfKit = () => {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  return pdfkit;
};

/**
 * Draws one A4 document and answers its bytes. `body` and `bold` are the registered fonts; the
 * body font is set before `draw` runs.
 */
export async function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Kindred' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('body', FONT);
    doc.registerFont('bold', FONT_BOLD);
    doc.font('body');
    draw(doc);
    doc.end();
  });
}

/** A labelled line: the label in bold, its value after it. */
export function pdfRow(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('bold').fontSize(10).text(label, { continued: true }).font('body').text(`  ${value}`);
}
