import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * A gift's PDF (its receipt, a refund's credit note), saved under the server's name or `fallbackName`:
 * from `managePath` with a mail's manage link's token, without the session (the link is the access),
 * else from `signedInPath`. A refusal shows as the error toast (the API client's).
 */
export async function downloadGiftPdf({
  signedInPath,
  manageToken,
  managePath,
  fallbackName,
}: {
  signedInPath: string;
  manageToken: string | undefined;
  /** The path under the manage link's token, e.g. 'receipt'. */
  managePath: string;
  fallbackName: string;
}): Promise<void> {
  const path =
    manageToken === undefined ? signedInPath : `/manage/${encodeURIComponent(manageToken)}/${managePath}`;
  const file = await api.download(path, {
    ...(manageToken === undefined ? {} : { anonymous: true }),
    headers: { Accept: 'application/pdf' },
  });
  saveFile(file, fallbackName);
}
