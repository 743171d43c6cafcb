import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /user/donation/{id}/receipt: the receipt PDF of an approved or completed gift of funds. */
export async function downloadReceipt(donationId: number): Promise<void> {
  const file = await api.download(`/user/donation/${donationId}/receipt`, {
    headers: { Accept: 'application/pdf' },
  });
  saveFile(file, `kindred-receipt-${donationId}.pdf`);
}
