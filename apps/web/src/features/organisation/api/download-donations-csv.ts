import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /business/donations_csv/{id}: the organisation's donations as CSV (made on the server with csv-stringify). */
export async function downloadDonationsCsv(id: number, includeSub: boolean): Promise<void> {
  const file = await api.download(`/business/donations_csv/${id}`, {
    query: { include_sub_businesses: includeSub ? 'true' : 'false' },
    headers: { Accept: 'text/csv' },
  });
  saveFile(file, 'kindred-organisation-donations.csv');
}
