import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type StatementFormat = 'pdf' | 'csv';

/** GET /user/giving_statement/{from}/{to}?format=pdf|csv: the giving statement of a date range. */
export async function downloadGivingStatement(
  from: string,
  to: string,
  format: StatementFormat,
): Promise<void> {
  const file = await api.download(`/user/giving_statement/${from}/${to}`, {
    query: { format },
    headers: { Accept: format === 'pdf' ? 'application/pdf' : 'text/csv' },
  });
  saveFile(file, `kindred-giving-${from}-to-${to}.${format}`);
}
