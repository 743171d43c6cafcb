import type { Payout } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type StatementFormat = 'pdf' | 'csv';

/**
 * GET /charity/{id}/payouts/{payoutId}/statement?format=pdf|csv: the gifts a payout pays, saved as
 * a file (the charity's admins and platform admins alike).
 */
export async function downloadStatement(
  payout: Pick<Payout, 'id' | 'charity'>,
  format: StatementFormat,
): Promise<void> {
  const file = await api.download(`/charity/${payout.charity.id}/payouts/${payout.id}/statement`, {
    query: { format },
    headers: { Accept: format === 'pdf' ? 'application/pdf' : 'text/csv' },
  });
  saveFile(file, `kindred-payout-${payout.id}.${format}`);
}
