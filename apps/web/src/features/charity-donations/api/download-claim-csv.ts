import { api } from '@/lib/api-client';
import { saveCsv } from '@/lib/save-file';

/** The name the saved file gets. */
export function claimFileName(claimId: number): string {
  return `gift-aid-claim-${claimId}.csv`;
}

/**
 * GET /charity/{id}/gift_aid/claims/{claimId}/csv (HMRC's schedule layout) through the API client,
 * so the bearer token goes in the header, then saved as a file.
 */
export async function downloadClaimCsv(charityId: number, claimId: number): Promise<void> {
  const csv = await api.get<unknown>(`/charity/${charityId}/gift_aid/claims/${claimId}/csv`, {
    headers: { Accept: 'text/csv' },
  });
  saveCsv(csv, claimFileName(claimId));
}
