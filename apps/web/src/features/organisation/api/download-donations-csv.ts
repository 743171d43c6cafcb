import { type ReportFilter, reportQuery } from '@/entities/organisation';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /business/donations_csv/{id}: the organisation's donations as CSV (made on the server with csv-stringify). */
export async function downloadDonationsCsv(id: number, filter: ReportFilter): Promise<void> {
  const file = await api.download(`/business/donations_csv/${id}`, {
    query: reportQuery(filter),
    headers: { Accept: 'text/csv' },
  });
  saveFile(file, `kindred-organisation-donations-${filter.range.from}-${filter.range.to}.csv`);
}
