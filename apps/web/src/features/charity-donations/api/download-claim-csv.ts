import { api } from '@/lib/api-client';

/** The name the saved file gets. */
export function claimFileName(claimId: number): string {
  return `gift-aid-claim-${claimId}.csv`;
}

/**
 * GET /charity/{id}/gift_aid/claims/{claimId}/csv (HMRC's schedule layout) through the API client,
 * so the bearer token goes in the header, then saved through a temporary object URL and link.
 */
export async function downloadClaimCsv(charityId: number, claimId: number): Promise<void> {
  const csv = await api.get<unknown>(`/charity/${charityId}/gift_aid/claims/${claimId}/csv`, {
    headers: { Accept: 'text/csv' },
  });
  // The client hands back text it cannot read as JSON, which a CSV with its header row always is.
  const text = typeof csv === 'string' ? csv : JSON.stringify(csv);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = claimFileName(claimId);
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
