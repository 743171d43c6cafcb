import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /business/{id}/invoices/{invoiceId}/pdf, saved under the server's name. */
export async function downloadInvoice(businessId: number, invoiceId: number, number: string): Promise<void> {
  const file = await api.download(`/business/${businessId}/invoices/${invoiceId}/pdf`, {
    headers: { Accept: 'application/pdf' },
  });
  saveFile(file, `kindred-${number}.pdf`);
}
