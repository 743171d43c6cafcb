import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { managePath } from './get-manage-view';

/**
 * GET /manage/{token}/receipt: the receipt PDF of the link's gift, saved under the server's name
 * (docs/product/card-gifts.md#manage-from-the-mail). A refusal shows as the error toast.
 */
export async function downloadManageReceipt(token: string, fallbackName: string): Promise<void> {
  const file = await api.download(`${managePath(token)}/receipt`, {
    anonymous: true,
    headers: { Accept: 'application/pdf' },
  });
  saveFile(file, fallbackName);
}
